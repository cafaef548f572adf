import { describe, expect, it } from "vitest";
import { invitationSchema, staffChangeSchema, suggestedUsername } from "./team";

describe("suggestedUsername", () => {
  it("takes the email's local part, cut to what a username may hold", () => {
    expect(suggestedUsername("Amina.Yusuf@example.org")).toBe("amina.yusuf");
    expect(suggestedUsername("o'brien+staff@example.org")).toBe("obrienstaff");
    expect(suggestedUsername("...@example.org")).toBe("staff");
  });
});

describe("the roles a form or the API sends", () => {
  const base = { name: "Amina", email: "amina@example.org" };

  it("takes one ticked box, several, or a JSON list, in the order of ROLES", () => {
    expect(invitationSchema.parse({ ...base, roles: "editor" }).roles).toEqual(["editor"]);
    expect(invitationSchema.parse({ ...base, roles: ["editor", "finance", "editor"] }).roles).toEqual([
      "finance",
      "editor",
    ]);
  });

  it("refuses an unknown role and an empty choice", () => {
    const unknown = invitationSchema.safeParse({ ...base, roles: ["editor", "wizard"] });
    expect(unknown.success).toBe(false);
    expect(unknown.error!.issues[0]!.message).toMatch(/Unknown role: wizard/);
    const none = invitationSchema.safeParse({ ...base, roles: [] });
    expect(none.error!.issues[0]!.message).toBe("Choose at least one role");
  });

  it("asks a change for roles, active or both", () => {
    expect(staffChangeSchema.safeParse({}).success).toBe(false);
    expect(staffChangeSchema.parse({ active: false })).toEqual({ active: false });
    expect(staffChangeSchema.safeParse({ active: "no" }).success).toBe(false);
  });
});
