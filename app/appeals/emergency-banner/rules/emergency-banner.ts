/**
 * What the banner above every public page shows, from the `emergency_appeal` setting:
 * its own general words, nothing, or one appeal open for gifts (its summary shortened).
 */
export type EmergencyBanner =
  { kind: "general" } | { kind: "off" } | { kind: "appeal"; slug: string; title: string; summary: string };
