import { todayIn } from "~/shared/dates";
import { dateTimeFormat } from "~/shared/formatters";
import { formatHijri } from "~/shared/hijri";
import type { Organisation } from "~/shared/foundation";
import type { MailParts } from "~/mail/queue";
import { formatExactCents } from "~/shared/money";

/**
 * A gift's receipt, as the donor files it with their taxes: the same facts in the email
 * and on the printable page. Pure, so both render it alike.
 */
export interface ReceiptGift {
  id: number;
  name: string;
  amount_cents: number;
  frequency: string;
  purpose: string;
  /** The fund the gift landed in ("Zakat al-Mal"). */
  fund: string;
  /** Zakat-bound: given only to the eight categories of recipients. */
  is_zakat: boolean;
  /** What it was for ("Zakat al-Fitr for 5 people"), or "". */
  designation: string;
  donated_at: string;
  payment_method: string;
  is_test: boolean;
  /** What the donor added to cover the card fee (0 for none): shown beside the gift, never in it. */
  fee_cover_cents: number;
  /** The appeal the gift answered, or "". */
  appeal: string;
  /** "In memory of Fatima Ahmed", or "". */
  tribute: string;
  /** The donor asked that their name never appear on a public page. */
  anonymous: boolean;
}

/** The calendar year of a moment where the foundation is (SITE_TIMEZONE): receipts and statements agree on it. */
export function yearIn(iso: string, timeZone: string): number {
  return Number(dateTimeFormat("en-US", { year: "numeric", timeZone }).format(new Date(iso)));
}

/** R-2026-000123: the year given (where the foundation is) and the gift's number, which never changes. */
export function receiptNumber(gift: Pick<ReceiptGift, "id" | "donated_at">, timeZone: string): string {
  return `R-${yearIn(gift.donated_at, timeZone)}-${String(gift.id).padStart(6, "0")}`;
}

export function receiptDate(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }).format(new Date(iso));
}

/**
 * The same day in the Hijri calendar ("22 Rajab 1448 AH"): a donor keeps the year of their
 * Zakat (the hawl) by it, so every receipt gives both.
 */
export function receiptHijriDate(iso: string, timeZone: string): string {
  return formatHijri(todayIn(timeZone, new Date(iso)));
}

export const NO_GOODS_OR_SERVICES = "No goods or services were provided in exchange for this contribution.";
export const ZAKAT_PROMISE = "Your Zakat is kept apart and given only to those eligible to receive it.";

/** The receipt's lines, label and value, in the order both the mail and the page show them. */
export function receiptLines(gift: ReceiptGift, timeZone: string): [string, string][] {
  return [
    ["Receipt number", receiptNumber(gift, timeZone)],
    ["Date", receiptDate(gift.donated_at, timeZone)],
    ["Hijri date", receiptHijriDate(gift.donated_at, timeZone)],
    ["Amount", `${formatExactCents(gift.amount_cents)} USD`],
    ...optional(gift.fee_cover_cents > 0, "Card fee covered", `${formatExactCents(gift.fee_cover_cents)} USD`),
    ...optional(
      gift.fee_cover_cents > 0,
      "Total given",
      `${formatExactCents(gift.amount_cents + gift.fee_cover_cents)} USD`,
    ),
    ["Purpose", gift.purpose || "General Donation"],
    ["Fund", gift.fund],
    ...optional(Boolean(gift.appeal), "Appeal", gift.appeal),
    ...optional(Boolean(gift.designation), "Given for", gift.designation),
    ...optional(Boolean(gift.tribute), "Tribute", gift.tribute),
    ["Frequency", gift.frequency],
    ["Donor", gift.name],
    ...optional(gift.anonymous, "On our public pages", "Anonymous"),
  ];
}

function optional(shown: boolean, label: string, value: string): [string, string][] {
  return shown ? [[label, value]] : [];
}

export function receiptMail(
  gift: ReceiptGift,
  organisation: Organisation,
  links: { receipt: string; myGiving: string },
  timeZone: string,
): MailParts {
  const zakat = gift.is_zakat;
  return {
    subject: `${gift.is_test ? "[Test] " : ""}Your receipt ${receiptNumber(gift, timeZone)}: ${formatExactCents(gift.amount_cents + gift.fee_cover_cents)} to ${organisation.legalName}`,
    greeting: `Dear ${gift.name},`,
    paragraphs: [
      `Thank you for your ${zakat ? "Zakat" : "gift"}. This is your receipt; please keep it for your records.`,
      receiptLines(gift, timeZone)
        .map(([label, value]) => `${label}: ${value}`)
        .join("\n"),
      ...(zakat ? [ZAKAT_PROMISE] : []),
      NO_GOODS_OR_SERVICES,
      `${organisation.legalName}\n${organisation.address}\nTax ID: ${organisation.taxId}`,
      ...(gift.is_test ? ["This was a test payment: no money moved."] : []),
    ],
    action: { label: "View and print your receipt", url: links.receipt },
    note: `Every gift you have given, with its receipt, and your monthly or yearly gifts: ${links.myGiving}`,
  };
}
