/**
 * A long text cut to one line in a list, so a name, an address or a purpose cannot stretch
 * its column past a laptop's width. The whole text stays available: as the tooltip, and to
 * screen readers, which read the text itself rather than what is shown.
 */
export function TruncatedText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {text}
    </span>
  );
}
