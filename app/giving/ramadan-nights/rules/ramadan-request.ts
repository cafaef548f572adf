import { z } from "~/shared/zod";
import { flagField } from "~/shared/schema-fields";
import { emptyIsUnset } from "~/shared/amount-input";
import {
  dollarAmount,
  donorEmail,
  donorName,
  purpose,
  MAXIMUM_ONLINE_DONATION,
  MINIMUM_DONATION,
} from "~/giving/donate";
import { RAMADAN_PLANS } from "./ramadan-nights";

/**
 * A donor's Ramadan nights, as the donate form (in the browser), its action and the
 * services read them: the last ten nights or all thirty, an amount for each night, and
 * the odd nights of the last ten doubled when asked. Each night is its own card charge, so
 * each night (doubled or not) keeps under the ceiling of any card gift.
 */
export const ramadanRequestSchema = z
  .object({
    plan: z.preprocess(emptyIsUnset, z.enum(RAMADAN_PLANS, { message: "Choose the last ten nights or all thirty" })),
    per_night: dollarAmount(MINIMUM_DONATION, `The minimum for a night is $${MINIMUM_DONATION}`),
    double_odd_nights: flagField(false),
    name: donorName,
    email: donorEmail,
    purpose,
    anonymous: flagField(false),
  })
  .superRefine((request, ctx) => {
    if (request.double_odd_nights && request.per_night * 2 > MAXIMUM_ONLINE_DONATION) {
      ctx.addIssue({
        code: "custom",
        path: ["per_night"],
        message: "Doubled, a night would pass a million dollars: please contact us",
      });
    }
  });
export type RamadanRequest = z.output<typeof ramadanRequestSchema>;
