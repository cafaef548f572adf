import { describe, expect, it } from "vitest";
import { unusedPublicExports } from "./public-modules.js";

describe("the slices' public modules", () => {
  it("export only what another slice, a script or a test imports through them", () => {
    expect(unusedPublicExports()).toEqual([]);
  });
});
