import { ZAKAT_CATEGORIES, type ZakatCategoryKey } from "~/funds/funds";
import { hasWholeCents, readNumber } from "~/shared/amount-input";
import { isRealDate } from "~/shared/dates";
import { optionalText, requiredText } from "~/shared/schema-fields";
import { z } from "~/shared/zod";

/**
 * What a case worker sends about a case, one schema per action, shared by the case page's
 * forms, the API and the services (which check again whatever they are handed). The API's
 * shapes are the issue's (`{caseworker}`, `{documents, due}`, `{category, reason, recommended}`);
 * the forms post the same fields flat where a form cannot nest (the assessment's plan).
 */

/** A case worker by id (the form's select) or username (the API). */
export const assignSchema = z.object({
  caseworker: z.preprocess((raw) => (typeof raw === "number" ? String(raw) : raw), requiredText("Case worker", 120)),
});
export type AssignInput = z.infer<typeof assignSchema>;

/** How many documents one request may ask for: a form shows this many rows. */
export const MAX_DOCUMENTS_PER_REQUEST = 5;

/**
 * One document asked for: what, and why. A form's row left empty (neither typed) is no request
 * and is passed over; a row half filled says which half is missing, on that row.
 */
const documentRow = z.preprocess(
  (raw) => raw ?? {},
  z
    .object({
      what: optionalText("What is needed", 200),
      why: optionalText("Why it is needed", 500),
    })
    .superRefine((row, context) => {
      if (row.what && !row.why)
        context.addIssue({ code: "custom", path: ["why"], message: "Please say why it is needed" });
      if (row.why && !row.what)
        context.addIssue({ code: "custom", path: ["what"], message: "Please say what is needed" });
    }),
);

const dueDate = z
  .string({ message: "The due date must be a date as YYYY-MM-DD" })
  .trim()
  .refine((value) => value === "" || isRealDate(value), "The due date must be a date as YYYY-MM-DD")
  .nullish()
  .transform((value) => value || undefined);

export const documentRequestSchema = z.object({
  documents: z
    .array(documentRow, { message: "Please say which documents are needed, and why" })
    .max(MAX_DOCUMENTS_PER_REQUEST, `At most ${MAX_DOCUMENTS_PER_REQUEST} documents at a time`)
    .transform((rows) => rows.filter((row) => row.what !== ""))
    .refine((rows) => rows.length > 0, "Please say which documents are needed, and why"),
  /** By when; the documentDays setting from today when not given. */
  due: dueDate,
});
export type DocumentRequestInput = z.infer<typeof documentRequestSchema>;

/** A request's new due date (the case page's form beside each request still waiting). */
export const extendRequestSchema = z.object({
  request_id: z.coerce.number({ message: "No such request" }).int("No such request").positive("No such request"),
  due: z
    .string({ message: "Please give the new due date" })
    .trim()
    .min(1, "Please give the new due date")
    .refine(isRealDate, "The due date must be a date as YYYY-MM-DD"),
});
export type ExtendRequestInput = z.infer<typeof extendRequestSchema>;

export const RECOMMENDATION_PLANS = [
  { key: "once", label: "One payment" },
  { key: "monthly", label: "Monthly" },
] as const;
export type RecommendationPlan = (typeof RECOMMENDATION_PLANS)[number]["key"];

export const MAX_MONTHS = 12;

const dollars = z.preprocess(
  (raw) => (raw === "" || raw === null ? undefined : (readNumber(raw) ?? raw)),
  z
    .number({ message: "The amount must be an amount in dollars" })
    .refine(Number.isFinite, "The amount must be an amount in dollars")
    .refine((value) => value > 0, "The amount must be more than $0")
    .refine((value) => value <= 1_000_000, "The amount must be at most $1,000,000")
    .refine(hasWholeCents, "The amount cannot have fractions of a cent"),
);

const months = z.preprocess(
  (raw) => (raw === "" || raw === null ? undefined : typeof raw === "string" ? Number(raw.trim()) : raw),
  z
    .number({ message: `Months must be a whole number from 1 to ${MAX_MONTHS}` })
    .int(`Months must be a whole number from 1 to ${MAX_MONTHS}`)
    .min(1, `Months must be a whole number from 1 to ${MAX_MONTHS}`)
    .max(MAX_MONTHS, `Months must be a whole number from 1 to ${MAX_MONTHS}`)
    .optional(),
);

/** The help recommended: one payment of `amount`, or `amount` a month for `months` (1 to 12). */
export const recommendationSchema = z
  .object({
    plan: z.enum(["once", "monthly"], { message: 'The plan must be "once" or "monthly"' }),
    amount: dollars,
    months,
  })
  .superRefine((value, context) => {
    if (value.plan === "monthly" && value.months === undefined)
      context.addIssue({ code: "custom", path: ["months"], message: "Please say for how many months (1 to 12)" });
  })
  .transform((value) => ({ ...value, months: value.plan === "monthly" ? value.months! : 1 }));

const CATEGORY_KEYS = ZAKAT_CATEGORIES.map((category) => category.key) as [ZakatCategoryKey, ...ZakatCategoryKey[]];
const categoryField = z.enum(CATEGORY_KEYS, { message: "Please choose one of the eight categories" });
const reasonField = requiredText("Why this category", 2000);

/** The API's assessment: `{category, reason, recommended: {plan, amount, months?}}`. */
export const assessmentSchema = z.object({
  category: categoryField,
  reason: reasonField,
  recommended: recommendationSchema,
  /**
   * The case worker has seen that the recommendation passes the household's twelve-month cap
   * and recommends it all the same; without it such a recommendation is refused (422).
   */
  acknowledge_cap: z.boolean({ message: "acknowledge_cap must be true or false" }).optional(),
});
export type AssessmentInput = z.infer<typeof assessmentSchema>;

/** The case page's assessment form: the same fields, the recommendation's flat. */
export const assessmentFormSchema = z.object({
  category: categoryField,
  reason: reasonField,
  plan: z.enum(["once", "monthly"], { message: "Please choose one payment or monthly" }),
  amount: dollars,
  months,
  /** The tick "I have seen that this passes the household's cap" (a checkbox sends "on"). */
  acknowledge_cap: z.preprocess((raw) => raw === "on" || raw === "true", z.boolean()),
});

export type AssessmentFormInput = z.infer<typeof assessmentFormSchema>;

/** Where the API names a recommendation refused for passing the household's cap unacknowledged. */
export const CAP_ERROR_FIELD = "recommended.amount";
/** The form's tick that acknowledges it. */
export const CAP_TICK_LABEL = "I have seen that this passes the household's cap";

/** The form's fields as the API's shape, for the one service both call. */
export function assessmentFromForm(value: AssessmentFormInput): Record<string, unknown> {
  const { plan, amount, months: count, acknowledge_cap, ...rest } = value;
  return { ...rest, recommended: { plan, amount, months: count }, acknowledge_cap };
}

export const MESSAGE_KINDS = [
  { key: "note", label: "Note for staff" },
  { key: "message", label: "Message to the family" },
] as const;

export const messageSchema = z.object({
  kind: z.enum(["note", "message"], { message: "Please choose a note or a message to the family" }),
  body: requiredText("The text", 5000),
});
export type MessageInput = z.infer<typeof messageSchema>;

/** The rows the document request form shows, however few were posted. */
export const DOCUMENT_FORM_ROWS = 3;

/**
 * A posted body reduced to the fields a case form has, each the first text sent under its
 * name. Whatever else a client posts (a list where a field is one text, a field where the
 * form has a list, `documents=x`, a file, a conform intent of its own) is dropped before it is
 * read, so the form comes back with its own errors and never meets a shape it cannot draw
 * (conform throws rendering `documents` when what was posted there is not a list).
 */
export function caseFormFields(fields: FormData, intent: string): FormData {
  const shaped = new FormData();
  const keep = (name: string) => {
    const value = fields.getAll(name).find((each) => typeof each === "string");
    if (value !== undefined) shaped.set(name, value);
    return value !== undefined;
  };
  if (intent === "assign") keep("caseworker");
  if (intent === "assess")
    for (const name of ["category", "reason", "plan", "amount", "months", "acknowledge_cap"]) keep(name);
  if (intent === "message") for (const name of ["kind", "body"]) keep(name);
  if (intent === "extend-request") for (const name of ["request_id", "due"]) keep(name);
  if (intent === "request-documents") {
    // One more row than may be asked for, so that too many are refused in words, never read
    // without end (documents[1000000].what would make a list of a million rows).
    for (let index = 0; index <= MAX_DOCUMENTS_PER_REQUEST; index += 1) {
      const what = keep(`documents[${index}].what`);
      const why = keep(`documents[${index}].why`);
      if (!what && !why && index < DOCUMENT_FORM_ROWS) {
        shaped.set(`documents[${index}].what`, "");
        shaped.set(`documents[${index}].why`, "");
      }
    }
    keep("due");
  }
  return shaped;
}
