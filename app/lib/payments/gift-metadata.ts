import { FORM_FREQUENCIES, GENERAL_DONATION, PURPOSE_MAX_LENGTH, type FormFrequency } from "~/domain/giving/gift-options";
import type { Metadata } from "./provider-objects";

/**
 * Who gave, and for what: carried as metadata on every checkout session, payment intent
 * and subscription this site creates, so every later provider event can be attributed
 * (and events from anything else on the same provider account are left alone).
 *
 * `purpose` names the fund the gift was given to; which purposes are open is the giving
 * services' to decide when the gift is recorded, so here any purpose's words are kept.
 * `designation` says what a quick-pay gift was for ("Zakat al-Fitr for 5 people").
 */
export interface GiftMetadata {
  donorName: string;
  donorEmail: string;
  purpose: string;
  designation: string;
  frequency: FormFrequency;
}

/** The provider keeps metadata values up to 500 characters. */
const PROVIDER_VALUE_LIMIT = 500;

export function toProviderMetadata(gift: GiftMetadata): Metadata {
  return {
    donor_name: gift.donorName,
    donor_email: gift.donorEmail,
    purpose: gift.purpose,
    // Only when there is one: an empty value is no value to the provider.
    ...(gift.designation ? { designation: gift.designation.slice(0, PROVIDER_VALUE_LIMIT) } : {}),
    frequency: gift.frequency,
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
  };
}
