import { existsSync } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * PDFs staff keep as proof of a disbursement (a receipt, a bank statement, a signed
 * letter), rewritten without what says who made them and without anything that runs when
 * they are opened (workers/pdf-cleaning.mjs says what goes).
 *
 * Reading a PDF means unpacking it, and a hostile PDF can be small on disk and enormous
 * unpacked. So the rewrite runs in a worker thread, one at a time, with its memory capped
 * and a time limit; the worker also caps how much it unpacks (workers/pdf-rewrite.mjs).
 * A file that outgrows any of these is refused, and the site carries on serving.
 *
 * The worker is a plain script outside the server build (a thread needs a file of its own
 * to start from): `workers/` sits beside `app/` and `build/`, so the same relative address
 * finds it from this source file (tests, `npm run dev`) and from the built server
 * (`build/server/index.js`, `npm start` and the Docker image, which copies `workers/`).
 */
const WORKER_SCRIPT = fileURLToPath(new URL("../../workers/pdf-rewrite.mjs", import.meta.url));

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");

/**
 * The most time and memory (the worker's heap, in MB) a rewrite may take before the file is
 * refused as unsafe to read: far more than a genuine receipt or statement needs.
 */
export const PDF_REWRITE_LIMITS = { timeoutMs: 15_000, heapMb: 256 };

type Refusal = "damaged" | "no-pages" | "password" | "unsafe";
type WorkerAnswer = { bytes: Uint8Array } | { refusal: Refusal };

/** What staff read beside the form, for each reason a PDF is refused. */
const REFUSALS: Record<Refusal, string> = {
  damaged: "This PDF could not be read: it is damaged. Please try another file.",
  "no-pages": "This PDF could not be read: it has no pages. Please try another file.",
  password:
    "This PDF is protected by a password, so it could not be read. Please save a copy without the password, or upload a photo of it.",
  unsafe: "This PDF could not be read safely; please save it again or upload a photo of it.",
};

/** A PDF that cannot be kept; the message is the sentence staff read beside the form. */
export class UnreadablePdfError extends Error {}

/** Whether a file is a PDF by its own first bytes. */
export async function isPdf(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PDF_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Uploads waiting for the worker: one PDF is rewritten at a time, so memory is capped once. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Rewrites the PDF at `path` in place without its metadata and active content; throws
 * UnreadablePdfError when it cannot be kept. Tests pass smaller `limits`.
 */
export async function rewritePdf(path: string, limits = PDF_REWRITE_LIMITS): Promise<void> {
  if (!existsSync(WORKER_SCRIPT))
    throw new Error(`The PDF worker is missing at ${WORKER_SCRIPT}: deploy the workers/ folder beside build/`);
  const turn = queue.then(() => runWorker(path, limits));
  queue = turn.catch(() => undefined);
  const answer = await turn;
  if ("refusal" in answer) throw new UnreadablePdfError(REFUSALS[answer.refusal]);
  await writeFile(path, answer.bytes);
}

/**
 * One rewrite in its own thread. Running out of memory, running out of time, failing or
 * ending without an answer all count as "unsafe". A failure other than memory is also
 * logged: it points at the worker itself (a broken install), not at the file.
 */
function runWorker(path: string, limits: typeof PDF_REWRITE_LIMITS): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: path,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    // The next upload waits until this thread is gone, so two never hold memory at once.
    const finish = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().finally(() => resolve(answer));
    };
    const timer = setTimeout(() => finish({ refusal: "unsafe" }), limits.timeoutMs);
    worker.once("message", (answer: WorkerAnswer) => finish(answer));
    worker.once("error", (error: Error & { code?: string }) => {
      if (error.code !== "ERR_WORKER_OUT_OF_MEMORY") console.error("The PDF worker failed:", error);
      finish({ refusal: "unsafe" });
    });
    worker.once("exit", () => finish({ refusal: "unsafe" }));
  });
}
