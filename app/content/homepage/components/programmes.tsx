import { Link } from "react-router";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { SafeImage } from "~/ui/safe-image";
import type { ImageSources } from "~/content/media";

const PROGRAMMES = [
  {
    title: "Emergency Relief",
    text: "Food, shelter, clean water and medical care within days of floods, earthquakes and conflict.",
    fallback: "/images/programme-emergency-relief.svg",
  },
  {
    title: "Orphan Care",
    text: "Monthly sponsorship covering school, meals, health checks and a mentor for every child.",
    fallback: "/images/programme-orphan-care.svg",
  },
  {
    title: "Food & Water Aid",
    text: "Food parcels, hot meals and wells that end long walks for water, for good.",
    fallback: "/images/programme-food-water.svg",
  },
] as const;

/**
 * The home page's three programme cards, each linking to /donate, pictured by program_image_1..3 or their fallback
 * images.
 */
export function ProgrammeCards({ images }: { images: (ImageSources | null)[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {PROGRAMMES.map((programme, index) => {
        const image = images[index];
        return (
          <li
            key={programme.title}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <SafeImage
              src={image?.src ?? programme.fallback}
              srcSet={image?.srcSet}
              sizes={IMAGE_SIZES.programmes}
              alt={programme.title}
              width={640}
              height={400}
              className="aspect-[16/10] w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl font-semibold text-slate-900">{programme.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{programme.text}</p>
              <Link to="/donate" className="btn-primary mt-4 self-start">
                Give to {programme.title}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
