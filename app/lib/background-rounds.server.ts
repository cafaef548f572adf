/**
 * The site's background work (sending mail, Zakat reminders, Ramadan charges) runs in
 * the server process as rounds: one at start (work missed while the server was down is
 * taken up on its return), then one every `intervalMs`. Rounds never overlap; a round that
 * says more is waiting is followed at once by the next. The returned function stops the
 * loop and settles once the round under way has finished the item it is on; each round
 * is told through `stopping()` to put the rest back for the next start.
 */
export interface BackgroundRounds {
  /** For the log, when a round fails: "Mail delivery". */
  name: string;
  intervalMs: number;
  /** One round; true when it stopped with more waiting (a full batch). */
  round: (stopping: () => boolean) => Promise<boolean>;
}

export function startBackgroundRounds({ name, intervalMs, round }: BackgroundRounds): () => Promise<void> {
  let stopping = false;
  let current: Promise<void> | null = null;
  const isStopping = () => stopping;
  const run = () => {
    if (current || stopping) return;
    current = (async () => {
      try {
        while (!stopping && (await round(isStopping)));
      } catch (error) {
        console.error(`${name} round failed:`, error);
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await current;
  };
}
