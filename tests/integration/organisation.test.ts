import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import * as root from "~/root";

/** The site's contact details follow the same ORG_* settings as receipts and mail. */
const SETTINGS = {
  ORG_ADDRESS: "7 Mosque Road, Leeds LS1 1AA",
  ORG_EMAIL: "giving@nur.example",
  ORG_PHONE: "+44 113 496 0000",
};

afterEach(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetEnvCache();
});

describe("the foundation's contact details", () => {
  it("are the placeholders until set", () => {
    expect(root.loader().contact).toEqual({
      address: "123 Charity Lane, Suite 100, Springfield, ST 00000",
      email: "info@example.org",
      phone: "+1 (555) 010-0199",
    });
  });

  it("are what ORG_ADDRESS, ORG_EMAIL and ORG_PHONE say", () => {
    Object.assign(process.env, SETTINGS);
    resetEnvCache();
    expect(root.loader().contact).toEqual({
      address: SETTINGS.ORG_ADDRESS,
      email: SETTINGS.ORG_EMAIL,
      phone: SETTINGS.ORG_PHONE,
    });
  });

  it("refuses an ORG_EMAIL that is not an address", () => {
    process.env.ORG_EMAIL = "info at nur";
    resetEnvCache();
    expect(() => root.loader()).toThrow(/ORG_EMAIL must be an email address/);
  });
});
