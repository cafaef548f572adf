import type { SubmissionResult } from "@conform-to/react";
import { data, isRouteErrorResponse, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/appeal";
import { AppealDonateForm, type AppealGiftStart } from "../components/appeal-donate-form";
import { AppealNotOpen, type RefusedGift } from "../components/appeal-not-open";
import { AppealFacts, AppealProgress } from "../components/appeal-progress";
import { AppealStory } from "../components/appeal-story";
import { appealTimingWords } from "../components/appeal-timing";
import { Supporters } from "../components/supporters";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { RecordMissing } from "~/ui/record-missing";
import { HeroVideo } from "~/content/homepage/index.ui";
import { SafeImage } from "~/ui/safe-image";
import { ShareLinks } from "~/content/sharing/index.ui";
import type { AppealPhase } from "../rules/phase";
import { storyBlocks } from "../rules/story-text";
import { imageSources, UPLOAD_FOLDERS, uploadUrl, videoSource } from "~/content/media";
import { shareTags } from "~/content/sharing";
import { donationSchema, initialDonation, PRESET_AMOUNTS, keptGiftChoices } from "~/giving/donate";
import { todayIn } from "~/shared/dates";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { checkoutFormReply, currentCardFee, startCheckout } from "~/giving/donate/index.server";
import { NotFoundError } from "~/lib/service-errors";
import { siteUrlFor } from "~/lib/site-url.server";
import { checkoutVisitorOf } from "~/lib/visitor.server";
import { getAppealDetail } from "~/giving/gifts/index.server";
import { readerOf } from "~/staff/access/index.server";
import type { loader as rootLoader } from "~/root";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/**
 * One appeal: its story, its progress, its latest supporters and a donate form designated
 * to it. A draft is a 404 for the public and a marked preview for staff; an address the
 * appeal had before answers 301 with the one it has now.
 */
export const handle = SAME_FOR_EVERY_VISITOR;

export async function loader({ params, request, url }: Route.LoaderArgs) {
  const appeal = await getAppealDetail(params.slug, await readerOf(request, "/api/appeals")).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  });
  if (appeal.slug !== params.slug) throw redirect(`/appeals/${appeal.slug}${url.search}`, 301);
  const { story, story_format, movedTo: _movedTo, ...shown } = appeal;
  const image = imageSources(appeal.image_filename, UPLOAD_FOLDERS.appeals);
  const site = siteUrlFor(request);
  const timeZone = getEnv().SITE_TIMEZONE;
  return {
    appeal: shown,
    story: storyBlocks(story, story_format),
    image,
    video: videoSource(appeal.video_url, (name) => uploadUrl(UPLOAD_FOLDERS.appeals, name)),
    share: { url: `${site}/appeals/${appeal.slug}`, image: image ? new URL(image.src, site).href : null },
    today: todayIn(timeZone),
    timeZone,
    presets: appeal.preset_amounts.length ? appeal.preset_amounts : [...PRESET_AMOUNTS],
    cardFee: await currentCardFee(),
    start: giftStart(url.searchParams),
    checkoutCanceled: url.searchParams.get("checkout") === "canceled",
  };
}

/** The gift kept from a canceled checkout (never the donor's name or email: they are not in the address). */
function giftStart(params: URLSearchParams): AppealGiftStart {
  const { amount, frequency } = initialDonation(params);
  return { amount, frequency, ...keptGiftChoices(params) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Appeal not found | Al-Amanah Foundation" }];
  const { appeal, share } = loaderData;
  const tags = shareTags({
    type: "website",
    title: appeal.title,
    pageTitle: `${appeal.title} | Al-Amanah Foundation`,
    description: appeal.summary,
    ...share,
  });
  return appeal.status === "draft" ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

/**
 * The appeal's form posts here. The gift is always designated to this page's appeal,
 * whatever the form says; one the appeal cannot take (it has closed meanwhile) is
 * refused with the reason, and what the donor typed is kept.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  return checkoutFormReply(
    formData,
    donationSchema,
    (gift) => startCheckout({ ...gift, appeal: params.slug }, checkoutVisitorOf(request, context)),
    "Appeal checkout failed",
  );
}

export default function AppealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appeal, story, image, video, today, timeZone, share } = loaderData;
  const draft = appeal.status === "draft";
  const takesGifts = appeal.phase === "open";
  return (
    <article className="container-page py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Link to="/appeals" className="hover:underline">
          Appeals
        </Link>
      </p>
      <div className="mt-2 flex max-w-3xl flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{appeal.title}</h1>
        <PhaseMarker phase={appeal.phase} />
      </div>
      <p className="mt-4 max-w-3xl text-lg text-slate-600">{appeal.summary}</p>
      {takesGifts ? (
        <a href="#give" className="btn-gold mt-6 lg:hidden">
          Donate Now
        </a>
      ) : null}

      {/* Phones read the progress first, then the story, the form and the supporters; wide screens keep the progress
          and the form beside the story. */}
      <div className="mt-8 grid gap-10 lg:grid-cols-5 lg:grid-rows-[auto_auto_1fr]">
        <div className="lg:col-span-2 lg:col-start-4 lg:row-start-1">
          <ProgressBox appeal={appeal} timing={appealTimingWords(appeal, today)} />
          {/* Sharing invites people to give: not to a draft, nor to an appeal that has closed, ended or not yet
              opened. */}
          {takesGifts ? (
            <div className="mt-6">
              <ShareLinks
                heading="Share this appeal"
                page={{ url: share.url, title: appeal.title, text: `${appeal.title}: ${appeal.summary}` }}
              />
            </div>
          ) : null}
        </div>
        <div className="lg:col-span-3 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {image ? (
            <SafeImage
              src={image.src}
              srcSet={image.srcSet}
              sizes={IMAGE_SIZES.article}
              alt={appeal.title}
              width={768}
              height={480}
              eager
              className="aspect-[16/10] w-full rounded-2xl object-cover"
            />
          ) : null}
          {video ? (
            <div className="mt-8 first:mt-0">
              <HeroVideo video={video} />
            </div>
          ) : null}
          <div className="mt-8 first:mt-0">
            <AppealStory blocks={story} />
          </div>
        </div>
        <section
          id="give"
          aria-labelledby="give-title"
          className="scroll-mt-24 self-start rounded-2xl border border-slate-200 p-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-2"
        >
          <h2 id="give-title" className="mb-4 text-xl font-bold text-slate-900">
            {takesGifts ? "Give to this appeal" : draft ? "The donate form" : "Other ways to give"}
          </h2>
          <GiveHere loaderData={loaderData} actionData={actionData} />
        </section>
        <section aria-labelledby="supporters-title" className="lg:col-span-3 lg:col-start-1 lg:row-start-3">
          <h2 id="supporters-title" className="mb-4 text-2xl font-bold text-slate-900">
            Latest supporters
          </h2>
          <Supporters supporters={appeal.supporters} phase={appeal.phase} today={today} timeZone={timeZone} />
        </section>
      </div>
    </article>
  );
}

/** Beside the title, where the appeal is when it takes no gifts: a draft (staff only), or closed or ended. */
const MARKERS: Partial<Record<AppealPhase, { words: string; className: string }>> = {
  draft: { words: "Draft", className: "bg-amber-200 text-amber-950" },
  closed: { words: "Closed", className: "bg-slate-700 text-white" },
  ended: { words: "Ended", className: "bg-slate-700 text-white" },
};

function PhaseMarker({ phase }: { phase: AppealPhase }) {
  const marker = MARKERS[phase];
  if (!marker) return null;
  return (
    <p data-testid="phase-marker" className={`rounded-full px-3 py-1 text-sm font-bold ${marker.className}`}>
      {marker.words}
    </p>
  );
}

function ProgressBox({
  appeal,
  timing,
}: {
  appeal: Route.ComponentProps["loaderData"]["appeal"];
  timing: string | null;
}) {
  return (
    <section aria-labelledby="progress-title" className="rounded-2xl bg-brand-50 p-6">
      <h2 id="progress-title" className="sr-only">
        Progress
      </h2>
      <AppealProgress appeal={appeal} large />
      <AppealFacts gifts={appeal.gifts} timing={timing} testGifts={appeal.test_gifts} />
      <p className="mt-4 text-sm text-slate-700">
        Gifts to this appeal go to <strong>{appeal.fund.name}</strong>.
      </p>
      {appeal.fund.is_zakat ? (
        <p className="mt-2 text-sm text-slate-700">
          Zakat is given only to eligible recipients.{" "}
          <Link to="/transparency" className="font-semibold text-brand-800 underline hover:no-underline">
            See where it went
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The donate form while the appeal is open; otherwise why it takes no gift, and where to give instead. */
function GiveHere({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { appeal, presets, cardFee, start, checkoutCanceled } = loaderData;
  const navigation = useNavigation();
  const sandbox = useRouteLoaderData<typeof rootLoader>("root")?.paymentMode === "sandbox";
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  if (appeal.phase !== "open")
    return <AppealNotOpen phase={appeal.phase} startsOn={appeal.starts_on} refused={refusedGift(result)} />;
  // Stays true from the post until the browser leaves for the checkout page.
  const processing =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    (navigation.formAction ?? "").split(/[?#]/)[0] === `/appeals/${appeal.slug}`;
  return (
    <AppealDonateForm
      appeal={appeal}
      presets={presets}
      start={start}
      checkoutCanceled={checkoutCanceled && !actionData}
      cardFee={cardFee}
      lastResult={result}
      processing={processing}
      sandbox={sandbox}
    />
  );
}

/**
 * The refusal of a gift posted after the appeal stopped taking gifts, with the amount, frequency and ticks the donor
 * chose.
 */
function refusedGift(result: SubmissionResult<string[]> | undefined): RefusedGift | null {
  const message = result?.error?.[""]?.[0];
  if (!message) return null;
  const typed = result.initialValue ?? {};
  const amount = Number(typed.amount);
  const ticks = new URLSearchParams();
  for (const name of ["anonymous", "cover_fees"]) {
    const value = typed[name];
    if (typeof value === "string") ticks.set(name, value);
  }
  return {
    message,
    amount: Number.isFinite(amount) && amount > 0 ? amount : null,
    frequency: typeof typed.frequency === "string" ? typed.frequency : "One-Time",
    choices: keptGiftChoices(ticks),
  };
}

/** An unknown appeal, or a draft for the public, is a 404 inside the site's layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <RecordMissing what="Appeal" listTo="/appeals" listLabel="All appeals" />;
  throw error;
}
