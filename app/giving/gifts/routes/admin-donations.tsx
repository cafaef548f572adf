import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-donations";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { StatCard } from "~/staff/dashboard/index.ui";
import { TestBadge } from "~/ui/badges";
import { DataTable } from "~/ui/data-table";
import { TruncatedText } from "~/ui/truncated-text";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { formatDate, todayIn } from "~/shared/dates";
import { offlineGiftSchema, DONATION_FREQUENCIES, PAYMENT_METHOD_LABELS } from "~/giving/donate";
import { centsToDollars, formatCount, formatDollars } from "~/shared/money";
import { countedTestFlags, getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { failureNotice, refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { adminContext } from "~/lib/request-context";
import { getAppeal, listAppealChoices } from "~/appeals/appeals/index.server";
import { listFunds } from "~/funds/funds/index.server";
import {
  findDonationPage,
  getDonationTotals,
  readDonationFilter,
  recordOfflineGift,
  type Donation,
  type DonationFilter,
} from "../server/donations.server";
import { syncFromProvider } from "~/giving/provider/index.server";
import { AppealFilter, FundFilter, type FilterChoice as AppealChoice } from "~/ui/record-filter";
import { OfflineGiftForm } from "../components/offline-gift-form";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Donations | Admin" }];

const PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  const { filter, problem } = await readDonationFilter(url.searchParams);
  const [found, totals, funds, appeals, appealShown] = await Promise.all([
    findDonationPage(filter, pageFrom(url), PAGE_SIZE),
    getDonationTotals(),
    listFunds(),
    listAppealChoices(),
    filter.appealId === undefined ? null : getAppeal(filter.appealId, { staff: true }),
  ]);
  const recorded = Number(url.searchParams.get("recorded"));
  return {
    donations: found.donations,
    matching: found.total,
    matchingCapped: found.capped,
    page: found.page,
    filter,
    totals: { amount: centsToDollars(totals.totalCents), donors: totals.donors, average: totals.averageDollars },
    // The figures are the database's running totals: they count test gifts while the site takes no real payments.
    totalsCountTest: countedTestFlags().includes(1),
    filterProblem: problem ?? null,
    recording: url.searchParams.has("record"),
    // An offline gift can go to any open fund, the obligations' included.
    purposes: funds
      .filter((fund) => !fund.archived)
      .map((fund) => ({
        value: fund.purpose,
        label: fund.purpose === fund.name ? fund.name : `${fund.purpose} (${fund.name})`,
      })),
    funds: funds.map((fund) => ({ id: fund.id, name: fund.archived ? `${fund.name} (archived)` : fund.name })),
    appeals: appeals.map(appealChoice),
    // An offline gift can answer an appeal that has gone live, closed ones too, never a draft.
    giftAppeals: appeals.filter((appeal) => appeal.status !== "draft").map(appealChoice),
    // The filtered appeal's own figure, counted as the appeal's page counts it.
    appealRaised: appealShown
      ? {
          title: appealShown.title,
          raised: appealShown.raised,
          gifts: appealShown.gifts,
          testGifts: appealShown.test_gifts,
        }
      : null,
    recorded: Number.isInteger(recorded) && recorded > 0 ? recorded : null,
    timeZone: getEnv().SITE_TIMEZONE,
    today: todayIn(getEnv().SITE_TIMEZONE),
  };
}

function appealChoice(appeal: { id: number; title: string; status: string }): AppealChoice {
  return { id: appeal.id, label: appeal.status === "live" ? appeal.title : `${appeal.title} (${appeal.status})` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  if (intent === "sync") return syncAction();
  if (intent === "record") return recordAction(formData, context.get(adminContext)!.username);
  return refuseUnknownIntent(request, intent);
}

async function syncAction() {
  try {
    const synced = await syncFromProvider();
    return {
      intent: "sync" as const,
      ok: true,
      message: `Successfully synced ${synced} records from the card payment provider`,
    };
  } catch (error) {
    return failureNotice(
      error,
      { what: "Sync failed", failed: "Failed to sync data from the card payment provider" },
      { intent: "sync" as const },
    );
  }
}

async function recordAction(formData: FormData, recordedBy: string) {
  const submission = parseWithZod(formData, { schema: offlineGiftSchema });
  if (submission.status !== "success")
    return data({ intent: "record" as const, result: submission.reply() }, { status: 400 });
  try {
    const gift = await recordOfflineGift(submission.value, recordedBy);
    return redirect(`/admin/donations?recorded=${gift.id}`);
  } catch (error) {
    return serviceErrorReply(submission, error, { intent: "record" as const });
  }
}

export default function Donations({ loaderData, actionData }: Route.ComponentProps) {
  const { donations, matching, page, filter, totals, timeZone } = loaderData;
  const navigation = useNavigation();
  const syncing = navigation.state === "submitting" && navigation.formData?.get("intent") === "sync";
  const recordResult = actionData && "result" in actionData ? actionData.result : undefined;
  const recording = loaderData.recording || recordResult !== undefined;
  const exportQuery = filterQuery(filter);
  const firstPageLink = `/admin/donations?${exportQuery}`;
  const totalsWords = totalsNote(isFiltered(filter), loaderData.totalsCountTest);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Donations</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="?record=1" preventScrollReset className="btn-secondary">
            Record offline gift
          </Link>
          {/* A plain link, no `download`: when the password must be given again, the browser follows the answer to
              Confirm your password instead of saving that page as the file; otherwise the CSV downloads. */}
          <a href={`/admin/donations/export${exportQuery.size ? `?${exportQuery}` : ""}`} className="btn-secondary">
            Export CSV
          </a>
          <Form method="post">
            <button type="submit" name="intent" value="sync" className="btn-primary" disabled={syncing}>
              {syncing ? "Syncing..." : "Sync"}
            </button>
          </Form>
        </div>
      </div>

      {actionData && "message" in actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>
      ) : null}
      {loaderData.recorded && !recording ? (
        <Notice tone="success">Offline gift #{loaderData.recorded} recorded.</Notice>
      ) : null}
      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: that part of the filter was left out.</Notice>
      ) : null}

      <dl className="grid gap-4 sm:grid-cols-3" aria-describedby={totalsWords ? "donations-totals-note" : undefined}>
        <StatCard label="Total Donations" value={formatDollars(totals.amount)} testId="donations-total" />
        <StatCard label="Donors" value={formatCount(totals.donors)} testId="donations-donors" />
        <StatCard label="Average Donation" value={formatDollars(totals.average)} testId="donations-average" />
      </dl>
      {totalsWords ? (
        <p id="donations-totals-note" className="-mt-3 text-sm text-slate-600">
          {totalsWords}
        </p>
      ) : null}

      {recording ? (
        <OfflineGiftForm
          lastResult={recordResult}
          today={loaderData.today}
          purposes={loaderData.purposes}
          appeals={loaderData.giftAppeals.map((appeal) => ({ value: String(appeal.id), label: appeal.label }))}
        />
      ) : null}

      <DonationFilters filter={filter} funds={loaderData.funds} appeals={loaderData.appeals} />

      {loaderData.appealRaised ? (
        <p className="text-sm text-slate-700" data-testid="appeal-raised">
          <span className="font-semibold text-slate-900">{loaderData.appealRaised.title}</span>:{" "}
          {formatDollars(loaderData.appealRaised.raised)} raised from {formatCount(loaderData.appealRaised.gifts)}{" "}
          {loaderData.appealRaised.gifts === 1 ? "gift" : "gifts"}
          {loaderData.appealRaised.testGifts ? ", test gifts included while the site takes no real payments" : ""}.
        </p>
      ) : null}

      <DataTable
        caption="Donations, newest first"
        columns={[
          { label: "ID" },
          { label: "Name and email" },
          { label: "Amount", align: "right" },
          { label: "Frequency" },
          { label: "Purpose" },
          { label: "Fund" },
          { label: "Date" },
        ]}
        emptyText={
          page > 1 ? (
            <>
              No donations found on this page.{" "}
              <Link to={firstPageLink} className="font-medium text-brand-700 underline">
                Back to the first page
              </Link>
            </>
          ) : (
            "No donations found"
          )
        }
      >
        {donations.map((donation) => (
          <tr key={donation.id}>
            <td className="px-3 py-3 text-slate-500">{donation.id}</td>
            {/* Name, address and badge stacked, so the column is as wide as one of them, not a name and a badge side
                by side. */}
            <td className="px-3 py-3">
              <TruncatedText text={donation.name} className="max-w-44 font-medium text-slate-900" />
              <TruncatedText text={donation.email || "—"} className="max-w-44 text-xs text-slate-600" />
              {donation.anonymous ? <AnonymousBadge /> : null}
            </td>
            <td className="px-3 py-3 text-right font-medium tabular-nums text-slate-900">
              {formatDollars(donation.amount)}
              {donation.fee_cover > 0 ? (
                <span className="block text-xs font-normal text-slate-600">
                  + {formatDollars(donation.fee_cover)} fee covered
                </span>
              ) : null}
            </td>
            {/* The frequency and its Test badge hold together; the offline method under them may wrap. */}
            <td className="px-3 py-3">
              <span className="whitespace-nowrap">
                {donation.frequency}
                {donation.is_test ? <TestBadge /> : null}
              </span>
              {donation.payment_method !== "card" ? (
                <>
                  <span className="mt-1 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                    Offline · {PAYMENT_METHOD_LABELS[donation.payment_method]}
                  </span>
                  {/* Staff record an offline gift, so the trail has it; a card gift is the payment provider's. */}
                  <AuditHistory entity="donation" entityId={donation.id} of={`gift ${donation.id}`} />
                </>
              ) : null}
            </td>
            <td className="px-3 py-3 text-slate-700">
              <TruncatedText text={donation.purpose} className="max-w-36" />
              <GiftNotes donation={donation} />
            </td>
            <td className="px-3 py-3 text-slate-700">
              <TruncatedText text={donation.fund} className="max-w-36" />
              {donation.designation ? (
                <TruncatedText text={donation.designation} className="max-w-36 text-xs text-slate-600" />
              ) : null}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(donation.donated_at, timeZone)}</td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={matching}
        capped={loaderData.matchingCapped}
        rowsOnPage={donations.length}
        label="Donations"
        transient={["record", "recorded"]}
      />
    </div>
  );
}

/** The filter as an address's query, for the CSV link and the first page. */
function filterQuery(filter: DonationFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.search) query.set("search", filter.search);
  if (filter.frequency) query.set("frequency", filter.frequency);
  if (filter.fundId !== undefined) query.set("fund", String(filter.fundId));
  if (filter.appealId !== undefined) query.set("appeal", String(filter.appealId));
  return query;
}

function isFiltered(filter: DonationFilter): boolean {
  return Boolean(filter.search || filter.frequency || filter.fundId !== undefined || filter.appealId !== undefined);
}

/**
 * What the figures above count, said when it is not what the list below shows: they are
 * always every gift (the filter does not narrow them) and, on a site without live keys,
 * the test gifts too.
 */
function totalsNote(filtered: boolean, countsTest: boolean): string | null {
  if (!filtered && !countsTest) return null;
  const parts = [
    filtered ? "All gifts, whatever the filter" : "All gifts",
    countsTest ? "including test gifts while the site takes no real payments" : "",
  ];
  return `${parts.filter(Boolean).join(", ")}.`;
}

/** Marks a donor who asked that their name stay off public pages. */
function AnonymousBadge() {
  return (
    <span
      className="mt-1 block w-fit rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-violet-900"
      title="Asked that their name stay off public pages"
    >
      Anonymous
    </span>
  );
}

/** Under the purpose: the appeal the gift answered and the person it honours. */
function GiftNotes({ donation }: { donation: Pick<Donation, "appeal" | "tribute"> }) {
  if (!donation.appeal && !donation.tribute) return null;
  return (
    <>
      {donation.appeal ? (
        <TruncatedText text={`Appeal: ${donation.appeal}`} className="max-w-36 text-xs text-slate-600" />
      ) : null}
      {donation.tribute ? <TruncatedText text={donation.tribute} className="max-w-36 text-xs text-slate-600" /> : null}
    </>
  );
}

function DonationFilters({
  filter,
  funds,
  appeals,
}: {
  filter: DonationFilter;
  funds: { id: number; name: string }[];
  appeals: AppealChoice[];
}) {
  return (
    <ListSearch
      id="donation-search"
      label="Search by name or email"
      search={filter.search}
      clearTo="/admin/donations"
      filtered={isFiltered(filter)}
    >
      <div>
        <label htmlFor="donation-frequency" className="field-label">
          Frequency
        </label>
        <select
          id="donation-frequency"
          name="frequency"
          defaultValue={filter.frequency ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All frequencies</option>
          {DONATION_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency}
            </option>
          ))}
        </select>
      </div>
      <FundFilter id="donation-fund" funds={funds} fundId={filter.fundId} />
      <AppealFilter id="donation-appeal" appeals={appeals} appealId={filter.appealId} />
    </ListSearch>
  );
}
