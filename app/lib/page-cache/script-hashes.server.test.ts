import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

/*
 * The expected sources were computed outside Node (`printf '%s' 'alert(1)' | openssl dgst
 * -sha256 -binary | base64`): a browser allows an inline script when the SHA-256 of its
 * exact text, in UTF-8, is listed.
 */
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const ARABIC = "'sha256-n32fVOlgnczt642DdLpDiCsXXNOSJDfBbtV7FyY9U0k='";

const MARK = "m4rk";
const ours = (attributes = "") => `<script nonce="${MARK}"${attributes}>`;

describe("inline script hashes of a kept page", () => {
  it("lists the hash a browser computes from a script's exact text, in UTF-8", () => {
    expect(inlineScriptHashes(`<p>x</p>${ours()}alert(1)</script>`, MARK)).toEqual([ALERT]);
    expect(inlineScriptHashes(`${ours()}window.__x = "ٱلزَّكَاة";</script>`, MARK)).toEqual([ARABIC]);
  });

  it("hashes the app's module scripts too, once each, whatever their other attributes", () => {
    const html = `${ours(' type="module"')}alert(1)</script>${ours(' async=""')}alert(1)</script>${ours(" async")}window.__x = "ٱلزَّكَاة";</script>`;
    expect(inlineScriptHashes(html, MARK)).toEqual([ALERT, ARABIC]);
  });

  it("leaves out scripts loaded from a file: 'self' already allows them", () => {
    const html = `<script nonce="${MARK}" src="/assets/entry.js"></script><script type="module" async src="/assets/a.js"></script><script\nsrc="/b.js">ignored()</script>`;
    expect(inlineScriptHashes(html, MARK)).toEqual([]);
  });

  it("allows no script without the render's mark: markup that slipped one into a page stays refused", () => {
    expect(inlineScriptHashes("<p>x</p><script>alert(1)</script>", MARK)).toEqual([]);
    expect(inlineScriptHashes('<script nonce="guess">alert(1)</script>', MARK)).toEqual([]);
  });

  it("treats a whitespace difference as another script (the text is hashed exactly)", () => {
    expect(inlineScriptHashes(`${ours()} alert(1)</script>`, MARK)).not.toContain(ALERT);
    expect(inlineScriptHashes(`${ours()}</script>`, MARK)).toEqual([
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
  });
});
