import { applicationSchema } from "~/applications/records";
import { applicationSettings, insertApplication } from "~/applications/records/index.server";
import { getDb } from "~/lib/db.server";
import { limitApplicationSubmits } from "~/lib/public-form-limits.server";
import { ConflictError, parseOrThrow } from "~/lib/service-errors";
import { configuredSiteUrl } from "~/lib/site-url.server";
import type { Visitor } from "~/lib/visitor.server";
import { queueMail } from "~/mail/queue/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import { deleteDraft, type OpenDraft } from "./application-drafts.server";

/** Who the audit trail names for a family's own application: nobody on the staff, and no address. */
const THE_APPLICANT = { id: null, name: "Applicant (Get help form)", address: "", userAgent: "" };

/**
 * Sends a draft as an application, with the declarations just ticked: the whole schema is
 * checked again, the application counts once against the address's allowance of
 * applications, and the draft's deletion, the case, its "received" mail and its audit entry
 * are kept together or not at all. Answers the reference the family quotes.
 */
export async function submitApplication(
  draft: OpenDraft,
  declarations: Record<string, string>,
  visitor: Visitor,
): Promise<{ ref: string }> {
  const input = parseOrThrow(applicationSchema, { ...draft.body.values, ...declarations });
  await limitApplicationSubmits(visitor.clientAddress);
  const settings = await applicationSettings();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // The draft goes first: of two sends of one draft (a double click), only one finds it.
      if (!(await deleteDraft(draft, trx))) throw new ConflictError("This application was sent already.");
      const { ref } = await insertApplication(trx, input);
      await queueMail(trx, {
        kind: "application-received",
        to: input.email,
        personal: true,
        dedupeKey: `application-received-${ref}`,
        subject: `We have received your application (${ref})`,
        greeting: "Assalamu alaikum,",
        paragraphs: [
          `Thank you for your application for help. Your reference is ${ref}: please quote it whenever you contact us.`,
          "A case worker will look at your application. If we need documents, such as a bank statement or a bill, we will write to you and you will have " +
            `${settings.documentDays} days to send them from your own page.`,
          "You can follow your application, read our messages and send documents on My application: sign in there with this email address.",
        ],
        action: { label: "My application", url: `${configuredSiteUrl()}/my-application` },
        note: "You receive this because you applied for help on our Get help page. If that was not you, please tell us by replying to this message.",
      });
      await recordAudit(
        {
          action: "submit",
          entity: "application",
          entityId: ref,
          summary: `Application ${ref} received`,
          actor: THE_APPLICANT,
        },
        trx,
      );
      return { ref };
    });
}

/** The settings the form names (the years a closed case is kept, in the privacy declaration). */
export { applicationSettings };
