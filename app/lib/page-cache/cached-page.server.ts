import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

type Encoding = "br" | "gzip" | "identity";

/** A flat [name, value, name, value…] list, which Node writes without building an object. */
type HeaderList = string[];

/**
 * A page (or an API answer) as every visitor is sent it: its bytes in each encoding, made
 * once when it was rendered, with the headers for each ready to write.
 */
export interface CachedPage {
  readonly status: number;
  readonly etag: string;
  readonly renderedAt: number;
  readonly bytes: number;
  readonly bodies: Readonly<Record<Encoding, Buffer>>;
  readonly headers: Readonly<Record<Encoding, HeaderList>>;
  readonly notModifiedHeaders: HeaderList;
}

/**
 * Browsers and shared caches may keep a copy but must ask again each time (an unchanged
 * page costs a 304); a visitor who signs in, or an API client with a token, is told apart.
 */
export const VISITOR_CACHE_CONTROL = "no-cache";
export const VISITOR_VARY = "Accept-Encoding, Authorization, Cookie";

/** Headers of the rendered answer that the cache writes itself, or that belong to one connection. */
const REWRITTEN = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
]);

/** A weak validator: the same page in gzip, Brotli or plain is one page. */
function etagOf(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function compress(body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    brotlied(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 6,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: 6 }),
  ]);
}

/** Makes a page ready to be served to every visitor: compressed, validated, headers written out. */
export async function preparePage(
  status: number,
  rendered: Iterable<[string, string]>,
  body: Buffer,
  renderedAt: number,
): Promise<CachedPage> {
  const [br, gzip] = await compress(body);
  const etag = etagOf(body);
  const common: HeaderList = [];
  let hasCacheControl = false;
  for (const [name, value] of rendered) {
    const lower = name.toLowerCase();
    if (REWRITTEN.has(lower)) continue;
    if (lower === "cache-control") hasCacheControl = true;
    common.push(name, value);
  }
  if (!hasCacheControl) common.push("Cache-Control", VISITOR_CACHE_CONTROL);
  common.push("ETag", etag, "Vary", VISITOR_VARY);
  const bodies = { br, gzip, identity: body };
  const headersOf = (encoding: Encoding): HeaderList => [
    ...common,
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(bodies[encoding].length),
  ];
  return {
    status,
    etag,
    renderedAt,
    bytes: body.length + br.length + gzip.length,
    bodies,
    headers: {
      br: headersOf("br"),
      gzip: headersOf("gzip"),
      identity: headersOf("identity"),
    },
    notModifiedHeaders: withoutContentType(common),
  };
}

function withoutContentType(list: HeaderList): HeaderList {
  const kept: HeaderList = [];
  for (let index = 0; index < list.length; index += 2) {
    const name = list[index] ?? "";
    if (name.toLowerCase() !== "content-type") kept.push(name, list[index + 1] ?? "");
  }
  return kept;
}

/** Browsers send a handful of Accept-Encoding lines: each is read once. */
const chosenEncodings = new Map<string, Encoding>();
const REMEMBERED_ENCODINGS = 64;

/**
 * The encoding a client asked for: the best-weighted of Brotli and gzip it accepts
 * (Brotli when they tie, being smaller), or the plain bytes.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const known = chosenEncodings.get(acceptEncoding);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weightOf("br"), weightOf("gzip")];
  const chosen: Encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  if (chosenEncodings.size < REMEMBERED_ENCODINGS) chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

/** Whether the client already holds this page (If-None-Match, compared weakly). */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** Writes a kept page: a 304 when the client holds it, only headers for HEAD, else the bytes it can read. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  if (alreadyHeld(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, page.notModifiedHeaders);
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  res.writeHead(page.status, page.headers[encoding]);
  res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
}
