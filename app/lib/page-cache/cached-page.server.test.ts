import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding, preparePage, sendPage, type CachedPage } from "./cached-page.server";

describe("the encoding a client is sent", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["BR", "br"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br; q=0.8, gzip; q=0.9", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.5, gzip", "gzip"],
    ["gzip;q=0, *", "br"],
    ["*;q=0", "identity"],
    ["identity", "identity"],
    ["deflate, compress", "identity"],
  ])("Accept-Encoding %j is answered in %s", (acceptEncoding, expected) => {
    expect(preferredEncoding(acceptEncoding)).toBe(expected);
    // Read again from what was remembered: the same answer.
    expect(preferredEncoding(acceptEncoding)).toBe(expected);
  });
});

const HTML = `<!doctype html><html><body>${"<p>Zakat purifies wealth; Sadaqa is given freely.</p>".repeat(200)}</body></html>`;

let server: Server;
let page: CachedPage;
let origin: string;

beforeAll(async () => {
  page = await preparePage(
    200,
    [
      ["Content-Type", "text/html; charset=utf-8"],
      ["Content-Security-Policy", "script-src 'self'"],
      ["X-Content-Type-Options", "nosniff"],
      // Written by the cache itself, or belonging to the one response the page was rendered for.
      ["Date", "Mon, 01 Jan 2024 00:00:00 GMT"],
      ["Content-Length", "3"],
      ["ETag", '"stale"'],
      ["Vary", "Origin"],
      ["Connection", "close"],
    ],
    Buffer.from(HTML),
    1_000,
  );
  server = createServer((req, res) => sendPage(req, res, page));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request: Node's client decompresses nothing, so the bytes are what was sent. */
function fetchRaw(
  headers: Record<string, string>,
  method = "GET",
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a kept page as it is sent", () => {
  it("has a weak ETag, no-cache, Vary on encoding and cookie, and none of the rendered response's own framing", async () => {
    const answer = await fetchRaw({});
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBe(page.etag);
    expect(answer.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers.vary).toBe("Accept-Encoding, Authorization, Cookie");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["content-security-policy"]).toBe("script-src 'self'");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(HTML)));
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.date).not.toBe("Mon, 01 Jan 2024 00:00:00 GMT");
    expect(answer.body.toString("utf8")).toBe(HTML);
  });

  it("decodes to the same bytes in Brotli, gzip and plain", async () => {
    const br = await fetchRaw({ "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(HTML) / 5);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(HTML);

    const gzip = await fetchRaw({ "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(HTML);

    const plain = await fetchRaw({ "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(HTML);

    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
  });

  it("is a 304 without a body when the client holds it, by weak, strong or listed validator, or *", async () => {
    const bare = page.etag.replace(/^W\//, "");
    for (const ifNoneMatch of [page.etag, bare, `"other", ${page.etag}`, `W/"other",${bare}`, "*"]) {
      const answer = await fetchRaw({ "If-None-Match": ifNoneMatch, "Accept-Encoding": "br" });
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(page.etag);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).toBe("Accept-Encoding, Authorization, Cookie");
      expect(answer.headers["content-type"]).toBeUndefined();
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("is sent whole when the client holds another version", async () => {
    const answer = await fetchRaw({ "If-None-Match": 'W/"yesterday", "older"' });
    expect(answer.status).toBe(200);
    expect(answer.body.toString("utf8")).toBe(HTML);
  });

  it("answers HEAD with the headers of the bytes it would send, and no body", async () => {
    const head = await fetchRaw({ "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers["content-length"]).toBe(String(page.bodies.gzip.length));
    expect(head.headers.etag).toBe(page.etag);
  });

  it("keeps a Cache-Control the app chose", async () => {
    const own = await preparePage(200, [["cache-control", "public, max-age=60"]], Buffer.from("{}"), 0);
    const values = own.headers.identity.filter(
      (_, index) => index % 2 === 0 && own.headers.identity[index]!.toLowerCase() === "cache-control",
    );
    expect(values).toHaveLength(1);
    expect(
      own.headers.identity[own.headers.identity.findIndex((name) => name.toLowerCase() === "cache-control") + 1],
    ).toBe("public, max-age=60");
  });
});
