import { hasWholeCents, readNumber } from "~/shared/amount-input";
import { optionalText, requiredEmail, requiredText } from "~/shared/schema-fields";
import { z } from "~/shared/zod";

/**
 * What a family tells the foundation when they apply, one schema shared by the browser, the
 * form's action and the service. The form asks it in steps (`APPLICATION_STEPS`), each checked
 * by its own part of this schema, so a step's errors show on that step; the whole is checked
 * again on submit. Money is typed in dollars, per month, and kept in cents.
 */
const MAX_DOLLARS = 1_000_000;

/** Dollars a family types: empty is $0, "1,250.50" is read, a negative or fractional cent is refused. */
export function dollarsField(label: string) {
  return z.preprocess(
    (raw) => readNumber(raw) ?? 0,
    z
      .number({ message: `${label} must be an amount in dollars` })
      .refine(Number.isFinite, `${label} must be an amount in dollars`)
      .refine((value) => value >= 0, `${label} cannot be negative`)
      .refine((value) => value <= MAX_DOLLARS, `${label} must be at most $1,000,000`)
      .refine(hasWholeCents, `${label} cannot have fractions of a cent`),
  );
}

function wholeNumber(label: string, min: number, max: number) {
  return z.preprocess(
    (raw) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : raw),
    z
      .number({ message: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** A date of birth as the form's date field sends it; a person alive today, 16 or older to apply. */
const dateOfBirth = z
  .string({ message: "Date of birth is required" })
  .trim()
  .min(1, "Date of birth is required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give the date of birth as year, month and day")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Please give a real date")
  .refine((value) => value >= "1900-01-01", "Please check the year of birth")
  .refine((value) => {
    const sixteen = new Date();
    sixteen.setUTCFullYear(sixteen.getUTCFullYear() - 16);
    return value <= sixteen.toISOString().slice(0, 10);
  }, "The person applying must be 16 or older");

/**
 * "4, 7, 12": the children's ages, as one field that works without JavaScript. Empty means no
 * children. (Checked with refinements on the split text, not a second string schema: conform
 * reads an empty string as "not given" at every string schema, a piped one included.)
 */
const childrenAges = z
  .string()
  .trim()
  .max(200, "Please list at most 20 ages")
  .nullish()
  .transform((value) => (value ?? "").split(/[\s,;]+/).filter(Boolean))
  .refine(
    (ages) => ages.every((age) => /^\d{1,2}$/.test(age) && Number(age) < 18),
    "Please give each child's age in years (under 18), separated by commas",
  )
  .refine((ages) => ages.length <= 20, "Please list at most 20 children")
  .transform((ages) => ages.map(Number));

export const applicantStep = z.object({
  name: requiredText("Full name", 120),
  email: requiredEmail(),
  phone: requiredText("Phone number", 40).refine(
    (value) => value.replace(/\D/g, "").length >= 7,
    "Please give a phone number we can call",
  ),
  address: requiredText("Address", 400),
  date_of_birth: dateOfBirth,
});

export const householdStep = z.object({
  adults: wholeNumber("Adults in the household", 1, 20),
  children_ages: childrenAges,
});

export const INCOME_SOURCES = [
  { key: "income_work", label: "Wages or self-employment" },
  { key: "income_benefits", label: "Benefits or government support" },
  { key: "income_pension", label: "Pension" },
  { key: "income_support", label: "Maintenance or family support" },
  { key: "income_other", label: "Other income" },
] as const;

export const ESSENTIAL_COSTS = [
  { key: "cost_housing", label: "Rent or mortgage" },
  { key: "cost_utilities", label: "Gas, electricity and water" },
  { key: "cost_food", label: "Food" },
  { key: "cost_transport", label: "Transport" },
  { key: "cost_childcare", label: "Childcare and school" },
  { key: "cost_debt", label: "Debt repayments" },
  { key: "cost_other", label: "Other essential costs" },
] as const;

export const moneyStep = z.object({
  income_work: dollarsField("Wages or self-employment"),
  income_benefits: dollarsField("Benefits or government support"),
  income_pension: dollarsField("Pension"),
  income_support: dollarsField("Maintenance or family support"),
  income_other: dollarsField("Other income"),
  cost_housing: dollarsField("Rent or mortgage"),
  cost_utilities: dollarsField("Gas, electricity and water"),
  cost_food: dollarsField("Food"),
  cost_transport: dollarsField("Transport"),
  cost_childcare: dollarsField("Childcare and school"),
  cost_debt: dollarsField("Debt repayments"),
  cost_other: dollarsField("Other essential costs"),
  savings: dollarsField("Savings"),
  debts: dollarsField("Debts"),
  debts_details: optionalText("What the debts are", 1000),
});

export const PURPOSES = [
  { key: "rent", label: "Rent or housing arrears" },
  { key: "utilities", label: "Gas, electricity or water bills" },
  { key: "food", label: "Food and daily needs" },
  { key: "debt", label: "Paying off a debt" },
  { key: "medical", label: "Medical costs" },
  { key: "education", label: "School or education costs" },
  { key: "emergency", label: "An emergency (fire, flood, loss)" },
  { key: "other", label: "Something else" },
] as const;
export type PurposeKey = (typeof PURPOSES)[number]["key"];
const PURPOSE_KEYS = PURPOSES.map((purpose) => purpose.key) as [PurposeKey, ...PurposeKey[]];

export const helpStep = z.object({
  purpose: z.enum(PURPOSE_KEYS, { message: "Please choose what the help is for" }),
  purpose_details: requiredText("What the help is for", 2000),
  requested: dollarsField("The amount asked for").refine(
    (value) => value >= 1,
    "Please say how much you are asking for",
  ),
});

const mustBeTicked = (message: string) =>
  z.preprocess((raw) => raw === "on" || raw === "true" || raw === true, z.literal(true, { message }));

export const declarationsStep = z.object({
  declare_true: mustBeTicked("Please confirm that what you told us is true and complete"),
  consent_privacy: mustBeTicked("Please agree to the privacy notice so that we can look at your application"),
});

export const APPLICATION_STEPS = [
  { key: "applicant", title: "About you", schema: applicantStep },
  { key: "household", title: "Your household", schema: householdStep },
  { key: "money", title: "Money coming in and going out", schema: moneyStep },
  { key: "help", title: "The help you need", schema: helpStep },
  { key: "declarations", title: "Check and send", schema: declarationsStep },
] as const;
export type ApplicationStepKey = (typeof APPLICATION_STEPS)[number]["key"];

export const applicationSchema = applicantStep
  .extend(householdStep.shape)
  .extend(moneyStep.shape)
  .extend(helpStep.shape)
  .extend(declarationsStep.shape);

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** Everything the family told, as sealed and kept (the declarations are recorded as given, with when). */
export type ApplicantRecord = Omit<ApplicationInput, "declare_true" | "consent_privacy"> & { declared_at: string };

export function householdSize(input: Pick<ApplicationInput, "adults" | "children_ages">): number {
  return input.adults + input.children_ages.length;
}
