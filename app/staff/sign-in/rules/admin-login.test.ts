import { describe, expect, it } from "vitest";
import { adminLoginSchema, safeRedirectPath } from "./admin-login";

describe("admin sign-in form", () => {
  it("requires both fields", () => {
    const result = adminLoginSchema.safeParse({ username: " ", password: "" });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Username is required", "Password is required"]);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/admin/settings", "/admin/settings"],
    ["/admin?x=1", "/admin?x=1"],
    ["//evil.example", "/admin"],
    ["https://evil.example", "/admin"],
    ["/\\evil.example", "/admin"],
    ["/\t/evil.example/x", "/admin"],
    ["/\n/evil.example", "/admin"],
    ["/admin/../admin/settings", "/admin/settings"],
    [null, "/admin"],
  ])("%j -> %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});
