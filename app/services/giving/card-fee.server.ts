import { DEFAULT_CARD_FEE, type CardFee } from "~/domain/giving/fee-cover";
import { settingValues } from "~/services/content";

/**
 * The card fee staff set (Settings: card_fee_percent, card_fee_fixed), which the fee a
 * donor may cover is worked out from. A missing or garbled value falls back to the usual
 * card price, so a donor is never asked for a wrong amount.
 */
export async function currentCardFee(): Promise<CardFee> {
  const values = await settingValues(["card_fee_percent", "card_fee_fixed"]);
  const percent = Number(values.get("card_fee_percent"));
  const fixed = Number(values.get("card_fee_fixed"));
  return {
    basisPoints: Number.isFinite(percent) && percent >= 0 && percent <= 20 && values.has("card_fee_percent") ? Math.round(percent * 100) : DEFAULT_CARD_FEE.basisPoints,
    fixedCents: Number.isFinite(fixed) && fixed >= 0 && fixed <= 5 && values.has("card_fee_fixed") ? Math.round(fixed * 100) : DEFAULT_CARD_FEE.fixedCents,
  };
}
