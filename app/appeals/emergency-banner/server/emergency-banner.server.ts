import type { EmergencyBanner } from "../rules/emergency-banner";
import { givingSettingValue } from "~/content/settings";
import { truncate } from "~/shared/text";
import { NotFoundError, ValidationError } from "~/lib/service-errors";
import { settingValues } from "~/content/settings/index.server";
import { getAppeal } from "~/appeals/appeals/index.server";

const GENERAL: EmergencyBanner = { kind: "general" };
const SUMMARY_LENGTH = 140;
const CHOOSE_BANNER = "Choose the banner's own words, no banner, or the address of a live appeal";

/**
 * The banner from the `emergency_appeal` setting: empty for its own general words, "off"
 * for no banner, or an appeal's address to name that appeal. An appeal that is not open
 * for gifts (closed, ended, not yet started, unknown) leaves the general words, so the
 * banner never asks for a gift the appeal would refuse.
 */
export async function emergencyBanner(): Promise<EmergencyBanner> {
  const setting = await storedBanner();
  if (setting === "") return GENERAL;
  if (setting === "off") return { kind: "off" };
  const appeal = await getAppeal(setting).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!appeal || appeal.phase !== "open") return GENERAL;
  return { kind: "appeal", slug: appeal.slug, title: appeal.title, summary: truncate(appeal.summary, SUMMARY_LENGTH) };
}

/**
 * What staff may point the banner at, from Settings or PUT /api/settings/emergency_appeal:
 * '' (its own words), 'off', or the address of a live appeal; anything else is refused on
 * `value`. The setting is public (GET /api/settings/), so a draft's address never goes
 * there before the appeal is announced. The appeal already chosen stays allowed once it
 * has closed, so saving the card fee leaves the banner alone (it shows its own words then).
 * Answers the value as it is stored.
 */
export async function bannerAppealChoice(value: unknown): Promise<string> {
  const choice = givingSettingValue("emergency_appeal", value);
  if (choice === "" || choice === "off") return choice;
  const appeal = choice === null ? null : await appealAt(choice);
  if (appeal?.status === "live") return appeal.slug;
  if (appeal?.status === "closed" && appeal.slug === (await storedBanner())) return appeal.slug;
  throw new ValidationError({ value: [CHOOSE_BANNER] });
}

/**
 * A body for the settings API (PUT /api/settings/{key}, POST /api/settings/), its value
 * held to bannerAppealChoice when the key is the banner's; any other setting as sent.
 */
export async function withBannerChecked(key: unknown, body: unknown): Promise<unknown> {
  if (typeof key !== "string" || key.trim() !== "emergency_appeal" || typeof body !== "object" || body === null)
    return body;
  return { ...body, value: await bannerAppealChoice((body as { value?: unknown }).value) };
}

/** The appeal whose address this is now (not one it had before, nor an id). */
async function appealAt(slug: string) {
  const appeal = await getAppeal(slug, { staff: true }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  return appeal?.slug === slug ? appeal : null;
}

async function storedBanner(): Promise<string> {
  return ((await settingValues(["emergency_appeal"])).get("emergency_appeal") ?? "").trim().toLowerCase();
}
