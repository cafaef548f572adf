import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FieldError } from "~/ui/field-error";
import {
  ramadanSettingsFormSchema,
  type RamadanSettingsForm as RamadanSettingsValues,
} from "../rules/ramadan-settings-form";
import { eveningWords } from "../rules/ramadan-words";

export interface RamadanSettingsFormProps {
  /** The confirmed first night's evening ('' while not confirmed) and the charge hour, as stored. */
  values: RamadanSettingsValues;
  /** The Hijri calendar's evening before 1 Ramadan of the coming (or current) Ramadan. */
  proposedFirstNight: string;
  /** The stored first night is a rehearsal's (test mode), not a sighting's. */
  rehearsed: boolean;
  hijriYear: number;
  /** SITE_TIMEZONE: the hour is this zone's. */
  timeZone: string;
  /** "Tonight is the 23rd night…" or when Ramadan begins. */
  tonight: string;
  /** Test mode's today: an evening out of season may be set, to rehearse the nights; null with live keys. */
  rehearsalToday: string | null;
  /** Test mode only: the first night that makes tonight the 21st night, offered as one button; null with live keys. */
  rehearsalFirstNight: string | null;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * The nights of Ramadan on the Settings screen: the evening of the first night, which staff
 * confirm once the moon is sighted (the calculation only proposes it, and says so), and the
 * hour each night is charged. One plain POST (intent "ramadan"), saved by each setting's rule.
 */
export function RamadanSettingsForm({
  values,
  proposedFirstNight,
  rehearsed,
  hijriYear,
  timeZone,
  tonight,
  rehearsalToday,
  rehearsalFirstNight,
  lastResult,
}: RamadanSettingsFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "ramadan";
  const [form, fields] = useForm<RamadanSettingsValues>({
    id: "ramadan-settings",
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ramadanSettingsFormSchema({ rehearsalToday }) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const proposalId = "ramadan-first-night-proposal";
  const hourHintId = "ramadan-charge-hour-hint";
  const firstNight = getInputProps(fields.ramadan_first_night, { type: "date" });
  const hour = getInputProps(fields.ramadan_charge_hour, { type: "number" });
  const confirmed = values.ramadan_first_night !== "";

  return (
    <section aria-labelledby="ramadan-settings-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="ramadan-settings-title" className="text-lg font-semibold text-slate-900">
        Ramadan nights
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        When the nights of Ramadan {hijriYear} AH are given: donors&apos; nights are dated from the first night, and
        each is charged at the hour below.{" "}
        <Link to="/admin/ramadan" className="font-medium text-brand-700 underline">
          See the schedules
        </Link>
      </p>
      <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="ramadan-tonight">
        {tonight}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="ramadan" />
        {form.errors ? (
          <p role="alert" className="field-error">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.ramadan_first_night.id} className="field-label">
            First night of Ramadan
          </label>
          <input
            {...firstNight}
            key={fields.ramadan_first_night.key}
            aria-describedby={[proposalId, firstNight["aria-describedby"]].filter(Boolean).join(" ")}
            className="field-input max-w-56"
          />
          <p id={proposalId} className="mt-1 text-sm text-slate-600" data-testid="ramadan-proposal">
            The evening of the first night, the evening before the first fast.{" "}
            {rehearsed ? (
              `A rehearsal in test mode: the nights are tried from the evening above, not from the calculation's ${eveningWords(proposedFirstNight)}.`
            ) : (
              <>
                Proposed from the Hijri calendar: {eveningWords(proposedFirstNight)}
                {confirmed ? "." : " — confirm it once the moon is sighted."}{" "}
                {confirmed ? "Confirmed." : "Until it is confirmed, donors see the proposal, marked as one."}
              </>
            )}
          </p>
          {rehearsalToday ? (
            <p className="mt-1 text-sm text-amber-900">
              Test mode: any evening from 29 evenings ago to a year ahead may be set, to try the nights out of season;
              no money moves.
            </p>
          ) : null}
          <FieldError id={fields.ramadan_first_night.errorId} errors={fields.ramadan_first_night.errors} />
        </div>
        <div>
          <label htmlFor={fields.ramadan_charge_hour.id} className="field-label">
            Charge hour
          </label>
          <input
            {...hour}
            key={fields.ramadan_charge_hour.key}
            min={0}
            max={23}
            step={1}
            required
            aria-describedby={[hourHintId, hour["aria-describedby"]].filter(Boolean).join(" ")}
            className="field-input max-w-28"
          />
          <p id={hourHintId} className="mt-1 text-sm text-slate-600">
            An hour of the night, 17 to 23 or 0 to 4 (after midnight), in the foundation&apos;s time ({timeZone}): a
            night begins at sunset, so each night is charged from this hour on its evening, never in the daytime before
            it.
          </p>
          <FieldError id={fields.ramadan_charge_hour.errorId} errors={fields.ramadan_charge_hour.errors} />
        </div>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save Ramadan settings"}
        </button>
      </Form>
      {rehearsalFirstNight ? <RehearseTonight firstNight={rehearsalFirstNight} /> : null}
    </section>
  );
}

/**
 * Test mode's shortcut for trying the nights out of season: one press sets the first night
 * to the evening twenty evenings before tonight, so tonight is the 21st night. Never shown
 * with keys: the action refuses it there too.
 */
function RehearseTonight({ firstNight }: { firstNight: string }) {
  const hintId = "ramadan-rehearse-hint";
  return (
    <Form
      method="post"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3"
      preventScrollReset
      data-testid="ramadan-rehearse"
    >
      <p id={hintId} className="text-sm text-amber-900">
        Test mode only, no money moves: sets the first night to the evening of {eveningWords(firstNight)}, so that
        tonight is the 21st night, the first of the last ten.
      </p>
      <button
        type="submit"
        name="intent"
        value="ramadan-rehearse"
        className="btn-secondary mt-2"
        aria-describedby={hintId}
      >
        Rehearse: make tonight the 21st night
      </button>
    </Form>
  );
}
