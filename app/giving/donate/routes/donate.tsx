import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/donate";
import { GiftChoices, isTicked } from "../components/gift-choices";
import { CanceledCheckoutNotice, useKeptDonor } from "../components/kept-donor";
import { AmountChoice, FrequencyChoice, readFrequency, readGiftAmount } from "../components/gift-amount-fields";
import { ImpactPreview } from "../components/impact-preview";
import { QuickPayDonation, type QuickPayView } from "~/giving/quick-pay/index.ui";
import { DonateWays } from "../components/donate-ways";
import { RAMADAN_WAY, RamadanNightsDonation, ramadanNightsView } from "~/giving/ramadan-nights/index.ui";
import { InputField, SelectField } from "~/ui/form-fields";
import { PageHero } from "~/ui/page-hero";
import { useHydrated } from "~/ui/use-hydrated";
import { donationSchema, quickPaySchema, type DonationRequest } from "../rules/donation-schemas";
import { feeCoverCents, giftWithFeeWords } from "../rules/fee-cover";
import { keptGiftChoices } from "../rules/kept-choices";
import { PRESET_AMOUNTS, initialDonation } from "../rules/gift-options";
import { changeRequestAddress, obligationQuery, readObligationQuery } from "~/giving/quick-pay";
import { isZakatBound } from "~/funds/funds";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { checkoutFormReply } from "./checkout-form.server";
import { ramadanNightsFormReply, ramadanSettings, startRamadanCheckout } from "~/giving/ramadan-nights/index.server";
import { checkoutVisitorOf } from "~/lib/visitor.server";
import { fundForPurpose, listDonateChoices } from "~/funds/funds/index.server";
import { isZakatPolicyPublished } from "~/funds/zakat-policy/index.server";
import { currentCardFee } from "../server/card-fee.server";
import { quoteQuickPay } from "~/giving/quick-pay/index.server";
import { startCheckout, startQuickPayCheckout } from "../server/checkout.server";
import type { loader as rootLoader } from "~/root";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Donate | Al-Amanah Foundation" },
  {
    name: "description",
    content: "Give your Zakat or Sadaqa once, every month or every year, through a secure hosted checkout.",
  },
];

/**
 * The purposes are the open funds' (general Sadaqa, Zakat, the restricted funds). From
 * quick pay (?obligation=fitr&people=5) the page shows that gift's fixed summary instead,
 * worked out from the rates; a request missing something goes back to quick pay's forms,
 * which say what. The card fee a donor may cover is the foundation's own (Settings).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const checkoutCanceled = url.searchParams.get("checkout") === "canceled";
  const [cardFee, policyPublished] = await Promise.all([currentCardFee(), isZakatPolicyPublished()]);
  const choices = keptGiftChoices(url.searchParams);
  const obligation = readObligationQuery(url.searchParams);
  if (url.searchParams.has("obligation") && !obligation) throw redirect(`/obligations?${url.searchParams}`);
  if (obligation) {
    const quote = await quoteQuickPay(obligation);
    const quickPay: QuickPayView = {
      fields: Object.fromEntries(new URLSearchParams(obligationQuery(obligation))),
      changeTo: changeRequestAddress(obligation),
      designation: quote.designation,
      amountCents: quote.amountCents,
      fund: quote.fund,
      late: quote.late,
      eidOn: quote.eidOn,
      isZakat: (await fundForPurpose(quote.purpose))?.is_zakat ?? false,
      choices,
    };
    return {
      checkoutCanceled,
      quickPay,
      ramadan: null,
      cardFee,
      policyPublished,
      funds: [],
      purposes: [],
      initial: initialDonation(new URLSearchParams()),
    };
  }
  const funds = (await listDonateChoices()).map((fund) => ({
    purpose: fund.purpose,
    name: fund.name,
    isZakat: isZakatBound(fund.kind),
  }));
  const purposes = funds.map((fund) => fund.purpose);
  // Ramadan nights (?way=ramadan-nights; back from a canceled card page, ?ramadan=<plan>): the nights are dated from
  // the first night staff confirmed, or the proposal.
  const ramadan =
    url.searchParams.get("way") === RAMADAN_WAY || url.searchParams.has("ramadan")
      ? ramadanNightsView(await ramadanSettings(), purposes, url.searchParams, {
          now: new Date(),
          timeZone: getEnv().SITE_TIMEZONE,
        })
      : null;
  return {
    checkoutCanceled,
    quickPay: null,
    ramadan,
    cardFee,
    policyPublished,
    funds,
    purposes,
    initial: { ...initialDonation(url.searchParams, purposes), ...choices },
  };
}

/**
 * Without JavaScript the form posts here and the answer is a 303 to the hosted
 * checkout; a preset button posts an "update" intent that only fills in the amount.
 * A quick-pay gift names its obligation, never its amount: that is worked out again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const visitor = () => checkoutVisitorOf(request, context);
  if (formData.get("way") === RAMADAN_WAY)
    return ramadanNightsFormReply(formData, (nights) => startRamadanCheckout(nights, visitor()));
  return formData.has("obligation")
    ? checkoutFormReply(
        formData,
        quickPaySchema,
        (gift) => startQuickPayCheckout(gift, visitor()),
        "Donation checkout failed",
      )
    : checkoutFormReply(formData, donationSchema, (gift) => startCheckout(gift, visitor()), "Donation checkout failed");
}

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paymentMode = useRouteLoaderData<typeof rootLoader>("root")?.paymentMode;
  // Stays true from the post until the browser leaves for the checkout page.
  const processing =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.split("?")[0] === "/donate";
  if (loaderData.ramadan) {
    return (
      <RamadanNightsDonation
        view={loaderData.ramadan}
        canceled={loaderData.checkoutCanceled && !actionData}
        lastResult={actionData?.result}
        processing={processing}
        sandbox={paymentMode === "sandbox"}
      />
    );
  }
  if (!loaderData.quickPay)
    return (
      <GiftDonation
        loaderData={loaderData}
        actionData={actionData}
        processing={processing}
        sandbox={paymentMode === "sandbox"}
      />
    );
  return (
    <>
      <PageHero id="donate-title" eyebrow="Quick pay" title="Make a Donation">
        <p>Your gift, worked out from the foundation&apos;s published rates. Add your name and email to continue.</p>
      </PageHero>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <QuickPayDonation
            view={loaderData.quickPay}
            checkoutCanceled={loaderData.checkoutCanceled && !actionData}
            cardFee={loaderData.cardFee}
            lastResult={actionData?.result}
            processing={processing}
            sandbox={paymentMode === "sandbox"}
          />
        </div>
        <aside className="space-y-6">
          <AmanahBox policyPublished={loaderData.policyPublished} />
        </aside>
      </div>
    </>
  );
}

function GiftDonation({
  loaderData,
  actionData,
  processing,
  sandbox,
}: Pick<Route.ComponentProps, "loaderData" | "actionData"> & { processing: boolean; sandbox: boolean }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<DonateFields, DonationRequest>({
    id: "donate",
    lastResult: actionData?.result,
    defaultValue: loaderData.initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const checkoutCanceled = loaderData.checkoutCanceled && !actionData;
  const restored = useKeptDonor(form, checkoutCanceled);

  const { usable: amountUsable, amount, giftCents, problem: amountProblem } = readGiftAmount(fields.amount);
  const frequency = readFrequency(fields.frequency);
  const coverCents = isTicked(fields.cover_fees) ? feeCoverCents(giftCents, loaderData.cardFee) : 0;
  const fund = loaderData.funds.find((each) => each.purpose === fields.purpose.value) ?? loaderData.funds[0];

  return (
    <>
      <PageHero id="donate-title" eyebrow="Give with confidence" title="Make a Donation">
        <p>
          Your Zakat and Sadaqa reach families, orphans and communities in crisis. Give once, every month or every year.
        </p>
      </PageHero>

      <div className="container-page pt-8">
        <DonateWays current="gift" />
      </div>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <Form method="post" {...getFormProps(form)} className="space-y-8 lg:col-span-2">
          {checkoutCanceled ? (
            <CanceledCheckoutNotice
              kept="The amount, purpose and frequency you chose are kept below, with your ticks."
              restored={restored}
            />
          ) : null}

          <AmountChoice form={form} field={fields.amount} presets={PRESET_AMOUNTS} layout="wide" />

          <div>
            <SelectField field={fields.purpose} label="Purpose" options={loaderData.purposes} className="max-w-md" />
            <p className="mt-2 text-sm text-slate-600">
              Paying Zakat al-Fitr, Fidya or Kaffarah?{" "}
              <Link to="/obligations" className="font-medium text-brand-700 underline">
                Quick pay works out the amount
              </Link>{" "}
              from the foundation&apos;s rates.
            </p>
          </div>

          <FrequencyChoice field={fields.frequency} layout="wide" />

          <div className="grid gap-4 sm:grid-cols-2">
            <InputField field={fields.name} label="Full name" type="text" required autoComplete="name" />
            <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />
          </div>

          <GiftChoices
            fields={fields}
            giftCents={giftCents}
            cardFee={loaderData.cardFee}
            destination={fund ? `the ${fund.name} fund` : "its fund"}
            isZakat={fund?.isZakat ?? false}
            purposeOnForm={{ zakatOffered: loaderData.funds.some((each) => each.isZakat) }}
          />

          <div className="space-y-3">
            {form.errors ? (
              <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
                {form.errors[0]}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn-gold w-full py-3 text-lg sm:w-auto"
              disabled={processing || (hydrated && !amountUsable)}
            >
              {processing ? "Processing..." : "Donate Now"}
            </button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {amountUsable
                ? `You will give ${giftWithFeeWords(giftCents, coverCents)} ${frequency === "One-Time" ? "once" : frequency === "Monthly" ? "today and every month" : "today and every year"}, through a secure hosted checkout.`
                : amountProblem}
            </p>
            {sandbox ? (
              <p className="text-sm text-slate-600">
                Test mode: you will see a simulated checkout, and no card is charged.
              </p>
            ) : null}
          </div>
        </Form>

        <aside className="space-y-6">
          {/* Only once there is an amount: before it, "0 meals" says nothing (the server renders the same, so without
              JavaScript too). */}
          {amountUsable ? <ImpactPreview amount={amount} /> : null}
          <AmanahBox policyPublished={loaderData.policyPublished} />
        </aside>
      </div>
    </>
  );
}

type DonateFields = Record<
  "amount" | "name" | "email" | "purpose" | "frequency" | "anonymous" | "cover_fees",
  string
> & {
  tribute: { kind: string; name: string; email: string };
};

/** What the foundation promises every donor, beside either form; the Zakat policy once staff have written it. */
function AmanahBox({ policyPublished }: { policyPublished: boolean }) {
  return (
    <section aria-labelledby="trust-title" className="rounded-xl border border-slate-200 p-6 text-sm text-slate-700">
      <h2 id="trust-title" className="text-lg font-semibold text-slate-900">
        Your gift is an Amanah
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        <li>Card details are taken by our payment provider's secure checkout; we never see or store them.</li>
        <li>
          Zakat is kept apart and given only to those eligible to receive it.{" "}
          <Link to="/transparency" className="font-semibold text-brand-800 underline hover:no-underline">
            See where it went
          </Link>
          {policyPublished ? (
            <>
              {" "}
              and{" "}
              <Link to="/zakat-policy" className="font-semibold text-brand-800 underline hover:no-underline">
                read our Zakat policy
              </Link>
            </>
          ) : null}
          .
        </li>
        <li>Monthly and yearly gifts can be stopped whenever you wish.</li>
      </ul>
    </section>
  );
}
