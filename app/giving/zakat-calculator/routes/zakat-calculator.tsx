import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/zakat-calculator";
import { ToBeConfirmed } from "~/ui/to-be-confirmed";
import { ZakatResultPanel, ZakatTotalBar } from "../components/zakat-result";
import { CALCULATION_FIELDS, ZakatReminderForm, type ZakatReminderReply } from "~/donors/zakat-reminders/index.ui";
import { FieldError } from "~/ui/field-error";
import { PageHero } from "~/ui/page-hero";
import {
  AMOUNT_FIELDS,
  DEFAULT_ZAKAT_INPUTS,
  calculateZakat,
  type ZakatAmountField,
  type ZakatInputs,
  type ZakatResult,
} from "../rules/zakat";
import { zakatInputSchemaFor, type MetalPrices } from "../rules/zakat-schema";
import { formatBothCalendars } from "~/shared/hijri";
import { readFormBody } from "~/lib/form-body.server";
import { nisabInDollars, priceFigures, ZAKAT_FIGURES } from "../rules/zakat-figures";
import { calculatorValuesOf } from "~/donors/zakat-reminders";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { formRefusalOrThrow } from "~/ui/form-replies.server";
import { visitorOf, type Visitor } from "~/lib/visitor.server";
import { askForZakatReminder, keptFiguresOfLink } from "~/donors/zakat-reminders/index.server";
import { todaysMetalPrices } from "../server/metal-prices.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Zakat Calculator | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "Work out the Zakat due on your savings, gold, silver, investments, business goods and harvest, then pay it in one click.",
  },
];

/** A page opened from a reminder shows the donor's kept figures: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * Today's gold and silver prices, from the foundation's rates register: the defaults a
 * donor can change. A reminder's link (`?reminder=`) adds the figures the donor kept.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const key = url.searchParams.get("reminder");
  const kept = key ? await keptFiguresOfLink(key) : null;
  return data(
    { prices: await todaysMetalPrices(), kept: kept ? calculatorValuesOf(kept) : null, fromReminder: key !== null },
    { headers: key !== null ? PRIVATE_PAGE_HEADERS : undefined },
  );
}

/** Without JavaScript the form posts here and the page answers with the result; "Remind me" posts here too. */
export async function action({ request, context }: Route.ActionArgs) {
  const schema = zakatInputSchemaFor(await todaysMetalPrices());
  const form = await readFormBody(request);
  if (form.get("intent") === "remind-me") return remindMe(form, schema, visitorOf(request, context));
  const submission = parseWithZod(form, { schema });
  return data(
    { result: submission.reply(), reminder: undefined },
    { status: submission.status === "error" ? 400 : 200 },
  );
}

/** The reminder's answer, with the calculation it came from (its figures travel beside it), so the page shows both. */
async function remindMe(form: FormData, schema: ReturnType<typeof zakatInputSchemaFor>, visitor: Visitor) {
  const calculation = new FormData();
  for (const name of CALCULATION_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") calculation.set(name, value);
  }
  const result = parseWithZod(calculation, { schema }).reply();
  const fields = Object.fromEntries(form) as Record<string, string>;
  try {
    const asked = await askForZakatReminder(fields, visitor);
    const reminder: ZakatReminderReply = {
      status: "asked",
      message: `Thank you! Please check your inbox at ${asked.email} and confirm your reminder for ${formatBothCalendars(asked.plan.due_on)}.`,
    };
    return data({ result, reminder });
  } catch (error) {
    const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
    const reminder: ZakatReminderReply = {
      status: "invalid",
      error: fieldErrors?.email?.[0] ?? message,
      ...(fieldErrors?.email ? { field: "email" as const } : {}),
      email: fields.email ?? "",
      keep_figures: Boolean(fields.keep_figures),
    };
    return data({ result, reminder }, { status, headers });
  }
}

interface FieldInfo {
  name: ZakatAmountField;
  label: string;
  hint?: string;
  unit: "$" | "g";
}

/** What an empty field counts as: 0, or today's price for the metals. */
function placeholderOf(name: ZakatAmountField, prices: MetalPrices): string {
  return String({ ...DEFAULT_ZAKAT_INPUTS, ...prices }[name]);
}

/** The form's groups of fields; the metals' hints name today's prices. */
function groupsAt(prices: MetalPrices): { title: string; description: string; fields: FieldInfo[] }[] {
  const figures = priceFigures(prices.gold_price_per_gram, prices.silver_price_per_gram);
  return [
    {
      title: "Money and investments",
      description: "What you hold today, at its current value.",
      fields: [
        { name: "cash", label: "Cash and bank balances", unit: "$" },
        { name: "receivables", label: "Money owed to you", hint: "Loans you expect to be repaid", unit: "$" },
        { name: "stocks", label: "Shares and funds", unit: "$" },
        { name: "retirement", label: "Retirement savings you can access", unit: "$" },
        { name: "investment_property", label: "Property held for investment", unit: "$" },
        { name: "other_valuables", label: "Other valuables", unit: "$" },
        { name: "livestock", label: "Livestock (value)", unit: "$" },
        { name: "other_assets", label: "Other zakatable assets", unit: "$" },
      ],
    },
    {
      title: "Gold and silver",
      description: "Weight in grams and today's price per gram.",
      fields: [
        { name: "gold_weight", label: "Gold (grams)", unit: "g" },
        {
          name: "gold_price_per_gram",
          label: "Gold price per gram",
          hint: `${figures.goldPrice} if left empty`,
          unit: "$",
        },
        { name: "silver_weight", label: "Silver (grams)", unit: "g" },
        {
          name: "silver_price_per_gram",
          label: "Silver price per gram",
          hint: `${figures.silverPrice} if left empty`,
          unit: "$",
        },
      ],
    },
    {
      title: "Business and harvest",
      description: "Stock held for sale, and the value of this harvest.",
      fields: [
        { name: "business_goods", label: "Business goods for sale", unit: "$" },
        { name: "agriculture_value", label: "Harvest value", unit: "$" },
      ],
    },
    {
      title: "What you owe",
      description: "Debts due now are taken off your money and investments.",
      fields: [{ name: "liabilities", label: "Debts and bills due", unit: "$" }],
    },
  ];
}

const PRICE_FIELDS: ZakatAmountField[] = ["gold_price_per_gram", "silver_price_per_gram"];

/** Only the prices start filled in (today's); the rest are empty until the donor types. */
function defaultValuesAt(prices: MetalPrices) {
  return {
    gold_price_per_gram: String(prices.gold_price_per_gram),
    silver_price_per_gram: String(prices.silver_price_per_gram),
    nisab_basis: DEFAULT_ZAKAT_INPUTS.nisab_basis,
    agriculture_irrigation: DEFAULT_ZAKAT_INPUTS.agriculture_irrigation,
  };
}

const TIPS = [
  "Calculate on the same date each year, your Zakat anniversary, using that day's values.",
  "Count only what you have held for a full lunar year; a harvest is due when it is gathered.",
  "Use today's gold and silver prices: a local jeweller or bullion dealer will tell you.",
  "Take off only debts that are due now, not the whole of a long mortgage.",
  "In doubt, round up: the extra is accepted as Sadaqa.",
];

function somethingEntered(values: Record<string, unknown> | undefined): boolean {
  return AMOUNT_FIELDS.some((field) => {
    if (PRICE_FIELDS.includes(field)) return false;
    const value = Number(values?.[field] ?? 0);
    return Number.isFinite(value) && value !== 0;
  });
}

export default function ZakatCalculator({
  loaderData: { prices, kept, fromReminder },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const zakatInputSchema = useMemo(() => zakatInputSchemaFor(prices), [prices]);
  const groups = useMemo(() => groupsAt(prices), [prices]);
  const [form, fields] = useForm<
    Record<ZakatAmountField | "nisab_basis" | "agriculture_irrigation", string>,
    ZakatInputs
  >({
    id: "zakat",
    lastResult: actionData?.result,
    defaultValue: { ...defaultValuesAt(prices), ...kept },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: zakatInputSchema }),
    shouldValidate: "onInput",
  });

  // The same function the server and the API use, run as the donor types.
  const values = form.value as Record<string, unknown> | undefined;
  const parsed = zakatInputSchema.safeParse(values ?? {});
  let result: ZakatResult | null = null;
  let problem: string | undefined;
  if (!parsed.success) problem = "Correct the highlighted fields to see your Zakat.";
  else if (somethingEntered(values)) result = calculateZakat(parsed.data);

  const goldPrice = parsed.success ? parsed.data.gold_price_per_gram : prices.gold_price_per_gram;
  const silverPrice = parsed.success ? parsed.data.silver_price_per_gram : prices.silver_price_per_gram;
  const calculating = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/zakat-calculator";
  // After Calculate Zakat, focus goes to the result, which is what the donor asked for.
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (actionData) resultHeading.current?.focus();
  }, [actionData]);

  return (
    <>
      <PageHero id="calculator-title" eyebrow="Zakat" title="Zakat Calculator">
        <p>
          Enter what you own and what you owe. Your Zakat is worked out as you type, and you can pay it in one click.
        </p>
        {fromReminder ? (
          <p className="mt-2 font-medium" data-testid="kept-figures-notice">
            {kept
              ? "These are the figures you kept with your reminder: bring them up to date with what you hold today. The metal prices are today's."
              : "No figures are kept for this link any more: enter what you hold today."}
          </p>
        ) : null}
      </PageHero>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <Form method="post" {...getFormProps(form)} className="space-y-8 lg:col-span-2">
          {groups.map((group) => (
            <fieldset key={group.title} className="rounded-xl border border-slate-200 p-5">
              <legend className="px-1 text-lg font-semibold text-slate-900">{group.title}</legend>
              <p className="text-sm text-slate-600">{group.description}</p>
              {group.title === "Gold and silver" ? <TodaysPrices prices={prices} /> : null}
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {group.fields.map((info) => (
                  <AmountField
                    key={info.name}
                    info={info}
                    field={fields[info.name]}
                    placeholder={placeholderOf(info.name, prices)}
                  />
                ))}
              </div>
              {group.title === "Business and harvest" ? (
                <RadioChoice
                  legend="How was the harvest watered?"
                  field={fields.agriculture_irrigation}
                  options={[
                    { value: "irrigated", label: `Irrigated at my cost (${ZAKAT_FIGURES.irrigatedHarvestRate})` },
                    { value: "rain", label: `Rain or rivers (${ZAKAT_FIGURES.rainHarvestRate})` },
                  ]}
                />
              ) : null}
            </fieldset>
          ))}

          <fieldset className="rounded-xl border border-slate-200 p-5">
            <legend className="px-1 text-lg font-semibold text-slate-900">Nisab</legend>
            <p className="text-sm text-slate-600">
              Zakat is due only when your money, gold, silver and business goods together reach the nisab. Many scholars
              advise the silver standard, which is lower, so that more is given to those in need; others use gold.
            </p>
            <RadioChoice
              legend="Measure the nisab by"
              field={fields.nisab_basis}
              options={[
                {
                  value: "silver",
                  label: `Silver: ${ZAKAT_FIGURES.silverNisabWeight} (${nisabInDollars("silver", goldPrice, silverPrice)})`,
                },
                {
                  value: "gold",
                  label: `Gold: ${ZAKAT_FIGURES.goldNisabWeight} (${nisabInDollars("gold", goldPrice, silverPrice)})`,
                },
              ]}
            />
          </fieldset>

          <ZakatTotalBar result={result} />

          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={calculating}>
              {calculating ? "Calculating..." : "Calculate Zakat"}
            </button>
            <button {...form.reset.getButtonProps()} className="btn-secondary">
              Reset
            </button>
          </div>
        </Form>

        <aside className="space-y-6 lg:sticky lg:top-20 lg:self-start">
          <ZakatResultPanel result={result} problem={problem} headingRef={resultHeading} />
          {result && parsed.success ? (
            <ZakatReminderForm figures={parsed.data} lastReply={actionData?.reminder} />
          ) : null}
          <section aria-labelledby="about-zakat-title" className="rounded-xl bg-slate-50 p-6 text-sm text-slate-700">
            <h2 id="about-zakat-title" className="text-lg font-semibold text-slate-900">
              About Zakat
            </h2>
            <p className="mt-2">
              Zakat is {ZAKAT_FIGURES.rate} of the wealth you have held for a lunar year, once it reaches the nisab. At
              the prices above:
            </p>
            <ul className="mt-2 space-y-1">
              <li>
                Gold nisab: {ZAKAT_FIGURES.goldNisabWeight}, about{" "}
                <strong>{nisabInDollars("gold", goldPrice, silverPrice)}</strong>
              </li>
              <li>
                Silver nisab: {ZAKAT_FIGURES.silverNisabWeight}, about{" "}
                <strong>{nisabInDollars("silver", goldPrice, silverPrice)}</strong>
              </li>
            </ul>
            <p className="mt-2">
              A harvest is due at {ZAKAT_FIGURES.irrigatedHarvestRate} or {ZAKAT_FIGURES.rainHarvestRate} when it is
              gathered.{" "}
              <Link to="/zakat-education" className="font-medium text-brand-700 underline">
                Learn more about Zakat
              </Link>
            </p>
            <p className="mt-2">
              Zakat al-Fitr, Fidya or Kaffarah are paid at fixed rates:{" "}
              <Link to="/obligations" className="font-medium text-brand-700 underline">
                quick pay works them out
              </Link>
              .
            </p>
          </section>
          <section
            aria-labelledby="tips-title"
            className="rounded-xl border border-slate-200 p-6 text-sm text-slate-700"
          >
            <h2 id="tips-title" className="text-lg font-semibold text-slate-900">
              Quick Tips
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </>
  );
}

/** The prices the fields start from, and the day each was set, so a donor knows how fresh they are. */
function TodaysPrices({ prices }: { prices: Route.ComponentProps["loaderData"]["prices"] }) {
  const figures = priceFigures(prices.gold_price_per_gram, prices.silver_price_per_gram);
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="todays-prices">
      The foundation&apos;s prices: gold {figures.goldPrice} a gram as of {formatBothCalendars(prices.gold_as_of)}
      {prices.gold_to_confirm ? <ToBeConfirmed /> : null}, silver {figures.silverPrice} a gram as of{" "}
      {formatBothCalendars(prices.silver_as_of)}
      {prices.silver_to_confirm ? <ToBeConfirmed /> : null}. Type today&apos;s price where you know it.
      {prices.gold_to_confirm || prices.silver_to_confirm
        ? " A price marked to be confirmed is a starting figure our staff have yet to confirm."
        : null}
    </p>
  );
}

/** A figure to type. Its hint sits under the box, so the boxes of a row line up whether or not a field has one. */
function AmountField({
  info,
  field,
  placeholder,
}: {
  info: FieldInfo;
  field: FieldMetadata<string>;
  placeholder: string;
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [info.hint ? hintId : "", field.errors?.length ? field.errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {info.label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
        >
          {info.unit}
        </span>
        <input
          {...getInputProps(field, { type: "number" })}
          key={field.key}
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder={placeholder}
          aria-describedby={describedBy || undefined}
          className="field-input pl-7"
        />
      </div>
      {info.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {info.hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function RadioChoice({
  legend,
  field,
  options,
}: {
  legend: string;
  field: FieldMetadata<string>;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset
      className="mt-4"
      aria-invalid={field.errors ? true : undefined}
      aria-describedby={field.errors ? field.errorId : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={field.name}
              value={option.value}
              form={field.formId}
              key={`${field.key ?? ""}-${option.value}`}
              defaultChecked={field.initialValue === option.value}
              className="accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
