import { DONATION_PURPOSES, FORM_FREQUENCIES, type DonationPurpose, type FormFrequency } from "~/domain/giving/gift-options";
import type { Metadata } from "./provider-objects";

/**
 * Who gave, and for what: carried as metadata on every checkout session, payment intent
 * and subscription this site creates, so every later provider event can be attributed
 * (and events from anything else on the same provider account are left alone).
 */
export interface GiftMetadata {
  donorName: string;
  donorEmail: string;
  purpose: DonationPurpose;
  frequency: FormFrequency;
}

export function toProviderMetadata(gift: GiftMetadata): Metadata {
  return {
    donor_name: gift.donorName,
    donor_email: gift.donorEmail,
    purpose: gift.purpose,
    frequency: gift.frequency,
  };
}

/** The gift described by provider metadata, or null when the object was not made by this site. */
export function readGiftMetadata(metadata: Metadata | null | undefined): GiftMetadata | null {
  if (!metadata) return null;
  const { donor_name, donor_email, purpose, frequency } = metadata;
  if (!(FORM_FREQUENCIES as readonly string[]).includes(frequency ?? "")) return null;
  return {
    donorName: donor_name ?? "",
    donorEmail: donor_email ?? "",
    purpose: (DONATION_PURPOSES as readonly string[]).includes(purpose ?? "") ? (purpose as DonationPurpose) : "General Donation",
    frequency: frequency as FormFrequency,
  };
}
