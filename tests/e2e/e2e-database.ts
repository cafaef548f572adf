import path from "node:path";
import { expect } from "@playwright/test";
import SQLite from "better-sqlite3";

/**
 * The shared end-to-end server's database, opened for one piece of work and closed again.
 * The other worker's specs write to it at the same time, so a spec that compares a screen
 * with the database reads both while nothing moves (see `settled`), and a spec that writes
 * takes the write lock for the whole of what it checks and writes (`db.transaction(...).immediate()`).
 */
export function withDatabase<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(process.env.E2E_DATA!, "e2e.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Reads a screen's figure together with the database's mark of the same state, taking the
 * reading only when the mark is the same before and after the screen was drawn: another
 * worker recording a gift or an entry in between makes it read again. `check` states what
 * the screen must show for that state.
 */
export async function settled<Mark, Shown>(
  markOf: () => Mark,
  read: () => Promise<Shown>,
  check: (shown: Shown, mark: Mark) => void,
): Promise<{ shown: Shown; mark: Mark }> {
  let reading: { shown: Shown; mark: Mark } | undefined;
  await expect(async () => {
    const mark = markOf();
    const shown = await read();
    const still = markOf();
    if (JSON.stringify(still) !== JSON.stringify(mark)) throw new Error(`The database moved while the screen was read: ${JSON.stringify(mark)} then ${JSON.stringify(still)}`);
    check(shown, mark);
    reading = { shown, mark };
  }).toPass({ timeout: 20_000 });
  return reading!;
}
