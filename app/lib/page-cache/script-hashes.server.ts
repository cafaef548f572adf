import { createHash } from "node:crypto";

/** A `<script>` with no `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources that allow exactly the app's inline scripts in a page rendered whole: a
 * kept page is served to many visitors, so it cannot carry a nonce (which must be new for
 * every response); its scripts are allowed by their hashes instead. Only scripts carrying
 * `mark` (the render's own, given to React Router as its nonce) are hashed: anything else
 * in the markup stays refused.
 */
export function inlineScriptHashes(html: string, mark: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(` nonce="${mark}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
