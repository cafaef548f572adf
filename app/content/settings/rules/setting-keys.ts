/**
 * The setting keys and their labels: plain data with no validation library, so public
 * pages can use them without shipping zod to the browser (schemas live in settings.ts).
 */

/** The homepage impact statistics staff edit on the 'Impact Statistics Settings' screen. */
export const IMPACT_STATISTIC_KEYS = [
  "meals_provided",
  "families_supported",
  "orphans_cared_for",
  "total_raised",
] as const;
export type ImpactStatisticKey = (typeof IMPACT_STATISTIC_KEYS)[number];

/** Homepage media slots: one hero video, three programme images, six gallery items. */
export const MEDIA_KEYS = [
  "hero_video",
  "program_image_1",
  "program_image_2",
  "program_image_3",
  "gallery_item_1",
  "gallery_item_2",
  "gallery_item_3",
  "gallery_item_4",
  "gallery_item_5",
  "gallery_item_6",
] as const;
export type MediaKey = (typeof MEDIA_KEYS)[number];

export function isMediaKey(key: string): key is MediaKey {
  return (MEDIA_KEYS as readonly string[]).includes(key);
}

export const IMPACT_STATISTIC_LABELS: Record<ImpactStatisticKey, string> = {
  meals_provided: "Meals Provided",
  families_supported: "Families Supported",
  orphans_cared_for: "Orphans Cared For",
  total_raised: "Total Raised",
};

export const DEFAULT_SETTING_DESCRIPTIONS: Record<ImpactStatisticKey | MediaKey, string> = {
  meals_provided: "Number of meals provided to families in need",
  families_supported: "Number of families supported with aid",
  orphans_cared_for: "Number of orphans receiving ongoing care",
  total_raised: "Total amount raised, in US dollars",
  hero_video: "Homepage hero video (YouTube, Vimeo or a video file)",
  program_image_1: "Emergency Relief programme image",
  program_image_2: "Orphan Care programme image",
  program_image_3: "Food & Water Aid programme image",
  gallery_item_1: "Gallery item 1 (photo or YouTube video)",
  gallery_item_2: "Gallery item 2 (photo or YouTube video)",
  gallery_item_3: "Gallery item 3 (photo or YouTube video)",
  gallery_item_4: "Gallery item 4 (photo or YouTube video)",
  gallery_item_5: "Gallery item 5 (photo or YouTube video)",
  gallery_item_6: "Gallery item 6 (photo or YouTube video)",
};

export function isImpactStatisticKey(key: string): key is ImpactStatisticKey {
  return (IMPACT_STATISTIC_KEYS as readonly string[]).includes(key);
}

/** total_raised is a dollar figure; the other statistics are counts. */
export function isDollarStatistic(key: string): boolean {
  return key === "total_raised";
}

/**
 * Where the homepage's Total Raised comes from: "books" (what the transparency report shows
 * as received, kept up to date with every gift) or "typed" (the figure staff typed into
 * total_raised). A setting of its own, so the spec's total_raised keeps its shape.
 */
export const TOTAL_RAISED_SOURCE_KEY = "total_raised_source";
export const TOTAL_RAISED_SOURCES = ["books", "typed"] as const;
export type TotalRaisedSource = (typeof TOTAL_RAISED_SOURCES)[number];
export const TOTAL_RAISED_SOURCE_DESCRIPTION =
  "Where Total Raised comes from: books (the transparency report's received, kept up to date with every gift) or typed (the figure in total_raised)";

/**
 * The giving settings: the card fee a donor may cover (what the card provider charges the
 * foundation: a per cent of each charge and a fixed amount), and the appeal the emergency
 * banner points to ('' for the banner's own words, "off" for no banner), and Ramadan's
 * nights: the evening of the first night staff confirm ('' until they do) and the hour
 * each night is charged.
 */
export const GIVING_SETTING_KEYS = [
  "card_fee_percent",
  "card_fee_fixed",
  "emergency_appeal",
  "ramadan_first_night",
  "ramadan_charge_hour",
] as const;
export type GivingSettingKey = (typeof GIVING_SETTING_KEYS)[number];

export const GIVING_SETTING_DEFAULTS: Record<GivingSettingKey, { value: string; description: string }> = {
  card_fee_percent: { value: "2.9", description: "Card fee: the per cent of each charge the card provider keeps" },
  card_fee_fixed: { value: "0.30", description: "Card fee: the fixed amount per charge, in US dollars" },
  emergency_appeal: {
    value: "",
    description: "The appeal the emergency banner points to (its address), empty for the general banner, or off",
  },
  ramadan_first_night: {
    value: "",
    description:
      "The evening of Ramadan's first night (YYYY-MM-DD), once confirmed by the moon's sighting; empty until then",
  },
  ramadan_charge_hour: {
    value: "20",
    description:
      "The hour each night of Ramadan is charged (17-23 or 0-4, the foundation's time: a night begins at sunset)",
  },
};

export function isGivingSettingKey(key: string): key is GivingSettingKey {
  return (GIVING_SETTING_KEYS as readonly string[]).includes(key);
}

/**
 * The approval threshold (issue 30, decision 152): a disbursement or reversal of at least this
 * many US dollars is a request until a second person with finance or owner approves it; 0
 * means every one. Read by the ledger through `approvalThresholdCents`.
 */
export const APPROVAL_THRESHOLD_KEY = "disbursement_approval_threshold";
export const APPROVAL_THRESHOLD_DEFAULT = {
  value: "1000",
  description:
    "Disbursements and reversals of at least this many US dollars wait for a second person to approve them (0: every one)",
};

/**
 * The staff settings (issue 30): whether every member of staff must use two-factor sign-in
 * ("true" or "false"). When on, a person without it is led to set it up before anything else.
 */
export const REQUIRE_TWO_FACTOR_KEY = "require_two_factor";
export const STAFF_SETTING_DEFAULTS = {
  [REQUIRE_TWO_FACTOR_KEY]: {
    value: "false",
    description: "Require two-factor sign-in for all staff: true or false",
  },
} as const;
