import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sandbox-checkout";
import { frequencyNote, type FormFrequency, tributeWords } from "~/giving/donate";
import { formatCents } from "~/shared/money";
import { readFormBody } from "~/lib/form-body.server";
import { readGiftMetadata } from "~/lib/payments/gift-metadata";
import { FEE_COVER_LINE } from "~/lib/payments/stripe-gateway.server";
import { refuseUnknownIntent } from "~/ui/form-replies.server";
import { NotFoundError } from "~/lib/service-errors";
import {
  cancelSandbox,
  getSandboxCheckout,
  paySandbox,
  saveSandboxCheckoutCard,
} from "../server/sandbox-checkout.server";
import { findRamadanSchedule, previewRamadanNights } from "~/giving/ramadan-nights/index.server";
import { SandboxCardSetup, type SandboxSetupView } from "~/giving/recurring/index.ui";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? "Sandbox checkout (test mode, no real payment)" : "Checkout not found" },
  { name: "robots", content: "noindex" },
];

async function findOr404(sessionId: string) {
  try {
    return await getSandboxCheckout(sessionId);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * The lines as the card provider's page shows them: the gift, named by its appeal (or
 * what it is for), and the card fee the donor chose to cover, each on its own.
 */
function chargeLines(session: Awaited<ReturnType<typeof findOr404>>, what: string) {
  const total = session.amount_total ?? 0;
  const feeCover = session.sandbox.fee_cover_cents ?? 0;
  const label = { Monthly: "Monthly donation", Annually: "Annual donation" }[session.sandbox.frequency] ?? "Donation";
  return [
    { label: `${label}: ${what}`, cents: session.sandbox.gift_cents ?? total - feeCover },
    ...(feeCover > 0 ? [{ label: FEE_COVER_LINE, cents: feeCover }] : []),
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const session = await findOr404(params.sessionId);
  // A card saved for Ramadan's nights: nothing is charged on this page.
  const setup = session.mode === "setup" ? await sandboxSetupView(session) : null;
  const firstCharge = session.sandbox.first_scheduled_charge
    ? new Date(session.sandbox.first_scheduled_charge * 1000)
    : null;
  const gift = readGiftMetadata(session.metadata);
  const appealTitle = session.sandbox.appeal_title ?? "";
  const designation = session.metadata?.designation ?? "";
  return {
    lines: chargeLines(session, appealTitle || designation || session.sandbox.purpose),
    appealTitle,
    tribute: gift?.tribute ? tributeWords(gift.tribute) : "",
    anonymous: gift?.anonymous ?? false,
    note: frequencyNote(
      session.sandbox.frequency as FormFrequency,
      firstCharge?.getUTCDate(),
      firstCharge ? firstCharge.getUTCMonth() + 1 : undefined,
    ),
    id: session.id,
    status: session.status,
    amountCents: session.amount_total ?? 0,
    purpose: session.sandbox.purpose,
    designation,
    frequency: session.sandbox.frequency as FormFrequency,
    donorName: session.metadata?.donor_name ?? "",
    donorEmail: session.customer_email ?? "",
    successUrl: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id),
    setup,
  };
}

/** What the card-saving page shows: the donor and the nights the card will give on. */
async function sandboxSetupView(session: Awaited<ReturnType<typeof findOr404>>): Promise<SandboxSetupView> {
  const schedule = await findRamadanSchedule(Number(session.metadata?.ramadan_schedule_id));
  // The nights still to give, as the donate form showed them and as the saved card will give them.
  const preview = await previewRamadanNights(schedule);
  return {
    donor: `${schedule.name} <${session.customer_email ?? schedule.email}>`,
    plan: schedule.plan,
    perNight: schedule.per_night,
    doubleOddNights: schedule.double_odd_nights,
    purpose: schedule.purpose,
    nights: preview.nights.length,
    totalCents: preview.total_with_thirtieth_cents,
    totalWithoutThirtiethCents: preview.total_cents,
  };
}

const SETUP_INTENTS = ["save-card", "save-declining-card"];

export async function action({ request, params }: Route.ActionArgs) {
  const intent = (await readFormBody(request)).get("intent");
  if (intent !== "pay" && intent !== "cancel" && !SETUP_INTENTS.includes(String(intent)))
    refuseUnknownIntent(request, intent);
  const session = await findOr404(params.sessionId);
  // Paying a card-saving checkout, or saving a card on a paying one, is not something either page offers.
  if (intent !== "cancel" && (session.mode === "setup") !== SETUP_INTENTS.includes(String(intent)))
    refuseUnknownIntent(request, intent);
  const next =
    intent === "pay"
      ? await paySandbox(params.sessionId)
      : intent === "cancel"
        ? await cancelSandbox(params.sessionId)
        : await saveSandboxCheckoutCard(params.sessionId, { declines: intent === "save-declining-card" });
  return redirect(next, 303);
}

/**
 * Deliberately unlike the site and unlike a real checkout: striped, labelled SANDBOX
 * everywhere, no card fields. Nobody can take it for a live payment page.
 */
export default function SandboxCheckout({ loaderData: checkout }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (checkout.setup)
    return (
      <SandboxCardSetup setup={checkout.setup} status={checkout.status} successUrl={checkout.successUrl} busy={busy} />
    );
  return (
    <main className="flex flex-1 items-start justify-center bg-[repeating-linear-gradient(45deg,#fef3c7,#fef3c7_16px,#fde68a_16px,#fde68a_32px)] px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border-4 border-dashed border-amber-700 bg-white p-8 shadow-xl">
        <p className="rounded bg-amber-800 px-3 py-1 text-center text-sm font-bold tracking-widest text-white uppercase">
          Sandbox · test mode · no real payment
        </p>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Simulated checkout</h1>
        <p className="mt-2 text-sm text-slate-600">
          This site runs without payment keys, so this page stands in for the card provider's checkout. Pressing Pay
          records the gift exactly as a real payment would, but no card is charged and no money moves.
        </p>

        <dl className="mt-6 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="sandbox-lines">
          {checkout.lines.map((line) => (
            <Row key={line.label} label={line.label} value={formatCents(line.cents)} />
          ))}
          <Row label="Total" value={formatCents(checkout.amountCents)} testId="sandbox-amount" strong />
        </dl>

        <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
          <Row label="Frequency" value={`${checkout.frequency}: ${checkout.note}`} />
          {checkout.appealTitle ? <Row label="Appeal" value={checkout.appealTitle} /> : null}
          <Row label="Purpose" value={checkout.purpose} />
          {checkout.designation ? <Row label="Given for" value={checkout.designation} /> : null}
          {checkout.tribute ? <Row label="Tribute" value={checkout.tribute} /> : null}
          <Row label="Donor" value={`${checkout.donorName} <${checkout.donorEmail}>`} />
          {checkout.anonymous ? (
            <Row label="On the foundation's public pages" value="Anonymous: your name is kept private" />
          ) : null}
        </dl>

        {checkout.status === "open" ? (
          <Form method="post" className="mt-8 flex gap-3">
            <button type="submit" name="intent" value="pay" className="btn-primary flex-1" disabled={busy}>
              Pay
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={busy}>
              Cancel
            </button>
          </Form>
        ) : checkout.status === "complete" ? (
          <p className="mt-8 text-slate-700">
            This checkout is already paid.{" "}
            <Link to={checkout.successUrl} className="font-medium text-brand-700 underline">
              See the confirmation
            </Link>
          </p>
        ) : (
          <p className="mt-8 text-slate-700">
            This checkout was canceled.{" "}
            <Link to="/donate" className="font-medium text-brand-700 underline">
              Start a new donation
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 px-4 py-3 text-sm ${strong ? "font-bold" : ""}`}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
