import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { DataTable } from "~/components/admin/data-table";
import { useListLink } from "~/components/admin/list-query";
import { ListSearch } from "~/components/admin/list-search";
import { Notice } from "~/components/admin/notice";
import { Pagination, pageFrom } from "~/components/admin/pagination";
import { StatCard } from "~/components/admin/stat-card";
import { useFocusReturn } from "~/components/admin/use-focus-return";
import { formatDate } from "~/domain/dates";
import { formatCount } from "~/domain/money";
import { rowFromParam } from "~/lib/content-form.server";
import { getEnv } from "~/lib/env.server";
import { backToList } from "~/lib/list-return.server";
import { NotFoundError } from "~/lib/service-errors";
import { countSubscribers, findSubscriberPage, getSubscriber, removeSubscriber } from "~/services/newsletter.server";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Admin" }];

const SCREEN = "/admin/newsletter";
const PAGE_SIZE = 50;
const TRANSIENT = ["remove", "removed", "missing"];

/** The addresses from the footer's newsletter form, so staff can use what they collect. */
export async function loader({ url }: Route.LoaderArgs) {
  const search = url.searchParams.get("search")?.trim() || undefined;
  const [found, total, removing] = await Promise.all([
    findSubscriberPage(search, pageFrom(url), PAGE_SIZE),
    countSubscribers(),
    rowFromParam(url.searchParams.get("remove"), getSubscriber),
  ]);
  return {
    ...found,
    matching: found.total,
    total,
    search,
    removing,
    removed: url.searchParams.has("removed"),
    missing: url.searchParams.has("missing"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "remove") return data({ unknownIntent: true }, { status: 400 });
  try {
    await removeSubscriber(Number(form.get("id")));
    return backToList(url, SCREEN, { removed: "1" }, TRANSIENT);
  } catch (error) {
    if (error instanceof NotFoundError) return backToList(url, SCREEN, { missing: "1" }, TRANSIENT);
    throw error;
  }
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, matching, total, page, search, removing, timeZone } = loaderData;
  const listLink = useListLink(TRANSIENT);
  useFocusReturn(removing ? String(removing.id) : null, (id) => `[data-delete-for="${id}"]`);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Newsletter</h1>
        <a href={`/admin/newsletter/export${search ? `?${new URLSearchParams({ search })}` : ""}`} className="btn-secondary" download>
          Export CSV
        </a>
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        Addresses given in the newsletter form at the foot of every page. Export them for your mailing tool, and remove anyone
        who asks to be taken off the list.
      </p>

      {loaderData.removed ? (
        <Notice tone="success" focus>
          Address removed from the list.
        </Notice>
      ) : null}
      {loaderData.missing ? <Notice tone="error">That address is no longer on the list.</Notice> : null}

      {removing ? (
        <ConfirmPanel
          question="Are you sure you want to remove this address from the newsletter?"
          details={<p>{removing.email} will receive no more newsletters. This cannot be undone.</p>}
          confirmLabel="Yes, remove address"
          intent="remove"
          fields={{ id: String(removing.id) }}
          cancelTo={listLink()}
        />
      ) : null}

      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Subscribers" value={formatCount(total)} testId="newsletter-total" />
      </dl>

      <ListSearch id="subscriber-search" label="Search addresses" search={search} clearTo="/admin/newsletter" filtered={Boolean(search)} />

      <DataTable
        caption="Newsletter subscribers, newest first"
        columns={[{ label: "Email" }, { label: "Subscribed" }, { label: "Actions", hidden: true }]}
        emptyText={total === 0 ? "No subscribers yet" : "No matching addresses"}
      >
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{subscriber.email}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(subscriber.subscribed_at, timeZone)}</td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link
                to={listLink({ remove: String(subscriber.id) })}
                preventScrollReset
                data-delete-for={subscriber.id}
                className="font-semibold text-red-700 hover:underline"
                aria-label={`Remove ${subscriber.email}`}
              >
                Remove
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageSize={PAGE_SIZE} total={matching} rowsOnPage={subscribers.length} label="Subscribers" transient={TRANSIENT} />
    </div>
  );
}
