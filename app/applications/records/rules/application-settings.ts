/**
 * The settings applications read, with the defaults a new site starts from (staff change them
 * on the applications' settings screen). Kept in the settings table under these keys, as text.
 */
export const APPLICATION_SETTING_KEYS = {
  helpText: "applications_help_text",
  eligibilityTable: "applications_eligibility_table",
  householdCap: "applications_household_cap_cents",
  retentionYears: "applications_retention_years",
  documentDays: "applications_document_days",
} as const;

/** The indicative help per household size; the last row counts for that many people or more. */
export interface EligibilityRow {
  household_size: number;
  low_cents: number;
  high_cents: number;
}

export interface EligibilityTable {
  rows: EligibilityRow[];
  /** Savings above this and an application is unlikely to succeed (about the nisab by silver). */
  savings_limit_cents: number;
}

export interface ApplicationSettings {
  helpText: string;
  eligibility: EligibilityTable;
  householdCapCents: number;
  retentionYears: number;
  documentDays: number;
}

export const DEFAULT_HELP_TEXT = `We help Muslim individuals and families who cannot meet their essential needs: rent and bills they cannot pay, debts they cannot clear, an emergency they cannot face alone. Help comes from Zakat, so it goes to the eight categories the Qur'an names, and most often to the poor, the needy and those in debt.

To apply, you will need: your contact details and date of birth, who lives with you, what money comes in each month and what your essential costs are, your savings and debts, and what the help is for. We may ask for documents later, such as a bank statement, a tenancy agreement or a bill: you upload them from your own page.

A case worker looks at every application. Most families hear from us within ten working days; we tell you at once if we need anything more.`;

export const DEFAULT_ELIGIBILITY: EligibilityTable = {
  rows: [
    { household_size: 1, low_cents: 20_000, high_cents: 60_000 },
    { household_size: 2, low_cents: 30_000, high_cents: 90_000 },
    { household_size: 3, low_cents: 40_000, high_cents: 120_000 },
    { household_size: 4, low_cents: 50_000, high_cents: 150_000 },
    { household_size: 5, low_cents: 60_000, high_cents: 180_000 },
    { household_size: 6, low_cents: 70_000, high_cents: 210_000 },
  ],
  savings_limit_cents: 300_000,
};

export const DEFAULT_APPLICATION_SETTINGS: ApplicationSettings = {
  helpText: DEFAULT_HELP_TEXT,
  eligibility: DEFAULT_ELIGIBILITY,
  householdCapCents: 600_000,
  retentionYears: 6,
  documentDays: 10,
};

function wholeNumber(text: string | undefined, fallback: number, min: number): number {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= min ? value : fallback;
}

function eligibilityFrom(text: string | undefined): EligibilityTable {
  if (!text) return DEFAULT_ELIGIBILITY;
  try {
    const table = JSON.parse(text) as EligibilityTable;
    return Array.isArray(table.rows) && table.rows.length ? table : DEFAULT_ELIGIBILITY;
  } catch {
    return DEFAULT_ELIGIBILITY;
  }
}

/** The settings from their stored text (a key never saved, or unreadable, takes its default). */
export function applicationSettingsFrom(values: ReadonlyMap<string, string>): ApplicationSettings {
  const keys = APPLICATION_SETTING_KEYS;
  return {
    helpText: values.get(keys.helpText)?.trim() || DEFAULT_HELP_TEXT,
    eligibility: eligibilityFrom(values.get(keys.eligibilityTable)),
    householdCapCents: wholeNumber(values.get(keys.householdCap), DEFAULT_APPLICATION_SETTINGS.householdCapCents, 0),
    retentionYears: wholeNumber(values.get(keys.retentionYears), DEFAULT_APPLICATION_SETTINGS.retentionYears, 1),
    documentDays: wholeNumber(values.get(keys.documentDays), DEFAULT_APPLICATION_SETTINGS.documentDays, 1),
  };
}
