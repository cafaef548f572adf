import { describe, expect, it } from "vitest";
import { unusedPublicExports } from "./public-modules.js";

// It reads every file of the project: slow on a busy machine.
describe("the slices' public modules", { timeout: 60_000 }, () => {
  it("export only what another slice, a script or a test imports through them", () => {
    expect(unusedPublicExports()).toEqual([]);
  });
});
