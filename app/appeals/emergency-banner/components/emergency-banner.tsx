import { Link } from "react-router";
import type { EmergencyBanner as EmergencyBannerView } from "../rules/emergency-banner";

/**
 * The banner above every public page, as the `emergency_appeal` setting says (the public
 * layout's loader reads it): plain links, no script of its own.
 */
export function EmergencyBanner({ banner }: { banner: EmergencyBannerView }) {
  if (banner.kind === "off") return null;
  const appeal = banner.kind === "appeal" ? banner : null;
  return (
    <aside aria-label="Emergency appeal" className="bg-red-700 text-white">
      <div className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 py-2 text-center text-sm">
        {appeal ? (
          <p>
            <strong className="font-semibold">{appeal.title}:</strong> {appeal.summary}
          </p>
        ) : (
          <p>
            <strong className="font-semibold">Emergency Appeal:</strong> families displaced by floods need food, water
            and shelter now.
          </p>
        )}
        <Link
          to={appeal ? `/appeals/${appeal.slug}` : "/donate"}
          className="rounded-full bg-white px-3 py-0.5 font-semibold text-red-800 hover:bg-red-50"
        >
          Donate Now
        </Link>
      </div>
    </aside>
  );
}
