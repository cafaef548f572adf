import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

/*
 * The expected sources were computed outside Node (`printf '%s' 'alert(1)' | openssl dgst
 * -sha256 -binary | base64`): a browser allows an inline script when the SHA-256 of its
 * exact text, in UTF-8, is listed.
 */
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const ARABIC = "'sha256-n32fVOlgnczt642DdLpDiCsXXNOSJDfBbtV7FyY9U0k='";

describe("inline script hashes of a kept page", () => {
  it("lists the hash a browser computes from a script's exact text, in UTF-8", () => {
    expect(inlineScriptHashes("<p>x</p><script>alert(1)</script>")).toEqual([ALERT]);
    expect(inlineScriptHashes('<script>window.__x = "ٱلزَّكَاة";</script>')).toEqual([ARABIC]);
  });

  it("hashes module and JSON scripts too, once each, whatever their attributes", () => {
    const html = '<script type="module">alert(1)</script><SCRIPT data-src="x">alert(1)</SCRIPT><script async>window.__x = "ٱلزَّكَاة";</script>';
    expect(inlineScriptHashes(html)).toEqual([ALERT, ARABIC]);
  });

  it("leaves out scripts loaded from a file: 'self' already allows them", () => {
    const html = '<script src="/assets/entry.js"></script><script type="module" async src="/assets/a.js"></script><script\nsrc="/b.js">ignored()</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("treats a whitespace difference as another script (the text is hashed exactly)", () => {
    expect(inlineScriptHashes("<script> alert(1)</script>")).not.toContain(ALERT);
    expect(inlineScriptHashes("<script></script>")).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
  });
});
