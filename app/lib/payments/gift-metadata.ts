import {
  FORM_FREQUENCIES,
  GENERAL_DONATION,
  PURPOSE_MAX_LENGTH,
  type FormFrequency,
  TRIBUTE_KINDS,
  type Tribute,
} from "~/giving/donate";
import type { Metadata } from "./provider-objects";

/**
 * Who gave, and for what: carried as metadata on every checkout session, payment intent
 * and subscription this site creates, so every later provider event can be attributed
 * (and events from anything else on the same provider account are left alone).
 *
 * `purpose` names the fund the gift was given to; which purposes are open is the giving
 * services' to decide when the gift is recorded, so here any purpose's words are kept.
 * `designation` says what a quick-pay gift was for ("Zakat al-Fitr for 5 people").
 * `appealId` is the appeal the gift answers (its fund is the purpose's). `feeCoverCents`
 * is the part of each charge the donor added to cover the card fee: the gift is the rest.
 */
export interface GiftMetadata {
  donorName: string;
  donorEmail: string;
  purpose: string;
  designation: string;
  frequency: FormFrequency;
  appealId: number | null;
  anonymous: boolean;
  feeCoverCents: number;
  tribute: Tribute | null;
}

/** The provider keeps metadata values up to 500 characters. */
const PROVIDER_VALUE_LIMIT = 500;

export function toProviderMetadata(gift: GiftMetadata): Metadata {
  // Only what there is: an empty value is no value to the provider.
  return {
    donor_name: gift.donorName,
    donor_email: gift.donorEmail,
    purpose: gift.purpose,
    ...(gift.designation ? { designation: gift.designation.slice(0, PROVIDER_VALUE_LIMIT) } : {}),
    frequency: gift.frequency,
    ...(gift.appealId ? { appeal: String(gift.appealId) } : {}),
    ...(gift.anonymous ? { anonymous: "1" } : {}),
    ...(gift.feeCoverCents > 0 ? { fee_cover_cents: String(gift.feeCoverCents) } : {}),
    ...(gift.tribute
      ? {
          tribute_kind: gift.tribute.kind,
          tribute_name: gift.tribute.name.slice(0, PROVIDER_VALUE_LIMIT),
          ...(gift.tribute.email ? { tribute_email: gift.tribute.email.slice(0, PROVIDER_VALUE_LIMIT) } : {}),
        }
      : {}),
  };
}

/** The gift described by provider metadata, or null when the object was not made by this site. */
export function readGiftMetadata(metadata: Metadata | null | undefined): GiftMetadata | null {
  if (!metadata) return null;
  const { donor_name, donor_email, purpose, designation, frequency } = metadata;
  if (!(FORM_FREQUENCIES as readonly string[]).includes(frequency ?? "")) return null;
  const named = (purpose ?? "").trim();
  return {
    donorName: donor_name ?? "",
    donorEmail: donor_email ?? "",
    purpose: named && named.length <= PURPOSE_MAX_LENGTH ? named : GENERAL_DONATION,
    designation: (designation ?? "").trim().slice(0, PROVIDER_VALUE_LIMIT),
    frequency: frequency as FormFrequency,
    appealId: positiveWhole(metadata.appeal),
    anonymous: metadata.anonymous === "1",
    feeCoverCents: positiveWhole(metadata.fee_cover_cents) ?? 0,
    tribute: readTribute(metadata),
  };
}

function positiveWhole(value: string | undefined): number | null {
  return value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function readTribute(metadata: Metadata): Tribute | null {
  const kind = metadata.tribute_kind as Tribute["kind"] | undefined;
  const name = (metadata.tribute_name ?? "").trim();
  if (!kind || !(TRIBUTE_KINDS as readonly string[]).includes(kind) || !name) return null;
  return { kind, name, email: (metadata.tribute_email ?? "").trim() };
}

/**
 * What a charge of `totalCents` was: the gift, and the fee cover the donor added. A
 * charge smaller than its fee cover (never made by this site) is all gift.
 */
export function splitCharge(totalCents: number, feeCoverCents: number): { giftCents: number; feeCoverCents: number } {
  if (feeCoverCents <= 0 || totalCents <= feeCoverCents) return { giftCents: totalCents, feeCoverCents: 0 };
  return { giftCents: totalCents - feeCoverCents, feeCoverCents };
}
