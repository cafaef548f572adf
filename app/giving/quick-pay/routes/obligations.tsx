import { redirect } from "react-router";
import type { Route } from "./+types/obligations";
import { FitrForm, FidyaForm, KaffarahForm, type QuickPayAsked, type RateView } from "../components/quick-pay-forms";
import { PageHero } from "~/ui/page-hero";
import { obligationSchema } from "~/funds/funds";
import { CHANGE_REQUEST, obligationQuery } from "../rules/quick-pay";
import { dollarsToCents } from "~/shared/money";
import { fieldErrorsFromIssues } from "~/lib/service-errors";
import { quickPayTerms } from "../server/quick-pay.server";
import type { Rate } from "~/funds/rates/index.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Quick pay: Zakat al-Fitr, Fidya and Kaffarah | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "Pay Zakat al-Fitr for your household, Fidya for the days you could not fast, or Kaffarah, at the foundation's published rates.",
  },
];

function rateView(rate: Rate): RateView {
  return {
    cents: dollarsToCents(rate.amount),
    effective_on: rate.effective_on,
    authority: rate.authority,
    note: rate.note,
    to_confirm: rate.to_confirm,
  };
}

/**
 * Three plain GET forms that post back here: a complete request goes on to the donate
 * page (/donate?obligation=fitr&people=5), where the amount is worked out again; an
 * incomplete one comes back with what is missing beside its field, as typed. With
 * `change=1` (the donate page's "Change" link) a complete one stays, filled in, to be changed.
 */
export async function loader({ url }: Route.LoaderArgs) {
  let asked: QuickPayAsked | null = null;
  if (url.searchParams.has("obligation")) {
    const values = Object.fromEntries(url.searchParams);
    delete values[CHANGE_REQUEST];
    const parsed = obligationSchema.safeParse(values);
    // From the donate page's "Change" link: the request back in its form, to be changed.
    if (parsed.success && !url.searchParams.has(CHANGE_REQUEST))
      throw redirect(`/donate?${obligationQuery(parsed.data)}`);
    asked = {
      obligation: values.obligation ?? "",
      values,
      errors: parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues),
    };
  }
  const terms = await quickPayTerms();
  return {
    fitr: rateView(terms.fitr),
    fidya: rateView(terms.fidya),
    kaffarah: rateView(terms.kaffarah),
    kaffarahPerFast: terms.kaffarahPerFast,
    eid: terms.eid,
    asked,
  };
}

export default function Obligations({ loaderData }: Route.ComponentProps) {
  const { asked } = loaderData;
  const askedFor = (obligation: string) => (asked?.obligation === obligation ? asked : null);
  const unknown = asked !== null && !["fitr", "fidya", "kaffarah"].includes(asked.obligation);
  return (
    <>
      <PageHero id="obligations-title" eyebrow="Quick pay" title="Zakat al-Fitr, Fidya and Kaffarah">
        <p>
          Obligations with a fixed measure, paid at the foundation&apos;s published rates: say how many, and we work out
          the amount. Each gift goes to its own fund, and its receipt says what it was for.
        </p>
      </PageHero>
      <div className="container-page space-y-8 py-12">
        {unknown ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            Please choose one of the three forms below.
          </p>
        ) : null}
        <div className="grid gap-8 lg:grid-cols-3">
          <FitrForm rate={loaderData.fitr} eid={loaderData.eid} asked={askedFor("fitr")} />
          <FidyaForm rate={loaderData.fidya} asked={askedFor("fidya")} />
          <KaffarahForm rate={loaderData.kaffarah} perFast={loaderData.kaffarahPerFast} asked={askedFor("kaffarah")} />
        </div>
      </div>
    </>
  );
}
