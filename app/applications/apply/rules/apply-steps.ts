import { APPLICATION_STEPS, type ApplicationStepKey } from "~/applications/records";

/**
 * The application's steps as the form walks them (decision 161): what a draft holds (the
 * typed text of every step passed, by field name, and which steps are done), which step a
 * family may open (every step before it done), and where "Continue" leads.
 */
export interface DraftBody {
  values: Record<string, string>;
  done: ApplicationStepKey[];
}

export const EMPTY_DRAFT: DraftBody = { values: {}, done: [] };

export const STEP_KEYS = APPLICATION_STEPS.map((step) => step.key) as ApplicationStepKey[];

export function isStepKey(value: unknown): value is ApplicationStepKey {
  return typeof value === "string" && (STEP_KEYS as string[]).includes(value);
}

export function stepOf(key: ApplicationStepKey) {
  return APPLICATION_STEPS.find((step) => step.key === key)!;
}

/** The form fields a step asks (its schema's keys). */
export function fieldsOf(key: ApplicationStepKey): string[] {
  return Object.keys(stepOf(key).schema.shape);
}

export function nextStep(key: ApplicationStepKey): ApplicationStepKey | null {
  return STEP_KEYS[STEP_KEYS.indexOf(key) + 1] ?? null;
}

export function previousStep(key: ApplicationStepKey): ApplicationStepKey | null {
  const index = STEP_KEYS.indexOf(key);
  return index > 0 ? STEP_KEYS[index - 1]! : null;
}

/** The first step not done yet (the last, "Check and send", once all before it are). */
export function firstStepToDo(draft: DraftBody): ApplicationStepKey {
  return STEP_KEYS.find((key) => !draft.done.includes(key)) ?? STEP_KEYS.at(-1)!;
}

/** A step opens once every step before it is done; the first always opens. */
export function mayOpenStep(key: ApplicationStepKey, draft: DraftBody): boolean {
  return STEP_KEYS.slice(0, STEP_KEYS.indexOf(key)).every((before) => draft.done.includes(before));
}

/**
 * A step's typed text from a posted form, as the draft keeps it (the declarations are never
 * kept: they are given on sending).
 */
export function typedValuesOf(
  key: ApplicationStepKey,
  form: Iterable<[string, FormDataEntryValue]>,
): Record<string, string> {
  if (key === "declarations") return {};
  const wanted = new Set(fieldsOf(key));
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (wanted.has(name) && typeof value === "string") values[name] = value;
  return values;
}

/** The draft with a step's typed text in place of what it held, and the step marked done when it passed. */
export function withStep(
  draft: DraftBody,
  key: ApplicationStepKey,
  values: Record<string, string>,
  passed: boolean,
): DraftBody {
  const kept = Object.fromEntries(Object.entries(draft.values).filter(([name]) => !fieldsOf(key).includes(name)));
  const done = draft.done.filter((step) => step !== key);
  return {
    values: { ...kept, ...values },
    done: passed ? STEP_KEYS.filter((step) => done.includes(step) || step === key) : done,
  };
}
