import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { shareLinks, type SharedPage } from "../rules/share-links";

/** How long "Link copied" stays after a copy. */
const COPIED_SHOWN_MS = 4000;

const PILL =
  "inline-flex items-center rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-800";

/** What the browser offers once the page's script runs: its own share sheet, and writing to the clipboard. */
function useBrowserSharing(): { canShare: boolean; canCopy: boolean } {
  const [offers, setOffers] = useState({ canShare: false, canCopy: false });
  useEffect(() => {
    // Both are missing on some browsers (the share sheet on most desktops, the clipboard on a plain-http site).
    setOffers({
      canShare: typeof navigator.share === "function",
      canCopy: typeof navigator.clipboard?.writeText === "function",
    });
  }, []);
  return offers;
}

/**
 * Ways to pass a page on: plain links to WhatsApp, Facebook, X and email, and the address to
 * copy, all working without JavaScript; with it, the device's share sheet where it has one,
 * and a button that copies the address.
 */
export function ShareLinks({ page, heading }: { page: SharedPage; heading: string }) {
  const headingId = useId();
  const { canShare, canCopy } = useBrowserSharing();
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const clearCopied = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearCopied.current), []);

  const share = () => {
    // Closing the sheet without choosing rejects: nothing to tell the visitor.
    navigator.share({ title: page.title, text: page.text, url: page.url }).catch(() => undefined);
  };
  const copy = () => {
    // "Link copied" goes before each copy and a few seconds after it: a live region only
    // speaks when its words change, so a second copy is announced again.
    clearTimeout(clearCopied.current);
    flushSync(() => setCopied("no"));
    navigator.clipboard.writeText(page.url).then(
      () => {
        setCopied("yes");
        clearCopied.current = setTimeout(() => setCopied("no"), COPIED_SHOWN_MS);
      },
      () => setCopied("failed"),
    );
  };

  const copyButton = canCopy && copied !== "failed";
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {canShare ? (
          <li>
            <button type="button" className={PILL} onClick={share}>
              Share
            </button>
          </li>
        ) : null}
        {shareLinks(page).map((link) => (
          <li key={link.network}>
            {link.opensPage ? (
              <a href={link.href} className={PILL} target="_blank" rel="noopener noreferrer">
                {link.network}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <a href={link.href} className={PILL}>
                {link.network}
              </a>
            )}
          </li>
        ))}
        {copyButton ? (
          <li>
            <button type="button" className={PILL} onClick={copy}>
              Copy link
            </button>
          </li>
        ) : null}
      </ul>
      {copyButton ? (
        // A live region without the status role: the page's own status (a form's answer) stays the one status.
        <p aria-live="polite" className="mt-2 text-sm text-brand-800">
          {copied === "yes" ? "Link copied" : ""}
        </p>
      ) : (
        // Without script (or when the browser refused to copy), the address to select and copy.
        <label className="mt-3 block text-sm text-slate-700">
          Copy link
          <input
            type="text"
            readOnly
            value={page.url}
            className="field-input mt-1 text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      )}
    </section>
  );
}
