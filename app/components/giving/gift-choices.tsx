import type { FieldMetadata } from "@conform-to/react";
import type { CardFee } from "~/domain/giving/fee-cover";

/**
 * What a donor may add to any gift, on every donate form (the donate page, quick pay, an
 * appeal's page): give anonymously, cover the card fee, give in someone's name.
 *
 * BEING WRITTEN (issue 15, helper "donor choices"): the props below are the agreed
 * interface; the body is filled in by that helper.
 */
export interface GiftChoicesProps {
  /** The conform fields of the form: `anonymous`, `cover_fees` (checkboxes) and `tribute` (an object: kind, name, email). */
  fields: {
    anonymous: FieldMetadata<boolean | string | undefined>;
    cover_fees: FieldMetadata<boolean | string | undefined>;
    tribute: FieldMetadata<{ kind?: string; name?: string; email?: string } | undefined>;
  };
  /** The gift as typed now, in cents (0 while the amount is not usable): the fee cover is worked out from it. */
  giftCents: number;
  /** The foundation's card fee, from the loader (currentCardFee). */
  cardFee: CardFee;
  /** Where the gift goes, for "so that all of your gift reaches {destination}": "the appeal", "Zakat al-Mal"... */
  destination: string;
  /** Zakat-bound: the fee cover explains that the whole Zakat then reaches its recipients. */
  isZakat: boolean;
}

export function GiftChoices(_props: GiftChoicesProps) {
  return null;
}
