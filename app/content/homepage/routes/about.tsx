import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import type { Route } from "./+types/about";
import { FOUNDATION } from "~/content/public-layout/index.ui";
import { formatImpactFigure } from "~/shared/money";
import { IMPACT_STATISTIC_LABELS, isDollarStatistic, type ImpactStatisticKey } from "~/content/settings";
import { getImpactStatistics } from "~/content/settings/index.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "About Us | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "Al-Amanah Foundation collects Zakat and Sadaqa and delivers them to families, orphans and communities in crisis. Learn about our mission, values, impact and programmes.",
  },
];

export async function loader() {
  return { figures: await getImpactStatistics() };
}

/** The order the impact figures appear in, with a line on what each one counts. */
const IMPACT_FIGURES: { key: ImpactStatisticKey; note: string }[] = [
  { key: "meals_provided", note: "Hot meals and food parcels shared with hungry families." },
  { key: "families_supported", note: "Households helped with food, shelter, medical care or cash aid." },
  { key: "orphans_cared_for", note: "Children receiving ongoing support for their daily needs and schooling." },
  { key: "total_raised", note: "Given by donors like you and passed on to those in need." },
];

const VALUES = [
  {
    name: "Amanah (Trust)",
    description:
      "Every donation is a trust placed in our hands. We treat your Zakat and Sadaqa as we would want our own to be treated: carefully, honestly and for the purpose you intended.",
  },
  {
    name: "Transparency",
    description:
      "We report openly on where donations go and what they achieve, so you can see the difference your giving makes.",
  },
  {
    name: "Dignity",
    description:
      "The people we serve are our neighbours, not statistics. We help in ways that protect their privacy and respect their choices.",
  },
  {
    name: "Compassion",
    description:
      "We follow the example of mercy taught by the Prophet Muhammad (peace be upon him), meeting hardship with kindness and care.",
  },
  {
    name: "Accountability",
    description:
      "We answer to our donors, to the communities we serve and, above all, to Allah. We keep careful records and welcome your questions.",
  },
] as const;

const SERVICES = [
  {
    name: "Emergency Relief",
    description:
      "When floods, earthquakes or conflict strike, we move quickly to provide food, clean water, shelter and medical supplies to families who have lost everything.",
  },
  {
    name: "Orphan Care",
    description:
      "We support orphaned children with food, clothing, healthcare and schooling, helping them grow up safe, loved and hopeful about their future.",
  },
  {
    name: "Food & Water Aid",
    description:
      "From food parcels and Ramadan meals to wells and water points, we help families meet the most basic needs of every day.",
  },
  {
    name: "Education",
    description:
      "We fund school fees, books and uniforms, and support learning centres, because education is one of the surest paths out of poverty.",
  },
  {
    name: "Healthcare",
    description:
      "We help families reach doctors, medicines and treatment they could not otherwise afford, with special care for mothers and young children.",
  },
  {
    name: "Family Support",
    description:
      "Widows, low-income households and families facing sudden hardship receive help with rent, bills and essentials to get back on their feet.",
  },
] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;

  return (
    <>
      <section aria-labelledby="about-title" className="bg-brand-800 text-white">
        <div className="container-page py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">About Us</p>
          <h1 id="about-title" className="mt-2 max-w-3xl text-4xl font-bold sm:text-5xl">
            About {FOUNDATION.name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Amanah means trust. Every gift of Zakat and Sadaqa you give us is a trust, and we carry it with care to
            families, orphans and communities in crisis.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/donate" className="btn-gold">
              Donate Now
            </Link>
            <Link to="/volunteer" className="btn-outline">
              Volunteer With Us
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-title" className="container-page py-16">
        <h2 id="mission-title" className="text-3xl font-bold text-slate-900">
          Our Mission and Vision
        </h2>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          <div className="rounded-xl border border-brand-200 bg-brand-50 p-6">
            <h3 className="text-xl font-semibold text-brand-900">Our Mission</h3>
            <p className="mt-3 leading-relaxed text-slate-700">
              To collect Zakat and Sadaqa faithfully and deliver them where they are needed most: feeding hungry
              families, caring for orphans and bringing relief when disaster strikes. We work so that every donor can
              give with confidence and every person we help is treated with dignity.
            </p>
          </div>
          <div className="rounded-xl border border-brand-200 bg-brand-50 p-6">
            <h3 className="text-xl font-semibold text-brand-900">Our Vision</h3>
            <p className="mt-3 leading-relaxed text-slate-700">
              A world where no family goes to bed hungry, no orphan grows up alone and no community faces a crisis
              without help, where the generosity of many becomes lasting hope for those in need.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-slate-50 py-16">
        <div className="container-page">
          <h2 id="values-title" className="text-3xl font-bold text-slate-900">
            Our Values
          </h2>
          <p className="mt-3 max-w-2xl text-slate-700">
            Five principles guide every decision we make, from how we handle a donation to how we greet a family at our
            door.
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.name} className="flex gap-3 rounded-xl bg-white p-6 shadow-sm">
                <Icon name="check" className="h-6 w-6 shrink-0 text-brand-700" />
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{value.name}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{value.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="impact-title" className="bg-brand-800 py-16 text-white">
        <div className="container-page">
          <h2 id="impact-title" className="text-3xl font-bold">
            Our Impact
          </h2>
          <p className="mt-3 max-w-2xl text-brand-100">
            With the help of Allah and the generosity of our donors, this is what we have achieved together so far.
          </p>
          <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {IMPACT_FIGURES.map(({ key, note }) => (
              <div key={key} className="flex flex-col rounded-xl bg-brand-900 p-6">
                <dt className="order-2 mt-2 text-lg font-semibold">{IMPACT_STATISTIC_LABELS[key]}</dt>
                <dd className="order-1 text-3xl font-bold whitespace-nowrap text-gold-300 xl:text-4xl">
                  {formatImpactFigure(figures[key], isDollarStatistic(key))}
                </dd>
                <dd className="order-3 mt-2 text-sm text-brand-100">{note}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="services-title" className="container-page py-16">
        <h2 id="services-title" className="text-3xl font-bold text-slate-900">
          What We Do
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">
          Your Zakat and Sadaqa fund practical help that changes lives, today and for years to come.
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => (
            <li key={service.name} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-brand-800">{service.name}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{service.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="giving-title" className="bg-slate-50 py-16">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="giving-title" className="text-3xl font-bold text-slate-900">
              How Your Giving Reaches Those in Need
            </h2>
            <p className="mt-3 text-slate-700">
              We take the responsibility of handling your donation seriously, especially when it is Zakat, an obligation
              with its own rules.
            </p>
          </div>
          <ol className="space-y-6">
            <li>
              <h3 className="text-lg font-semibold text-slate-900">1. You give</h3>
              <p className="mt-1 text-slate-700">
                Choose Zakat or Sadaqa and the cause closest to your heart, whether that is emergency relief, orphan
                care or food and water aid.
              </p>
            </li>
            <li>
              <h3 className="text-lg font-semibold text-slate-900">2. We honour your intention</h3>
              <p className="mt-1 text-slate-700">
                Zakat goes only to those eligible to receive it under Islamic law. Sadaqa supports the wider work of
                relief and community care.
              </p>
            </li>
            <li>
              <h3 className="text-lg font-semibold text-slate-900">3. Help arrives, and we report back</h3>
              <p className="mt-1 text-slate-700">
                Aid reaches families, orphans and communities in crisis, and we share stories and figures so you can see
                what your generosity has done. Our{" "}
                <Link to="/transparency" className="font-semibold text-brand-800 underline hover:no-underline">
                  transparency report
                </Link>{" "}
                shows what each fund received and gave out, and where the Zakat went.
              </p>
            </li>
          </ol>
        </div>
      </section>

      <section aria-labelledby="involved-title" className="container-page py-16">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="involved-title" className="text-3xl font-bold">
            Join Us in Making a Difference
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Whether you give your Zakat, a gift of Sadaqa or your time, you become part of a trust that carries hope to
            people who need it most.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/donate" className="btn-gold">
              Donate Now
            </Link>
            <Link to="/volunteer" className="btn-outline">
              Become a Volunteer
            </Link>
          </div>
          <p className="mt-6 text-sm text-brand-50">
            Not sure how much Zakat you owe?{" "}
            <Link to="/zakat-calculator" className="font-semibold underline hover:no-underline">
              Use our Zakat Calculator
            </Link>{" "}
            or{" "}
            <Link to="/zakat-education" className="font-semibold underline hover:no-underline">
              learn more about Zakat
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
