import { sql, type Kysely } from "kysely";

/**
 * One donor, one address: every donor email is kept trimmed and lower-cased (the form the
 * app writes from now on), so gifts, recurring gifts, sign-in links and My giving views
 * match with a plain comparison served by a plain index. Addresses stored before were
 * kept as typed and matched case-insensitively; they are brought to the same form here.
 */
const DONOR_EMAIL_TABLES = [
  "donations",
  "subscriptions",
  "donors",
  "giving_sign_in_links",
  "donor_sessions",
  "newsletter_subscribers",
];

export async function up(db: Kysely<any>): Promise<void> {
  await mergeNewsletterDuplicates(db);
  for (const table of DONOR_EMAIL_TABLES) {
    // A plain update: an address that met another in one form would stop the migration, never stay as it was.
    // Compared byte for byte: newsletter_subscribers.email is "collate nocase", where "A@x.org" = "a@x.org".
    await sql`update ${sql.table(table)} set email = lower(trim(email)) where email collate binary <> lower(trim(email))`.execute(
      db,
    );
  }
  await db.schema.dropIndex("donations_email_nocase").execute();
  await db.schema.dropIndex("subscriptions_email_nocase").execute();
  // donations_email, a plain index, has been there from the start.
  await db.schema.createIndex("subscriptions_email").on("subscriptions").column("email").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscriptions_email").execute();
  await sql`create index donations_email_nocase on donations (email collate nocase)`.execute(db);
  await sql`create index subscriptions_email_nocase on subscriptions (email collate nocase)`.execute(db);
}

interface Reader {
  id: number;
  normal: string;
  status: "pending" | "confirmed" | "unsubscribed";
  unsubscribe_token: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/**
 * The newsletter's addresses are unique in any letter case, but not with spaces around
 * them: " a@x.org" may sit beside "a@x.org". Each such group becomes one reader before the
 * addresses are brought to their form. The row already in that form is kept (else the
 * oldest), the others are deleted, and the kept row takes the group's strongest word:
 * anyone who left stays left (never mailed again); else anyone who confirmed stays
 * subscribed; else it is pending as it was.
 */
async function mergeNewsletterDuplicates(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<Reader>`
    select id, lower(trim(email)) as normal, status, unsubscribe_token, confirmed_at, unsubscribed_at
    from newsletter_subscribers
    where lower(trim(email)) in (select lower(trim(email)) from newsletter_subscribers group by 1 having count(*) > 1)
    order by normal, email collate binary = lower(trim(email)) desc, subscribed_at, id
  `.execute(db);
  const groups = new Map<string, Reader[]>();
  for (const row of rows) groups.set(row.normal, [...(groups.get(row.normal) ?? []), row]);

  for (const [kept, ...others] of groups.values()) {
    if (!kept) continue;
    const group = [kept, ...others];
    const left = group.filter((reader) => reader.status === "unsubscribed");
    const confirmed = group.filter((reader) => reader.status === "confirmed");
    const latest = (values: (string | null)[]) =>
      values
        .filter((value) => value !== null)
        .sort()
        .at(-1) ?? null;
    const earliest = (values: (string | null)[]) => values.filter((value) => value !== null).sort()[0] ?? null;
    const change: Record<string, string | null> = {};
    if (left.length) {
      Object.assign(change, { status: "unsubscribed", confirm_token: null });
      if (kept.status !== "unsubscribed" || !kept.unsubscribed_at) {
        change.unsubscribed_at =
          latest(left.map((reader) => reader.unsubscribed_at)) ?? kept.unsubscribed_at ?? new Date().toISOString();
      }
    } else if (confirmed.length && kept.status !== "confirmed") {
      Object.assign(change, {
        status: "confirmed",
        confirm_token: null,
        confirmed_at: earliest(confirmed.map((reader) => reader.confirmed_at)),
      });
    }
    // Every reader who is not pending keeps a way to leave.
    if (!kept.unsubscribe_token)
      change.unsubscribe_token = group.find((reader) => reader.unsubscribe_token)?.unsubscribe_token ?? null;

    await db
      .deleteFrom("newsletter_subscribers")
      .where(
        "id",
        "in",
        others.map((reader) => reader.id),
      )
      .execute();
    if (Object.keys(change).length)
      await db.updateTable("newsletter_subscribers").set(change).where("id", "=", kept.id).execute();
  }
}
