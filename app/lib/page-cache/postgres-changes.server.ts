import pg from "pg";
import { addOutsideChangeCheck, noteSiteChange } from "./site-changes.server";

/**
 * On PostgreSQL, several app processes share one database, and each keeps its own pages.
 * A write to what visitors see (by any process, or by hand in psql) notifies the channel
 * `site_changes` from the tables' own triggers (see the PostgreSQL baseline migration);
 * PostgreSQL delivers it at commit, to every process listening, which then forgets its
 * pages. While this process is not listening (starting, or the connection lost) it cannot
 * know what others changed, so it keeps no page until it listens again.
 */
export const SITE_CHANGES_CHANNEL = "site_changes";

// The payload names the writer (its application_name): this process heard its own writes as it made them.
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

export function hearOtherProcesses(url: string, ownName: string): () => Promise<void> {
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retryIn = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    listening = false;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, retryIn);
    retry.unref();
    retryIn = Math.min(retryIn * 2, LAST_RETRY_MS);
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: "charity-site-changes" });
    client = next;
    next.on("notification", (notification) => {
      if (notification.payload !== ownName) noteSiteChange();
    });
    next.on("error", () => {
      void next.end().catch(() => {});
      reconnectLater();
    });
    next.on("end", reconnectLater);
    try {
      await next.connect();
      await next.query(`LISTEN ${SITE_CHANGES_CHANNEL}`);
      if (stopped) return void (await next.end());
      listening = true;
      retryIn = FIRST_RETRY_MS;
      // Whatever changed while this process was not listening is not known: forget it all.
      noteSiteChange();
    } catch {
      void next.end().catch(() => {});
      reconnectLater();
    }
  }

  const removeCheck = addOutsideChangeCheck(() => {
    if (!listening) noteSiteChange();
  });
  void listen();

  return async () => {
    stopped = true;
    listening = false;
    removeCheck();
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
