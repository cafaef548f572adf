import { describe, expect, it } from "vitest";
import { changesBetween, changesFor } from "./changes";

describe("changesBetween: what an audit entry keeps of a change", () => {
  it("keeps the differing fields as [before, after], without the record's own timestamps", () => {
    const before = { title: "Winter appeal", goal: 500000, updated_at: "2026-12-01T00:00:00Z" };
    const after = { title: "Winter appeal", goal: 750000, updated_at: "2026-12-07T00:00:00Z" };
    expect(changesBetween(before, after)).toEqual({ goal: [500000, 750000] });
  });

  it("never writes a field named like a password, a secret, a token or card data", () => {
    const after = { username: "amina", password_hash: "scrypt$...", totp_secret: "JBSW", api_token: "t", card: "4242" };
    expect(changesBetween(null, after)).toEqual({ username: [null, "amina"] });
  });

  it("never writes the value of a setting whose key names a secret, but says the setting changed", () => {
    const before = { key: "smtp_password", value: "old-secret", description: "" };
    const after = { key: "smtp_password", value: "new-secret", description: "Mail relay" };
    expect(changesBetween(before, after)).toEqual({ description: ["", "Mail relay"] });
    expect(changesBetween(null, after)).toEqual({ key: [null, "smtp_password"], description: [null, "Mail relay"] });
    // An ordinary setting keeps its value, before and after.
    expect(changesBetween({ key: "site_notice", value: "a" }, { key: "site_notice", value: "b" })).toEqual({
      value: ["a", "b"],
    });
  });
});

describe("changesFor: an applicant's records keep field names only", () => {
  it("turns an application's values into the names of the fields changed", () => {
    const before = { phone: "07700 900123", address: "1 High Street", state: "submitted" };
    const after = { phone: "07700 900999", address: "1 High Street", state: "submitted" };
    const kept = changesFor("application", before, after);
    expect(kept).toEqual({ fields: [null, ["phone"]] });
    expect(JSON.stringify(kept)).not.toContain("0770");
  });

  it("keeps a list of names as given, and nothing of a value slipped in beside it", () => {
    expect(changesFor("application", null, { fields: ["phone", "address"] })).toEqual({
      fields: [null, ["phone", "address"]],
    });
    expect(JSON.stringify(changesFor("application", null, { fields: ["phone"], phone: "07700 900123" }))).not.toContain(
      "0770",
    );
    expect(changesFor("application-document", null, { name: "bank-statement-amina.pdf" })).toEqual({
      fields: [null, ["name"]],
    });
  });

  it("leaves other records' changes as they were", () => {
    expect(changesFor("story", { title: "A" }, { title: "B" })).toEqual({ title: ["A", "B"] });
    expect(changesFor("applications-settings-x", { a: 1 }, { a: 2 })).toEqual({ a: [1, 2] });
  });
});
