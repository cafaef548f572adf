import { createHash } from "node:crypto";

/** A `<script>` with no `src`: its text is what the policy must allow. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources that allow exactly the inline scripts of a page rendered whole: a kept
 * page is served to many visitors, so it cannot carry a nonce (which must be new for
 * every response); its scripts are allowed by their hashes instead.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text = ""] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
