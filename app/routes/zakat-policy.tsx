import { Link } from "react-router";
import type { Route } from "./+types/zakat-policy";
import { PageHero } from "~/components/ui/page-hero";
import { formatDate } from "~/domain/shared/dates";
import { formatHijri } from "~/domain/shared/hijri";
import { paragraphs } from "~/domain/shared/text";
import { getZakatPolicy } from "~/services/funds";
import { PAGE_WITHOUT_SCRIPTS } from "~/components/layout/page-scripts";
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

/** The policy staff write, as paragraphs, with the day it last changed (never who changed it). */
export async function loader() {
  const policy = await getZakatPolicy();
  return {
    paragraphs: paragraphs(policy.body),
    isTemplate: policy.is_template,
    kaffarahPerFast: policy.kaffarah_per_fast,
    updated: { gregorian: formatDate(policy.updated_at, "UTC"), hijri: formatHijri(policy.updated_at) },
  };
}

export default function ZakatPolicy({ loaderData }: Route.ComponentProps) {
  const { paragraphs: text, isTemplate, kaffarahPerFast, updated } = loaderData;
  return (
    <>
      <PageHero id="zakat-policy-title" eyebrow="Zakat kept apart" title="Our Zakat policy">
        <p>Who distributes Zakat, to whom, whether a share is taken for administering it, how fast it is given, and who reviews it.</p>
      </PageHero>

      <div className="container-page py-12">
        <div className="max-w-3xl">
          {isTemplate ? (
            <p role="note" aria-label="Template" className="mb-8 rounded-xl border border-gold-400 bg-gold-300/20 p-4 text-slate-800">
              <strong>This is a template.</strong> The foundation has not yet published its own Zakat policy; the text below is
              the starting outline our staff will replace.
            </p>
          ) : null}
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
