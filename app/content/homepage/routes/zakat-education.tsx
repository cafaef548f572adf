import { Link } from "react-router";
import { ToBeConfirmed } from "~/ui/to-be-confirmed";
import { Icon } from "~/ui/icon";
import type { Route } from "./+types/zakat-education";
import { FOUNDATION } from "~/content/public-layout/index.ui";
import { priceFigures, ZAKAT_FIGURES, zakatOn } from "~/giving/zakat-calculator";
import { formatBothCalendars } from "~/shared/hijri";
import { todaysMetalPrices } from "~/giving/zakat-calculator/index.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

const { rate, goldNisabWeight, silverNisabWeight } = ZAKAT_FIGURES;

export const meta: Route.MetaFunction = () => [
  { title: "Zakat Education | Al-Amanah Foundation" },
  {
    name: "description",
    content: `A clear guide to Zakat: who must pay, the nisab threshold, the ${rate} rate, what counts as zakatable wealth, the eight categories of recipients and how Zakat differs from Sadaqa.`,
  },
];

/** The page's sections, for the "On this page" list. */
const CONTENTS = [
  { id: "what-is-zakat", label: "What is Zakat?" },
  { id: "who-pays", label: "Who must pay" },
  { id: "nisab", label: "Nisab" },
  { id: "rate", label: `The ${rate} rate` },
  { id: "zakatable-wealth", label: "Zakatable wealth" },
  { id: "liabilities", label: "Deducting debts" },
  { id: "recipients", label: "Who receives Zakat" },
  { id: "zakat-and-sadaqa", label: "Zakat and Sadaqa" },
  { id: "faq", label: "Questions" },
] as const;

const ZAKATABLE_WEALTH = [
  {
    name: "Cash and savings",
    description:
      "Money at home, in current and savings accounts, in digital wallets and any cash you have set aside, in any currency.",
  },
  {
    name: "Gold and silver",
    description:
      "Coins, bars and other gold or silver held as savings, valued at today's price. Scholars differ on jewellery worn for personal use: some count it, others do not, so follow the opinion you trust.",
  },
  {
    name: "Shares and investments",
    description:
      "Shares you buy to trade are counted at their current market value. For shares held long term, many scholars count only your share of the company's zakatable assets. Investment funds and similar holdings are included too.",
  },
  {
    name: "Business goods",
    description:
      "Stock you hold for sale, valued at its current market value, along with your business's cash. Equipment, premises and vehicles used to run the business are not counted.",
  },
  {
    name: "Money owed to you",
    description:
      "Loans and other receivables you are confident will be repaid. Debts that are unlikely ever to be repaid are usually left out until you actually receive them.",
  },
  {
    name: "Agriculture",
    description: `Crops and fruits are due at harvest rather than after a year: ${ZAKAT_FIGURES.rainHarvestRate} of the harvest when watered by rain or rivers, and ${ZAKAT_FIGURES.irrigatedHarvestRate} when watered by irrigation at the farmer's own cost.`,
  },
  {
    name: "Livestock",
    description:
      "Camels, cattle, sheep and goats that graze freely for most of the year, once a herd reaches its own minimum number (for example 40 sheep or goats, 30 cattle or 5 camels). Animals kept for trade count as business goods instead.",
  },
] as const;

const RECIPIENTS = [
  { name: "The poor (al-fuqara')", description: "Those with little or nothing to meet their basic needs." },
  {
    name: "The needy (al-masakin)",
    description: "Those who have some means, but not enough to cover what they and their families need.",
  },
  {
    name: "Zakat administrators (al-'amilina 'alayha)",
    description: "Those appointed to collect and distribute Zakat, for the work they do.",
  },
  {
    name: "Those whose hearts are to be reconciled (al-mu'allafati qulubuhum)",
    description: "Including new Muslims and others who are drawn towards the faith and need support.",
  },
  {
    name: "Those in bondage (fi al-riqab)",
    description: "Freeing people from slavery and captivity; some scholars today apply this to victims of trafficking.",
  },
  {
    name: "Those in debt (al-gharimin)",
    description: "People burdened by debts for lawful needs that they cannot repay.",
  },
  {
    name: "In the cause of Allah (fi sabilillah)",
    description:
      "Those striving in the way of Allah. Some scholars today also include work that spreads and protects the faith, such as Islamic education.",
  },
  {
    name: "The stranded traveller (ibn al-sabil)",
    description: "Travellers cut off from their resources, even if they are well off at home.",
  },
] as const;

const FAQS = [
  {
    question: "Do I pay Zakat on my home or car?",
    answer:
      "No. The home you live in, your car, clothing, furniture and other things you own for personal use are not zakatable. Zakat is due on wealth you save, invest or trade, not on the things you use day to day.",
  },
  {
    question: "When should I pay my Zakat?",
    answer:
      "Zakat becomes due when a full lunar year has passed since your wealth first reached the nisab. Many people choose a fixed date, often in Ramadan, to make it easy to remember. Most scholars allow you to pay early, but you should not delay once it is due.",
  },
  {
    question: "Can I give Zakat to my relatives?",
    answer:
      "You cannot give Zakat to those you are already responsible for supporting: your parents, grandparents, children, grandchildren or spouse. Other relatives in genuine need, such as a brother, sister, aunt or uncle, may receive it, and helping family carries a double reward.",
  },
  {
    question: "What is Zakat al-Fitr?",
    answer:
      "Zakat al-Fitr is a separate, small payment made for each member of the household at the end of Ramadan, before the Eid prayer. It helps ensure that everyone can celebrate Eid. It is different from the annual Zakat on wealth described on this page.",
  },
  {
    question: "What if I missed Zakat in previous years?",
    answer:
      "Missed Zakat remains owed. Estimate what was due for each year as honestly as you can, pay it as soon as you are able, and ask Allah's forgiveness. A scholar can help if your situation is complicated.",
  },
  {
    question: "Does the lunar year make a difference?",
    answer: `Yes. The Islamic (hijri) year is about 11 days shorter than the solar year. If you prefer to work on the solar calendar, some scholars suggest a rate of about ${ZAKAT_FIGURES.solarYearRate} to make up the difference.`,
  },
] as const;

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="scroll-mt-24">
      {children}
    </h2>
  );
}

/** Which of the prices are still the starting figures a new site came with, in a sentence. */
function startingPrices(prices: { gold_to_confirm: boolean; silver_to_confirm: boolean }): string {
  if (prices.gold_to_confirm && prices.silver_to_confirm)
    return "Both are starting figures the site came with, to be confirmed by our staff.";
  return `The ${prices.gold_to_confirm ? "gold" : "silver"} price is a starting figure the site came with, to be confirmed by our staff.`;
}

/** The nisab in dollars moves with the prices staff keep in the rates register. */
export async function loader() {
  return { prices: await todaysMetalPrices() };
}

export default function ZakatEducation({ loaderData: { prices } }: Route.ComponentProps) {
  const { goldPrice, silverPrice, goldNisab, silverNisab } = priceFigures(
    prices.gold_price_per_gram,
    prices.silver_price_per_gram,
  );
  return (
    <>
      <section aria-labelledby="zakat-education-title" className="bg-brand-800 text-white">
        <div className="container-page py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Zakat Education</p>
          <h1 id="zakat-education-title" className="mt-2 max-w-3xl text-4xl font-bold sm:text-5xl">
            Understanding Zakat
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            A simple guide to one of the great acts of worship in Islam: what Zakat is, who pays it, how it is
            calculated and where it goes.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/zakat-calculator" className="btn-gold">
              Calculate Your Zakat
            </Link>
            <Link to="/donate" className="btn-outline">
              Pay Zakat Now
            </Link>
            <Link to="/obligations" className="btn-outline">
              Zakat al-Fitr, Fidya and Kaffarah
            </Link>
          </div>
        </div>
      </section>

      <div className="container-page grid gap-12 py-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby="contents-title" className="hidden lg:block">
          <div className="sticky top-6 rounded-xl border border-slate-200 p-5 text-sm">
            <h2 id="contents-title" className="font-semibold text-slate-900">
              On this page
            </h2>
            <ul className="mt-3 space-y-2 text-slate-700">
              {CONTENTS.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`} className="hover:text-brand-700 hover:underline">
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="prose-page max-w-3xl">
          <section aria-labelledby="what-is-zakat">
            <SectionHeading id="what-is-zakat">What is Zakat?</SectionHeading>
            <p>
              Zakat is the third of the five pillars of Islam, alongside the declaration of faith, prayer, fasting in
              Ramadan and the pilgrimage to Makkah. Every Muslim who has enough wealth gives a fixed share of it each
              year to people in need.
            </p>
            <p>
              The word zakat means both &ldquo;purification&rdquo; and &ldquo;growth&rdquo;. Giving Zakat purifies the
              wealth that remains and the heart of the giver, and Allah promises to bless and increase it. In the Quran,
              Zakat is mentioned again and again alongside prayer, a sign of how central it is to the faith.
            </p>
            <p>
              Zakat is not a favour to the poor. It is their right, set by Allah, and a way of making sure that wealth
              circulates through the whole community rather than staying in a few hands.
            </p>
          </section>

          <section aria-labelledby="who-pays">
            <SectionHeading id="who-pays">Who must pay Zakat?</SectionHeading>
            <p>Zakat on wealth is due from every Muslim who:</p>
            <ul>
              <li>is an adult of sound mind;</li>
              <li>fully owns wealth that is at or above the nisab, the minimum threshold explained below; and</li>
              <li>
                has held that wealth for one full lunar year, known as the <em>hawl</em>.
              </li>
            </ul>
            <p>
              The year starts on the day your wealth first reaches the nisab. If your wealth is still at or above the
              nisab when that lunar year ends, Zakat is due. In practice, most people simply pay on everything zakatable
              they own on that day, including money that came in during the year.
            </p>
          </section>

          <section aria-labelledby="nisab">
            <SectionHeading id="nisab">Nisab: the minimum threshold</SectionHeading>
            <p>
              The nisab is the minimum amount of wealth a person must have before Zakat becomes due. It was set by the
              Prophet Muhammad (peace be upon him) in gold and silver, so its value in dollars changes with the price of
              those metals.
            </p>
            <div className="my-6 grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl border border-gold-400 bg-amber-50 p-5">
                <h3 className="mt-0 text-lg font-semibold text-slate-900">Gold nisab</h3>
                <p className="mb-1 text-3xl font-bold text-slate-900">{goldNisabWeight} of gold</p>
                <p className="mb-0 text-sm text-slate-700">
                  About {goldNisab} at {goldPrice} per gram
                  {prices.gold_to_confirm ? <ToBeConfirmed /> : null}
                </p>
              </div>
              <div className="rounded-xl border border-slate-300 bg-slate-50 p-5">
                <h3 className="mt-0 text-lg font-semibold text-slate-900">Silver nisab</h3>
                <p className="mb-1 text-3xl font-bold text-slate-900">{silverNisabWeight} of silver</p>
                <p className="mb-0 text-sm text-slate-700">
                  About {silverNisab} at {silverPrice} per gram
                  {prices.silver_to_confirm ? <ToBeConfirmed /> : null}
                </p>
              </div>
            </div>
            <p>
              You will often see the nisab quoted as <strong>about $4,000, based on 85 g of gold</strong>. That
              long-quoted figure dates from years when gold cost less, around $47 per gram; at today&rsquo;s higher
              prices the same 85 g is worth more. Our{" "}
              <Link to="/zakat-calculator" className="font-medium text-brand-700 underline hover:no-underline">
                Zakat Calculator
              </Link>{" "}
              works from {goldNisabWeight} of gold, which comes to about {goldNisab} at {goldPrice} per gram, and{" "}
              {silverNisabWeight} of silver, which comes to about {silverNisab} at {silverPrice} per gram: the prices
              the foundation set on {formatBothCalendars(prices.gold_as_of)} for gold and on{" "}
              {formatBothCalendars(prices.silver_as_of)} for silver.
              {prices.gold_to_confirm || prices.silver_to_confirm ? ` ${startingPrices(prices)}` : null}
            </p>
            <p>
              Why the difference? Scholars convert the traditional weights into grams in slightly different ways, which
              is why you will see both 85 g and {goldNisabWeight} of gold, and the price of gold changes every day.
              Neither figure is wrong. Before you pay, check today&rsquo;s gold and silver prices, or ask a scholar you
              trust which standard to follow.
            </p>
            <h3>Gold or silver?</h3>
            <p>
              Because silver is far cheaper, the silver nisab is much lower. Many scholars recommend using it for
              savings held in cash, as more people then pay Zakat and more reaches the poor. Others prefer the gold
              nisab, arguing that it better reflects the level of wealth the threshold was meant to mark. If all you
              hold is gold, the gold nisab applies to it.
            </p>
          </section>

          <section aria-labelledby="rate">
            <SectionHeading id="rate">{`The rate: ${rate}`}</SectionHeading>
            <p>
              Zakat on money, gold, silver, investments and business goods is <strong>{rate}</strong>, one fortieth, of
              your total zakatable wealth once the lunar year is complete.
            </p>
            <p>
              For example, if your zakatable wealth after deducting debts due now comes to $10,000, your Zakat is{" "}
              {zakatOn(10_000)}. Crops and livestock are assessed differently, as described below.
            </p>
          </section>

          <section aria-labelledby="zakatable-wealth">
            <SectionHeading id="zakatable-wealth">What counts as zakatable wealth?</SectionHeading>
            <p>
              Zakat is due on wealth that can grow or is kept as savings. Add up the following on the day your Zakat is
              due:
            </p>
            <dl className="mb-6 space-y-4">
              {ZAKATABLE_WEALTH.map((item) => (
                <div key={item.name} className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3">
                  <dt className="font-semibold text-slate-900">{item.name}</dt>
                  <dd className="mt-1 leading-relaxed text-slate-700">{item.description}</dd>
                </div>
              ))}
            </dl>
            <p>
              You do not pay Zakat on the things you use in daily life: the home you live in, your car, clothes,
              furniture, or the tools and equipment you need for your work.
            </p>
          </section>

          <section aria-labelledby="liabilities">
            <SectionHeading id="liabilities">Deducting what you owe</SectionHeading>
            <p>
              Before working out your Zakat, you may deduct debts and bills that are due now, because that money is not
              truly yours to keep. These immediate liabilities include:
            </p>
            <ul>
              <li>bills that are due, such as rent, utilities and taxes;</li>
              <li>money you have borrowed and must repay now;</li>
              <li>the instalments currently due on a mortgage, car loan or credit card; and</li>
              <li>wages or payments you owe to others, including business suppliers.</li>
            </ul>
            <p>
              For long-term debts such as a mortgage, most contemporary scholars advise deducting only the payments that
              are currently due, not the whole balance. If what remains after these deductions is below the nisab, no
              Zakat is due.
            </p>
          </section>

          <section aria-labelledby="recipients">
            <SectionHeading id="recipients">Who receives Zakat? The eight categories</SectionHeading>
            <p>
              Allah Himself names those who may receive Zakat. They are known as the <em>asnaf</em>, the eight
              categories:
            </p>
            <blockquote className="my-6 rounded-r-lg border-l-4 border-gold-500 bg-amber-50 px-5 py-4 text-slate-800 italic">
              &ldquo;Zakah expenditures are only for the poor and for the needy and for those employed to collect
              [zakah] and for bringing hearts together [for Islam] and for freeing captives [or slaves] and for those in
              debt and for the cause of Allah and for the [stranded] traveler &ndash; an obligation [imposed] by Allah.
              And Allah is Knowing and Wise.&rdquo;
              <footer className="mt-2 text-sm text-slate-700 not-italic">Quran 9:60</footer>
            </blockquote>
            <ol className="mb-6 grid gap-4 sm:grid-cols-2">
              {RECIPIENTS.map((recipient, index) => (
                <li key={recipient.name} className="rounded-lg border border-slate-200 p-4">
                  <p className="mb-0 font-semibold text-slate-900">
                    <span className="mr-2 text-brand-700">{index + 1}.</span>
                    {recipient.name}
                  </p>
                  <p className="mt-1 mb-0 text-sm leading-relaxed text-slate-700">{recipient.description}</p>
                </li>
              ))}
            </ol>
            <p>
              At {FOUNDATION.name}, our Zakat work focuses on the first two categories, the poor and the needy: families
              struggling to put food on the table, orphans, and people whose lives have been upended by disaster.
            </p>
            <p>
              If your own family is struggling to meet its essential needs, you can ask us for help from Zakat:{" "}
              <Link to="/get-help" className="font-medium text-brand-700 underline hover:no-underline">
                Get help
              </Link>
              .
            </p>
          </section>

          <section aria-labelledby="zakat-and-sadaqa">
            <SectionHeading id="zakat-and-sadaqa">Zakat and Sadaqa: what is the difference?</SectionHeading>
            <p>
              Both are acts of charity beloved to Allah, but they are not the same. Zakat is a duty with clear rules;
              Sadaqa is the open door of voluntary giving.
            </p>
            <div className="mb-6 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Comparison of Zakat and Sadaqa</caption>
                <thead>
                  <tr className="border-b-2 border-brand-700 text-slate-900">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      <span className="sr-only">Aspect</span>
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Zakat
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Sadaqa
                    </th>
                  </tr>
                </thead>
                <tbody className="text-slate-700">
                  <tr className="border-b border-slate-200">
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      Obligation
                    </th>
                    <td className="py-3 pr-4">Obligatory, a pillar of Islam</td>
                    <td className="py-3">Voluntary, given freely</td>
                  </tr>
                  <tr className="border-b border-slate-200">
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      Amount
                    </th>
                    <td className="py-3 pr-4">Fixed: {rate} of zakatable wealth above the nisab</td>
                    <td className="py-3">Any amount, large or small, even a smile</td>
                  </tr>
                  <tr className="border-b border-slate-200">
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      Timing
                    </th>
                    <td className="py-3 pr-4">Once a lunar year has passed</td>
                    <td className="py-3">Any time, as often as you wish</td>
                  </tr>
                  <tr className="border-b border-slate-200">
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      Recipients
                    </th>
                    <td className="py-3 pr-4">Only the eight categories named in the Quran</td>
                    <td className="py-3">Anyone in need and any good cause</td>
                  </tr>
                </tbody>
              </table>
            </div>
            <p>
              Some Sadaqa keeps on giving long after it is given. This is <em>Sadaqa Jariyah</em>, ongoing charity such
              as a well, a school or a sponsored orphan&rsquo;s education, whose reward continues for as long as people
              benefit from it.
            </p>
          </section>

          <section aria-labelledby="faq">
            <SectionHeading id="faq">Frequently asked questions</SectionHeading>
            <div className="space-y-3">
              {FAQS.map((faq) => (
                <details key={faq.question} className="group rounded-lg border border-slate-200 bg-white">
                  <summary className="cursor-pointer list-none px-5 py-4 font-semibold text-slate-900 marker:hidden hover:bg-slate-50">
                    <span className="flex items-center justify-between gap-4">
                      {faq.question}
                      <Icon
                        name="chevronDown"
                        className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                      />
                    </span>
                  </summary>
                  <p className="mb-0 px-5 pb-4 leading-relaxed text-slate-700">{faq.answer}</p>
                </details>
              ))}
            </div>
            <p className="mt-6">
              This guide gives the general principles that most scholars agree on. Personal circumstances vary, so if
              you are unsure about your own situation, please ask a qualified scholar.
            </p>
          </section>
        </div>
      </div>

      <section aria-labelledby="zakat-cta-title" className="container-page pb-16">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="zakat-cta-title" className="text-3xl font-bold">
            Ready to fulfil your Zakat?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Work out what you owe in a few minutes, then let us carry your Zakat to the families, orphans and
            communities who need it most.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/zakat-calculator" className="btn-gold">
              Calculate Your Zakat
            </Link>
            <Link to="/donate" className="btn-outline">
              Pay Zakat Now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
