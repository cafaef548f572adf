import { randomBytes } from "node:crypto";
import { getDb, nowIso } from "~/lib/db.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { parseOrThrow } from "~/lib/service-errors";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { oneAtATimeFor } from "~/lib/sql-dialect.server";
import { tokenHash } from "~/lib/token-hash.server";
import type { Visitor } from "~/lib/visitor.server";
import { queueMail } from "~/mail/queue/index.server";
import { emailKey } from "~/applications/records/index.server";
import { normaliseEmail } from "~/applications/records";
import {
  APPLICANT_LINK_MINUTES,
  APPLICANT_LINKS_PER_HOUR,
  applicantLinkMail,
  applicantLinkRequestSchema,
} from "../rules/my-application";

/**
 * A family's sign-in link to their own page: single use, valid for 30 minutes, kept only as
 * a hash beside the email's keyed hash, at most five an hour per address. Asking answers the
 * same whether or not an application was sent from the address (the form cannot be used to
 * learn who asked for help); the link is mailed only when one was, and only to that address.
 */
export async function requestApplicantLink(input: unknown, visitor: Visitor): Promise<void> {
  const { email: typed, website } = parseOrThrow(applicantLinkRequestSchema, input);
  await limitPublicFormPosts("application-link", visitor.clientAddress);
  if (website) return;
  const email = normaliseEmail(typed);
  const key = emailKey(email);
  const now = new Date();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await oneAtATimeFor(trx, `application-link:${key}`);
      const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
      const recent = await trx
        .selectFrom("applicant_sign_in_links")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("email_key", "=", key)
        .where("created_at", ">", hourAgo)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= APPLICANT_LINKS_PER_HOUR) return;
      const application = await trx
        .selectFrom("applications")
        .select("id")
        .where("email_key", "=", key)
        .where("applicant_sealed", "is not", null)
        .limit(1)
        .executeTakeFirst();
      if (!application) return;
      const token = randomBytes(32).toString("base64url");
      await trx
        .insertInto("applicant_sign_in_links")
        .values({
          email_key: key,
          token_hash: tokenHash(token),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + APPLICANT_LINK_MINUTES * 60_000).toISOString(),
        })
        .execute();
      await queueMail(trx, {
        ...applicantLinkMail(`${configuredSiteUrl()}/my-application/sign-in?token=${token}`),
        kind: "application-link",
        to: email,
        personal: true,
      });
    });
}

/** Uses up a sign-in link: the family's email key when it is unused and on time, else null. */
export async function redeemApplicantLink(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const used = await getDb()
    .updateTable("applicant_sign_in_links")
    .set({ used_at: nowIso() })
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .returning("email_key")
    .executeTakeFirst();
  return used?.email_key ?? null;
}
