import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "~/shared/zod";
import { ramadanRequestSchema, type RamadanRequest } from "../rules/ramadan-request";
import { checkoutFormReply } from "~/giving/donate/index.server";

/** The button that only shows the nights; the form's own name for it lives with the form. */
const SHOW_NIGHTS = "show-nights";

/** What "Show the nights" needs: the nights and their amount, not yet the donor. */
const nightsOnly = z.object({
  plan: ramadanRequestSchema.shape.plan,
  per_night: ramadanRequestSchema.shape.per_night,
  double_odd_nights: ramadanRequestSchema.shape.double_odd_nights,
});

/**
 * The donate page's Ramadan nights form posted without JavaScript: "Show the nights" comes
 * back with every typed value kept (the page draws the nights from them), a refused amount
 * beside its field; "Save my card" starts the card-saving checkout like any donate form.
 */
export async function ramadanNightsFormReply(
  formData: FormData,
  start: (request: RamadanRequest) => Promise<{ url: string }>,
) {
  if (formData.get("intent") === SHOW_NIGHTS) {
    const shown = parseWithZod(formData, { schema: nightsOnly });
    return data({ result: shown.reply() }, { status: shown.status === "success" ? 200 : 400 });
  }
  return checkoutFormReply(formData, ramadanRequestSchema, start, "Ramadan nights checkout failed");
}
