import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ImpactStatisticsCards } from "~/components/home/impact-statistics";
import { getImpactStatistics } from "~/services/settings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Al-Amanah Foundation | Zakat & Sadaqa for families, orphans and emergencies" },
  {
    name: "description",
    content: "Give your Zakat and Sadaqa with confidence. We deliver food, water, orphan care and emergency relief.",
  },
];

export async function loader() {
  try {
    return { figures: await getImpactStatistics() };
  } catch (error) {
    console.error("Homepage statistics failed to load:", error);
    return { figures: null };
  }
}

const STEPS = [
  { title: "You Give", text: "Donate once or every month, or pay the Zakat you have calculated, securely online." },
  { title: "We Deliver", text: "Our teams and local partners turn every gift into food, water, care and schooling." },
  { title: "Lives Change", text: "Families, orphans and communities in crisis receive help, and you see the impact." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  if (!loaderData.figures) {
    return (
      <section className="container-page py-24 text-center" role="alert">
        <p className="text-xl font-semibold text-slate-900">Unable to load homepage data. Please check your connection.</p>
        <p className="mt-2 text-slate-600">Other pages should still work normally.</p>
      </section>
    );
  }

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-20 sm:py-28">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">Trusted by 10,000+ donors</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Your Zakat and Sadaqa, delivered with care
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">
            We carry your giving to families in need, orphans and communities struck by disaster, and we show you where
            every dollar goes.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/donate" className="btn-gold text-lg">
              Donate Now
            </Link>
            <Link to="/zakat-calculator" className="btn-outline text-lg text-white">
              Calculate Zakat
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="impact-heading" className="bg-slate-50 py-16">
        <div className="container-page">
          <h2 id="impact-heading" className="mb-8 text-center text-3xl font-bold text-slate-900">
            Our Impact
          </h2>
          <ImpactStatisticsCards figures={loaderData.figures} />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="py-16">
        <div className="container-page">
          <h2 id="how-heading" className="text-center text-3xl font-bold text-slate-900">
            How Your Donation Works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-6 text-center">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800 py-16 text-center text-white">
        <div className="container-page">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Every gift is an Amanah, a trust
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-brand-50">
            Work out what you owe in a minute, then pay it in one click, or give Sadaqa wherever the need is greatest.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/donate" className="btn-gold">
              Donate Now
            </Link>
            <Link to="/zakat-education" className="btn-outline text-white">
              Learn about Zakat
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
