import { describe, expect, it } from "vitest";
import { tributeMail, tributeOf, tributeWords } from "./tribute";

const mailText = (mail: ReturnType<typeof tributeMail>) =>
  [mail.subject, mail.greeting, ...mail.paragraphs, mail.note].join("\n");

describe("tributeWords", () => {
  it("says in whose name the gift was given", () => {
    expect(tributeWords({ kind: "memory", name: "Fatima Ahmed" })).toBe("In memory of Fatima Ahmed");
    expect(tributeWords({ kind: "honour", name: "Yusuf" })).toBe("In honour of Yusuf");
  });
});

describe("tributeOf", () => {
  it("reads a stored gift's tribute, and none without a kind or a name", () => {
    expect(
      tributeOf({ tribute_kind: "memory", tribute_name: "Fatima Ahmed", tribute_email: "family@example.org" }),
    ).toEqual({
      kind: "memory",
      name: "Fatima Ahmed",
      email: "family@example.org",
    });
    expect(tributeOf({ tribute_kind: "honour", tribute_name: "Yusuf" })).toEqual({
      kind: "honour",
      name: "Yusuf",
      email: "",
    });
    expect(tributeOf({ tribute_kind: "", tribute_name: "Fatima Ahmed" })).toBeNull();
    expect(tributeOf({ tribute_kind: "memory", tribute_name: "   " })).toBeNull();
  });
});

describe("tributeMail", () => {
  const gift = { giverName: "Bilal Ahmed", anonymous: false, appealTitle: "Winter Emergency", isTest: false };

  it("names the giver, the person and the appeal", () => {
    const mail = tributeMail({ kind: "memory", name: "Fatima Ahmed" }, gift, "Al-Amanah Foundation");
    expect(mail.subject).toBe("A gift in memory of Fatima Ahmed");
    expect(mail.paragraphs[0]).toBe(
      "Bilal Ahmed has given a gift to Al-Amanah Foundation for its appeal “Winter Emergency”, in memory of Fatima Ahmed.",
    );
    expect(mailText(mail)).toContain("sadaqa jariya) for Fatima Ahmed");
  });

  it("keeps an anonymous giver's name out of it", () => {
    const mail = tributeMail({ kind: "honour", name: "Yusuf" }, { ...gift, anonymous: true }, "Al-Amanah Foundation");
    expect(mailText(mail)).not.toContain("Bilal");
    expect(mail.paragraphs[0]).toMatch(/^Someone who wished to remain anonymous has given a gift/);
    expect(mail.subject).toBe("A gift in honour of Yusuf");
  });

  it("never tells the amount, whatever the gift", () => {
    for (const anonymous of [false, true]) {
      for (const kind of ["memory", "honour"] as const) {
        const text = mailText(
          tributeMail({ kind, name: "Fatima Ahmed" }, { ...gift, anonymous, appealTitle: "" }, "Al-Amanah Foundation"),
        );
        expect(text).not.toMatch(/\$|USD|\d/);
      }
    }
  });

  it("says when the gift was a test, and stands in for a giver without a name", () => {
    const mail = tributeMail(
      { kind: "memory", name: "Fatima" },
      { ...gift, giverName: " ", isTest: true, appealTitle: "" },
      "Al-Amanah Foundation",
    );
    expect(mail.subject).toBe("[Test] A gift in memory of Fatima");
    expect(mail.paragraphs[0]).toBe("A donor has given a gift to Al-Amanah Foundation, in memory of Fatima.");
    expect(mail.paragraphs.at(-1)).toBe("This was a test gift: no money moved.");
  });
});
