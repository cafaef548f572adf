import { Link } from "react-router";
import type { Route } from "./+types/donation-success";
import { pageSharedAfterGift, type SharedPage } from "~/content/sharing";
import { FOUNDATION } from "~/shared/foundation";
import { formatDollars, formatExactDollars } from "~/shared/money";
import { clientAddressContext } from "~/lib/request-context";
import { siteUrlFor } from "~/lib/site-url.server";
import { PaymentProviderError, TooManyRequestsError } from "~/lib/service-errors";
import { confirmCheckout, type GiftConfirmation } from "~/giving/gifts/index.server";
import { confirmRamadanCheckout, type RamadanConfirmation } from "~/giving/ramadan-nights/index.server";
import { RamadanNightsSaved } from "~/giving/ramadan-nights/index.ui";
import { useForgetKeptDonor } from "../components/kept-donor";
import { useFoundationContact } from "~/ui/use-foundation-contact";
import { ShareLinks } from "~/content/sharing/index.ui";

const TITLES: Record<string, string> = {
  paid: "Thank you",
  processing: "Payment being processed",
  unpaid: "Donation not completed",
  unknown: "Donation not found",
  unavailable: "Donation not confirmed yet",
  busy: "Donation not confirmed yet",
  ramadan: "Your Ramadan nights",
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${TITLES[loaderData?.status ?? "unknown"] ?? "Donation"} | Al-Amanah Foundation` },
  { name: "robots", content: "noindex" },
];

/**
 * Confirms the gift with the provider before thanking anyone: a paid session is
 * recorded here if its webhook is late; an unpaid or unknown one gets an honest answer.
 */
export async function loader({
  url,
  request,
  context,
}: Route.LoaderArgs): Promise<
  | Exclude<GiftConfirmation, { status: "paid" }>
  | PaidGift
  | { status: "unavailable" | "busy" }
  | { status: "ramadan"; ramadan: RamadanConfirmation }
> {
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return { status: "unknown" };
  try {
    // A card saved for Ramadan's nights: the schedule it started, not a payment.
    if (url.searchParams.has("ramadan"))
      return { status: "ramadan", ramadan: await confirmRamadanCheckout(sessionId, context.get(clientAddressContext)) };
    const confirmation = await confirmCheckout(sessionId, context.get(clientAddressContext));
    if (confirmation.status !== "paid") return confirmation;
    const { appeal, appealSlug } = confirmation.gift;
    const givenTo = appeal && appealSlug ? { slug: appealSlug, title: appeal } : null;
    return { ...confirmation, share: pageSharedAfterGift(siteUrlFor(request), FOUNDATION.name, givenTo) };
  } catch (error) {
    if (error instanceof TooManyRequestsError) return { status: "busy" };
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`Could not confirm checkout ${sessionId}: ${error.message}:`, error.cause ?? error);
    return { status: "unavailable" };
  }
}

/** A paid gift, and the page its donor may invite others to: never this one, whose address holds the checkout's id. */
type PaidGift = Extract<GiftConfirmation, { status: "paid" }> & { share: SharedPage };

const CADENCE = { "One-Time": "", Monthly: " every month", Annually: " every year" } as const;

export default function DonationSuccess({ loaderData }: Route.ComponentProps) {
  const gift = loaderData.status === "paid" ? loaderData.gift : null;
  useForgetKeptDonor(
    loaderData.status === "paid" || loaderData.status === "processing" || loaderData.status === "ramadan",
  );
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-20 text-center">
      <Message confirmation={loaderData} />
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
        <Link to={gift?.appealSlug ? `/appeals/${gift.appealSlug}` : "/donate"} className="btn-secondary">
          Make Another Donation
        </Link>
      </div>
      {loaderData.status === "paid" ? (
        <div className="mt-10 w-full rounded-2xl bg-brand-50 p-6 text-left">
          <ShareLinks heading="Invite others to give" page={loaderData.share} />
        </div>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        {loaderData.status === "ramadan"
          ? "Each night's receipt is emailed when it is given."
          : "Your receipt is on its way by email."}{" "}
        See every gift and receipt, or change a monthly gift, in{" "}
        <Link to="/my-giving" className="font-medium text-brand-700 underline">
          My giving
        </Link>
        .
      </p>
    </section>
  );
}

function Outcome({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{children}</p>
    </>
  );
}

function WriteToUs() {
  const { email } = useFoundationContact();
  return (
    <a className="font-medium text-brand-700 underline" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

function Message({ confirmation }: { confirmation: Route.ComponentProps["loaderData"] }) {
  switch (confirmation.status) {
    case "paid": {
      const { gift } = confirmation;
      return (
        <>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Gift received</p>
          <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
            {gift.appeal ? `Thank you for supporting ${gift.appeal}` : "Thank you"}
            {gift.donorName ? `, ${gift.donorName}` : ""}!
          </h1>
          <p className="mt-4 text-lg text-slate-700" data-testid="gift-summary">
            We received your gift of <strong>{formatDollars(gift.amount)}</strong>
            {CADENCE[gift.frequency]} for <strong>{gift.fund}</strong>
            {gift.feeCover ? (
              <>
                , and <strong>{formatExactDollars(gift.feeCover)}</strong> to cover the card fee
                {gift.frequency === "One-Time" ? "" : " each time"}, so that all of it arrives
              </>
            ) : null}
            .
          </p>
          {gift.designation ? (
            <p className="mt-2 text-slate-700" data-testid="gift-designation">
              {gift.designation}
            </p>
          ) : null}
          {gift.tribute ? (
            <p className="mt-2 text-slate-700" data-testid="gift-tribute">
              {gift.tribute}
            </p>
          ) : null}
          {gift.anonymous ? (
            <p className="mt-2 text-slate-700">Your name will not appear on our public pages.</p>
          ) : null}
          <p className="mt-3 text-slate-600">
            {gift.frequency === "One-Time"
              ? "May Allah reward you and accept it from you."
              : "Your recurring gift is set up. May Allah reward you for every one of them."}
          </p>
        </>
      );
    }
    case "ramadan": {
      const { ramadan } = confirmation;
      if (ramadan.status === "saved")
        return (
          <RamadanNightsSaved schedule={ramadan.schedule} chargeHour={ramadan.chargeHour} timeZone={ramadan.timeZone} />
        );
      return ramadan.status === "waiting" ? (
        <Outcome title="Your card is being saved">
          Our payment provider is still confirming your card. Nothing has been charged; your nights appear in My giving
          as soon as it is confirmed.
        </Outcome>
      ) : (
        <Outcome title="We couldn't find these Ramadan nights">
          This page confirms nights set up through our checkout, and there are none at this address. Questions? Write to{" "}
          <WriteToUs />.
        </Outcome>
      );
    }
    case "processing":
      return (
        <Outcome title="Your payment is being processed">
          Your bank is still confirming the payment. Nothing more is needed from you; we record the gift as soon as it
          arrives.
        </Outcome>
      );
    case "unpaid":
      return (
        <Outcome title="This donation was not completed">
          We have not received a payment for this checkout, and nothing was charged. You can start again whenever you
          are ready.
        </Outcome>
      );
    case "busy":
      return (
        <Outcome title="We couldn't confirm your donation just now">
          Too many confirmations were asked from your connection. Please reload this page in a few minutes; if you
          completed the payment it is recorded either way.
        </Outcome>
      );
    case "unavailable":
      return (
        <Outcome title="We couldn't confirm your donation just now">
          Our payment provider did not answer. If you completed the payment it will be recorded automatically; please do
          not pay again. Questions? Write to <WriteToUs />.
        </Outcome>
      );
    default:
      return (
        <Outcome title="We couldn't find this donation">
          This page confirms gifts made through our checkout, and there is no completed gift at this address. If you
          were charged, write to <WriteToUs /> and we will look into it.
        </Outcome>
      );
  }
}
