import { describe, expect, it } from "vitest";
import { loggedAddress } from "./logged-address.server";

describe("an address as the log shows it", () => {
  it("keeps the route and leaves out a key in the path", () => {
    expect(loggedAddress("/get-help/apply/resume/TuViz1aBcDeFgHiJkLmNoPqRsTuV-o0Y")).toBe(
      "/get-help/apply/resume/(key)",
    );
    expect(loggedAddress("/admin/applications/ZA-ABCD2345")).toBe("/admin/applications/ZA-ABCD2345");
  });

  it("leaves out every value of the query", () => {
    expect(loggedAddress("/my-application/sign-in?token=abcdef0123456789abcdef&x=1")).toBe(
      "/my-application/sign-in?token=(hidden)&x=(hidden)",
    );
  });
});
