import { z } from "~/shared/zod";
import { givingSettingsSchema } from "~/content/settings";
import { ramadanFirstNightRule, type RehearsalOption } from "./first-night-rule";

/**
 * The Ramadan part of the settings screen: the first night's evening (empty while the moon
 * is not yet sighted) and the hour each night is charged, each by the setting's own rule
 * (the same as PUT /api/settings/:key; a rehearsal in test mode takes any evening whose nights can still be tried). An
 * emptied date sends nothing, which a form reads as absent: that is "not confirmed", stored as ''.
 */
export function ramadanSettingsFormSchema(rehearsal: RehearsalOption = {}) {
  return z.object({
    ramadan_first_night: ramadanFirstNightRule(rehearsal)
      .optional()
      .transform((value) => value ?? ""),
    ramadan_charge_hour: givingSettingsSchema.shape.ramadan_charge_hour.unwrap(),
  });
}
export type RamadanSettingsForm = z.output<ReturnType<typeof ramadanSettingsFormSchema>>;
