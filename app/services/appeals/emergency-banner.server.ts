import type { EmergencyBanner } from "~/domain/appeals/emergency-banner";
import { truncate } from "~/domain/shared/text";
import { NotFoundError } from "~/lib/service-errors";
import { settingValues } from "~/services/content";
import { getAppeal } from "./appeals.server";

const GENERAL: EmergencyBanner = { kind: "general" };
const SUMMARY_LENGTH = 140;

/**
 * The banner from the `emergency_appeal` setting: empty for its own general words, "off"
 * for no banner, or an appeal's address to name that appeal. An appeal that is not open
 * for gifts (closed, ended, not yet started, unknown) leaves the general words, so the
 * banner never asks for a gift the appeal would refuse.
 */
export async function emergencyBanner(): Promise<EmergencyBanner> {
  const setting = ((await settingValues(["emergency_appeal"])).get("emergency_appeal") ?? "").trim().toLowerCase();
  if (setting === "") return GENERAL;
  if (setting === "off") return { kind: "off" };
  const appeal = await getAppeal(setting).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!appeal || appeal.phase !== "open") return GENERAL;
  return { kind: "appeal", slug: appeal.slug, title: appeal.title, summary: truncate(appeal.summary, SUMMARY_LENGTH) };
}
