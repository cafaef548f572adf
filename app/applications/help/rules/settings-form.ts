import { dollarsField, type ApplicationSettings, type EligibilityRow } from "~/applications/records";
import { requiredText } from "~/shared/schema-fields";
import { centsToDollars, dollarsToCents } from "~/shared/money";
import { z } from "~/shared/zod";

/**
 * The applications' settings as staff type them on one form (and the API sends them, as the
 * same names): the Get help text, the eligibility table as up to ELIGIBILITY_ROWS rows of
 * low and high dollars (household sizes 1, 2, 3...; a blank row ends the table, and the last
 * row counts for larger households), the savings limit, the twelve-month household cap, the
 * retention years and the document days. Amounts in dollars, kept in cents.
 */
export const ELIGIBILITY_ROWS = 10;
const SIZES = Array.from({ length: ELIGIBILITY_ROWS }, (_, index) => index + 1);

function optionalDollars(label: string) {
  return z.preprocess(
    (raw) => (raw === undefined || raw === null || raw === "" ? undefined : raw),
    dollarsField(label).optional(),
  );
}

function wholeNumber(label: string, min: number, max: number) {
  return z.preprocess(
    (raw) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : raw),
    z
      .number({ message: `${label} is required` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

const rowFields = Object.fromEntries(
  SIZES.flatMap((size) => [
    [`low_${size}`, optionalDollars(`Lowest help for ${size}`)],
    [`high_${size}`, optionalDollars(`Highest help for ${size}`)],
  ]),
) as Record<string, ReturnType<typeof optionalDollars>>;

const figuresSchema = z.object({
  help_text: requiredText("The Get help text", 10_000),
  savings_limit: dollarsField("The savings limit"),
  household_cap: dollarsField("The twelve-month household cap"),
  retention_years: wholeNumber("Years to keep a closed case", 1, 30),
  document_days: wholeNumber("Days to send a document", 1, 90),
});

/** The table's rows, judged apart so their errors show beside the other fields' (an intersection checks both). */
const rowsSchema = z.object(rowFields).superRefine((value, context) => {
  const amounts = value as unknown as Record<string, number | undefined>;
  const row = (size: number) => ({ low: amounts[`low_${size}`], high: amounts[`high_${size}`] });
  let ended = false;
  for (const size of SIZES) {
    const { low, high } = row(size);
    if (low === undefined && high === undefined) {
      if (size === 1)
        context.addIssue({ code: "custom", path: ["low_1"], message: "Please give the help for a household of 1" });
      ended = true;
      continue;
    }
    if (ended) {
      context.addIssue({
        code: "custom",
        path: [`low_${size}`],
        message: `Please fill the rows above household size ${size} first: a blank row ends the table`,
      });
      continue;
    }
    if (low === undefined)
      context.addIssue({ code: "custom", path: [`low_${size}`], message: "Please give the lowest help too" });
    if (high === undefined)
      context.addIssue({ code: "custom", path: [`high_${size}`], message: "Please give the highest help too" });
    if (low !== undefined && high !== undefined && high < low)
      context.addIssue({
        code: "custom",
        path: [`high_${size}`],
        message: "The highest help cannot be below the lowest",
      });
  }
});

export const applicationSettingsFormSchema = figuresSchema.and(rowsSchema);
export type ApplicationSettingsForm = z.infer<typeof applicationSettingsFormSchema>;

/** The form's typed values as the settings kept. */
export function settingsOfForm(form: ApplicationSettingsForm): ApplicationSettings {
  const values = form as unknown as Record<string, number | undefined>;
  const rows: EligibilityRow[] = [];
  for (const size of SIZES) {
    const low = values[`low_${size}`];
    const high = values[`high_${size}`];
    if (low === undefined || high === undefined) break;
    rows.push({ household_size: size, low_cents: dollarsToCents(low), high_cents: dollarsToCents(high) });
  }
  return {
    helpText: form.help_text,
    eligibility: { rows, savings_limit_cents: dollarsToCents(form.savings_limit) },
    householdCapCents: dollarsToCents(form.household_cap),
    retentionYears: form.retention_years,
    documentDays: form.document_days,
  };
}

/** The settings as the form's fields (and the API's answer): dollars as text, empty rows blank. */
export function formOfSettings(settings: ApplicationSettings): Record<string, string> {
  const fields: Record<string, string> = {
    help_text: settings.helpText,
    savings_limit: String(centsToDollars(settings.eligibility.savings_limit_cents)),
    household_cap: String(centsToDollars(settings.householdCapCents)),
    retention_years: String(settings.retentionYears),
    document_days: String(settings.documentDays),
  };
  for (const row of settings.eligibility.rows) {
    fields[`low_${row.household_size}`] = String(centsToDollars(row.low_cents));
    fields[`high_${row.household_size}`] = String(centsToDollars(row.high_cents));
  }
  return fields;
}

/** The settings as GET /api/applications/settings answers them (dollars, snake_case). */
export function settingsAsJson(settings: ApplicationSettings) {
  return {
    help_text: settings.helpText,
    eligibility: {
      rows: settings.eligibility.rows.map((row) => ({
        household_size: row.household_size,
        low: centsToDollars(row.low_cents),
        high: centsToDollars(row.high_cents),
      })),
      savings_limit: centsToDollars(settings.eligibility.savings_limit_cents),
    },
    household_cap: centsToDollars(settings.householdCapCents),
    retention_years: settings.retentionYears,
    document_days: settings.documentDays,
  };
}

/**
 * A PUT body in the answer's shape, as the form's fields, so one schema judges both (a row's
 * errors are named `low_3`, `high_3`, the form's names, in both).
 */
export function formFieldsOfJson(body: Record<string, unknown>): Record<string, unknown> {
  const eligibility = (body.eligibility ?? {}) as { rows?: unknown; savings_limit?: unknown };
  const fields: Record<string, unknown> = {
    help_text: body.help_text,
    savings_limit: eligibility.savings_limit,
    household_cap: body.household_cap,
    retention_years: body.retention_years,
    document_days: body.document_days,
  };
  const rows = Array.isArray(eligibility.rows) ? eligibility.rows : [];
  rows.forEach((row: { low?: unknown; high?: unknown } | null, index) => {
    fields[`low_${index + 1}`] = row?.low;
    fields[`high_${index + 1}`] = row?.high;
  });
  return fields;
}
