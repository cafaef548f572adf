import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/zakat-policy";
import { PageHero } from "~/ui/page-hero";
import { formatDate } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { paragraphs } from "~/shared/text";
import { getZakatPolicy } from "../server/zakat-policy.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Zakat Policy | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "How Al-Amanah Foundation handles Zakat: who distributes it, to which of the eight categories of recipients, any share taken for administering it, how fast it is given, and who reviews it.",
  },
];

/**
 * The policy staff write, as paragraphs, with the day it last changed (never who changed it).
 * Until they have written it (still the template) it is not published: a 404 saying so.
 */
export async function loader() {
  const policy = await getZakatPolicy();
  if (policy.is_template) throw data(null, { status: 404 });
  return {
    paragraphs: paragraphs(policy.body),
    kaffarahPerFast: policy.kaffarah_per_fast,
    updated: { gregorian: formatDate(policy.updated_at, "UTC"), hijri: formatHijri(policy.updated_at) },
  };
}

export default function ZakatPolicy({ loaderData }: Route.ComponentProps) {
  const { paragraphs: text, kaffarahPerFast, updated } = loaderData;
  return (
    <>
      <PageHero id="zakat-policy-title" eyebrow="Zakat kept apart" title="Our Zakat policy">
        <p>
          Who distributes Zakat, to whom, whether a share is taken for administering it, how fast it is given, and who
          reviews it.
        </p>
      </PageHero>

      <div className="container-page py-12">
        <div className="max-w-3xl">
          <div className="prose-page">
            {text.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            <h2>Kaffarah for broken fasts</h2>
            <p>
              {kaffarahPerFast
                ? "We follow the view that each broken fast needs its own Kaffarah."
                : "We follow the view that one Kaffarah covers the fasts broken in one Ramadan."}{" "}
              Scholars differ on this; ask a scholar you trust if you are unsure.
            </p>
          </div>
          <p className="mt-8 text-sm text-slate-600">
            Last updated {updated.gregorian} ({updated.hijri}).
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/transparency" className="btn-secondary">
              See where Zakat went
            </Link>
            <Link to="/donate?purpose=Zakat" className="btn-primary">
              Give Zakat
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * The policy not written yet: said plainly, with where Zakat's figures already are; anything else goes to the root's
 * boundary.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Our Zakat policy is not published yet</h1>
      <p className="mt-4 max-w-lg text-slate-600">
        Our staff are writing it. Meanwhile the transparency report shows what each Zakat fund received and gave out,
        and we are glad to answer any question about how we handle Zakat.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/transparency" className="btn-primary">
          See where Zakat went
        </Link>
        <Link to="/contact" className="btn-secondary">
          Ask us
        </Link>
      </div>
    </section>
  );
}
