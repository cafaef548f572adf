import { describe, expect, it } from "vitest";
import { soundsLikeAnObligation } from "./fund-kinds";

describe("soundsLikeAnObligation", () => {
  it.each([
    "Zakat for Gaza",
    "ZAKAT Appeal",
    "Zakah Relief",
    "Zakāt Relief",
    "Fitr Parcels",
    "Zakat-ul-Fitr",
    "fidya meals",
    "Kaffarah Meals",
    "Kaffara",
    "Kafarah food",
    "Kaffār",
  ])("%s names an obligation", (name) => {
    expect(soundsLikeAnObligation(name)).toBe(true);
  });

  it.each(["Orphan Care", "Winter Appeal", "Water Wells", "Qurbani", "Outfitting Schools"])("%s does not", (name) => {
    expect(soundsLikeAnObligation(name)).toBe(false);
  });
});
