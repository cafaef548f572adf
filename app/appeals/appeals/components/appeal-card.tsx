import { Link } from "react-router";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { MediaImage } from "~/ui/media-image";
import { isListedAsLive } from "../rules/phase";
import type { AppealCard as AppealCardData } from "../rules/records";
import { imageSources, UPLOAD_FOLDERS } from "~/content/media";
import { AppealFacts, AppealProgress } from "./appeal-progress";
import { appealTimingWords } from "./appeal-timing";

/**
 * An appeal in a list (/appeals, the home page): its photo, what it is for, how far it
 * has come and how long is left. An appeal open for gifts invites one; one not yet open,
 * or archived, is read about.
 */
export function AppealCard({
  appeal,
  today,
  eager = false,
  sizes = IMAGE_SIZES.thirds,
}: {
  appeal: AppealCardData;
  today: string;
  eager?: boolean;
  sizes?: string;
}) {
  const live = isListedAsLive(appeal.phase);
  // Only an appeal taking gifts now has a form to donate with; one not yet open is read about.
  const open = appeal.phase === "open";
  const timing = appealTimingWords(appeal, today);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <MediaImage
          sources={imageSources(appeal.image_filename, UPLOAD_FOLDERS.appeals)}
          alt={appeal.title}
          sizes={sizes}
          eager={eager}
        />
        {live && appeal.is_featured ? (
          <span className="absolute top-3 left-3 rounded-full bg-gold-400 px-3 py-1 text-xs font-bold text-slate-900">
            Featured
          </span>
        ) : null}
        {!live && timing ? (
          <span className="absolute top-3 left-3 rounded-full bg-slate-800 px-3 py-1 text-xs font-bold text-white">
            {timing}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{appeal.fund.name}</p>
        <h3 className="mt-1 text-xl font-semibold text-slate-900">{appeal.title}</h3>
        <p className="mt-2 line-clamp-3 text-slate-600">{appeal.summary}</p>
        <div className="mt-auto pt-5">
          <AppealProgress appeal={appeal} />
          <AppealFacts gifts={appeal.gifts} timing={live ? timing : null} testGifts={appeal.test_gifts} />
          <Link
            to={`/appeals/${appeal.slug}`}
            className={`mt-4 ${open ? "btn-primary" : "inline-block font-semibold text-brand-700 hover:underline"}`}
          >
            {open ? "Donate Now" : "Read more"}
            <span className="sr-only">
              {open ? " to " : " about "}
              {appeal.title}
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
