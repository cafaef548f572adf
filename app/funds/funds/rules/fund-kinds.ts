/**
 * What kind of money a fund holds. The four obligation funds (Zakat al-Mal, Zakat
 * al-Fitr, Fidya, Kaffarah) and general Sadaqa are the foundation's fixed funds: they are
 * never renamed or archived. Staff add, describe and archive restricted Sadaqa funds.
 */
export const FUND_KINDS = ["general", "zakat", "obligation", "restricted"] as const;
export type FundKind = (typeof FUND_KINDS)[number];

/** Zakat-bound: given only to the eight categories of recipients, tracked per lunar year. */
export function isZakatBound(kind: FundKind): boolean {
  return kind === "zakat";
}

/** Obligation-bound: Zakat, Fidya and Kaffarah are owed by the donor, not voluntary. */
export function isObligationBound(kind: FundKind): boolean {
  return kind === "zakat" || kind === "obligation";
}

/** Only restricted Sadaqa funds can be archived (they leave the donate form, keep their history). */
export function canBeArchived(kind: FundKind): boolean {
  return kind === "restricted";
}

/** The slugs of the fixed funds, which code names directly. */
export const FUND_SLUGS = {
  sadaqa: "sadaqa",
  zakatAlMal: "zakat-al-mal",
  zakatAlFitr: "zakat-al-fitr",
  fidya: "fidya",
  kaffarah: "kaffarah",
} as const;

export const FUND_KIND_LABELS: Record<FundKind, string> = {
  general: "Sadaqa (general)",
  zakat: "Zakat",
  obligation: "Obligation",
  restricted: "Restricted Sadaqa",
};

/** Zakat and the obligations in their usual spellings, accents set aside ("Zakāt", "Kaffāra"). */
const OBLIGATION_WORDS = /zakat|zakah|fitr|fidya|kaffar|kafara/;

/**
 * A restricted fund holds Sadaqa: a name that says Zakat, Zakat al-Fitr, Fidya or
 * Kaffarah would have donors give an obligation to a fund that is not kept for it.
 */
export function soundsLikeAnObligation(name: string): boolean {
  const plain = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  return OBLIGATION_WORDS.test(plain);
}
