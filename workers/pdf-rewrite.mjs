// @ts-check
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { ParseSpeeds, PDFDocument } from "pdf-lib";
import { cleanDocument } from "./pdf-cleaning.mjs";

/**
 * The worker thread that rewrites a proof PDF (app/lib/pdf-files.server.ts starts it, one
 * at a time). A PDF is a container of compressed parts, and a hostile one can be small on
 * disk and enormous once opened: a 1 MB file can unpack to gigabytes and keep a thread busy
 * for many seconds. Here that costs a thread the server can stop, whose memory is capped,
 * instead of the site.
 *
 * The worker's own heap is capped by the server (resourceLimits), but unpacked bytes live
 * outside that heap, so the unpacking itself is capped here too: pdf-lib unpacks parts of
 * the file while reading it (object and cross-reference streams), and every unpacking
 * filter it has (Flate, LZW, RunLength, ASCII85, ASCIIHex, chained or not) grows its
 * output through DecodeStream.ensureBuffer. Past DECODED_BUDGET bytes in all, the file is
 * refused. (pdf-lib 1.17.1 is pinned; the test with an unpacking bomb fails if an upgrade
 * moves this.)
 *
 * Receives the file's path; answers `{ bytes }` (the rewritten file) or `{ refusal }`:
 * "damaged", "no-pages", "password" or "unsafe".
 */

/** Far above what the object streams of a 10 MB document of receipts unpack to. */
const DECODED_BUDGET = 64 * 1024 * 1024;

const require = createRequire(import.meta.url);
/**
 * @typedef {{ buffer: Uint8Array, ensureBuffer(requested: number): Uint8Array }} UnpackedOutput pdf-lib's (protected)
 * buffer growth
 */
/** @type {{ prototype: UnpackedOutput }} */
const DecodeStream = require("pdf-lib/cjs/core/streams/DecodeStream").default;

let decoded = 0;
let overBudget = false;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
/** @this {UnpackedOutput} @param {number} requested */
DecodeStream.prototype.ensureBuffer = function capped(requested) {
  const before = this.buffer.byteLength;
  if (requested <= before) return this.buffer;
  // This part's output counted at its new size, in place of its old one.
  if (overBudget || decoded - before + requested > DECODED_BUDGET) {
    overBudget = true;
    throw new Error("The PDF unpacks to more than the budget allows");
  }
  const buffer = ensureBuffer.call(this, requested);
  decoded += buffer.byteLength - before;
  return buffer;
};

// pdf-lib reports every odd object it skips on the console; a damaged file would fill the server log.
console.warn = () => {};
console.log = () => {};

/**
 * @param {string} path
 * @returns {Promise<{ bytes: Uint8Array } | { refusal: "damaged" | "no-pages" | "password" | "unsafe" }>}
 */
async function rewrite(path) {
  try {
    const document = await PDFDocument.load(readFileSync(path), {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    // pdf-lib skips a part it cannot read and goes on, so the budget is checked here too.
    if (overBudget) return { refusal: "unsafe" };
    if (document.isEncrypted) return { refusal: "password" };
    // A file that only starts like a PDF parses to nothing: no catalogue, no pages.
    if (!document.context.trailerInfo.Root || document.getPageCount() === 0) return { refusal: "no-pages" };
    cleanDocument(document);
    return {
      bytes: await document.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false }),
    };
  } catch {
    return { refusal: overBudget ? "unsafe" : "damaged" };
  }
}

parentPort?.postMessage(await rewrite(workerData));
