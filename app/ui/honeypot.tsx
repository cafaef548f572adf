/** A field people never see or reach, tempting to bots: a post that fills it is dropped quietly. */
export function Honeypot() {
  return <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" />;
}
