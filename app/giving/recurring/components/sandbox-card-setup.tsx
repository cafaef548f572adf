import { Form, Link } from "react-router";
import { RAMADAN_PLAN_LABELS, type RamadanPlan } from "~/giving/ramadan-nights";
import { formatExactCents, formatExactDollars } from "~/shared/money";

/** The nights a card is saved for, as the sandbox's card-saving page shows them. */
export interface SandboxSetupView {
  donor: string;
  plan: RamadanPlan;
  /** Dollars. */
  perNight: number;
  doubleOddNights: boolean;
  purpose: string;
  nights: number;
  totalCents: number;
  totalWithoutThirtiethCents: number;
}

/**
 * The sandbox's stand-in for the provider's card-saving page (a checkout in setup mode):
 * striped and labelled like the simulated checkout, nothing is charged here. "Save card"
 * saves a test card the nights are charged to; the other saves one the simulated bank
 * always declines, to see a failed night.
 */
export function SandboxCardSetup({
  setup,
  status,
  successUrl,
  busy,
}: {
  setup: SandboxSetupView;
  status: string | null;
  successUrl: string;
  busy: boolean;
}) {
  return (
    <main className="flex flex-1 items-start justify-center bg-[repeating-linear-gradient(45deg,#fef3c7,#fef3c7_16px,#fde68a_16px,#fde68a_32px)] px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border-4 border-dashed border-amber-700 bg-white p-8 shadow-xl">
        <p className="rounded bg-amber-800 px-3 py-1 text-center text-sm font-bold tracking-widest text-white uppercase">
          Sandbox · test mode · no real payment
        </p>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Save a card for your Ramadan nights</h1>
        <p className="mt-2 text-sm text-slate-600">
          No charge now. This page stands in for the card provider&apos;s page that saves a card; each night is then
          charged on its evening. No card is charged and no money moves in test mode.
        </p>
        <dl
          className="mt-6 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
          data-testid="sandbox-setup"
        >
          <Row label="Nights" value={`${RAMADAN_PLAN_LABELS[setup.plan]} (${setup.nights})`} />
          <Row
            label="Each night"
            value={`${formatExactDollars(setup.perNight)}${setup.doubleOddNights ? ", doubled on the odd nights of the last ten" : ""}`}
          />
          <Row
            label="In all"
            value={`${formatExactCents(setup.totalCents)} (${formatExactCents(setup.totalWithoutThirtiethCents)} if Ramadan has 29 days)`}
          />
          <Row label="Charged now" value="Nothing" />
          <Row label="Purpose" value={setup.purpose} />
          <Row label="Donor" value={setup.donor} />
        </dl>
        {status === "open" ? (
          <Form method="post" className="mt-8 space-y-3">
            <div className="flex gap-3">
              <button type="submit" name="intent" value="save-card" className="btn-primary flex-1" disabled={busy}>
                Save card
              </button>
              <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={busy}>
                Cancel
              </button>
            </div>
            <button
              type="submit"
              name="intent"
              value="save-declining-card"
              className="w-full text-sm font-medium text-amber-900 underline"
              disabled={busy}
            >
              Save a card that will be declined
            </button>
          </Form>
        ) : status === "complete" ? (
          <p className="mt-8 text-slate-700">
            This card is already saved.{" "}
            <Link to={successUrl} className="font-medium text-brand-700 underline">
              See the confirmation
            </Link>
          </p>
        ) : (
          <p className="mt-8 text-slate-700">
            This card-saving page was canceled.{" "}
            <Link to="/donate?way=ramadan-nights" className="font-medium text-brand-700 underline">
              Set up your nights again
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 px-4 py-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
