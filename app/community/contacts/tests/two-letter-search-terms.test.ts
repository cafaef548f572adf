import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { findContactPage } from "~/community/contacts/server/contacts.server";
import { findVolunteerPage } from "~/community/volunteers/server/volunteers.server";

// Two letters are too few for a trigram index: on PostgreSQL they are found among each
// column's two-letter pairs, then confirmed; on SQLite every row is compared. Same answers.
beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("contact_submissions").execute();
  await db.deleteFrom("volunteer_signups").execute();
  const submitted_at = new Date().toISOString();
  await db
    .insertInto("contact_submissions")
    .values([
      { name: "Zqaid Omar", email: "z@example.org", message: "Salaam", submitted_at, resolved: 0 },
      { name: "Hana", email: "haZQ@example.org", message: "Salaam", submitted_at, resolved: 0 },
      { name: "Bilal", email: "b@example.org", message: "About the bazQ appeal", submitted_at, resolved: 1 },
      // "z" ends the name and "q" starts the address: the term is in neither column.
      { name: "Aziz", email: "q@example.org", message: "Salaam", submitted_at, resolved: 0 },
      { name: "Maryam", email: "m@example.org", message: "Nothing here", submitted_at, resolved: 0 },
    ])
    .execute();
  await db
    .insertInto("volunteer_signups")
    .values([
      { name: "Yusuf", email: "yu@example.org", interest: "Events", submitted_at },
      { name: "Sara", email: "sara@example.org", interest: "Events", submitted_at },
    ])
    .execute();
});

describe("a two-letter search", () => {
  it("finds the term in any column and any letter case, and never across two columns", async () => {
    const names = async (search: string) =>
      (await findContactPage({ search }, 1, 25)).contacts.map((contact) => contact.name).sort();
    expect(await names("zq")).toEqual(["Bilal", "Hana", "Zqaid Omar"]);
    expect(await names("ZQ")).toEqual(["Bilal", "Hana", "Zqaid Omar"]);
    expect(await names("%q")).toEqual([]);
    expect(
      (await findContactPage({ search: "zq", status: "resolved" }, 1, 25)).contacts.map((contact) => contact.name),
    ).toEqual(["Bilal"]);
    expect((await findVolunteerPage({ search: "yu" }, 1, 25)).volunteers.map((volunteer) => volunteer.name)).toEqual([
      "Yusuf",
    ]);
  });
});
