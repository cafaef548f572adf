import { givingSettingValue } from "~/content/settings";
import { DEFAULT_CARD_FEE, type CardFee } from "../rules/fee-cover";
import { settingValues } from "~/content/settings/index.server";

/**
 * The card fee staff set (Settings: card_fee_percent, card_fee_fixed), which the fee a
 * donor may cover is worked out from. Each part is read by the rule it was saved under; a
 * missing or garbled value falls back to the usual card price, so a donor is never asked
 * for a wrong amount.
 */
export async function currentCardFee(): Promise<CardFee> {
  const values = await settingValues(["card_fee_percent", "card_fee_fixed"]);
  const percent = givingSettingValue("card_fee_percent", values.get("card_fee_percent"));
  const fixed = givingSettingValue("card_fee_fixed", values.get("card_fee_fixed"));
  return {
    basisPoints: percent === null ? DEFAULT_CARD_FEE.basisPoints : Math.round(Number(percent) * 100),
    fixedCents: fixed === null ? DEFAULT_CARD_FEE.fixedCents : Math.round(Number(fixed) * 100),
  };
}
