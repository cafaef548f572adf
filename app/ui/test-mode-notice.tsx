/** Shown on every page while no real money can move, so nobody mistakes a test for a gift. */
export function TestModeNotice({ mode }: { mode: "sandbox" | "stripe-test" }) {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="bg-slate-900 px-4 print:hidden py-1.5 text-center text-xs font-medium text-amber-200"
    >
      <strong className="font-bold uppercase tracking-wide">Test mode</strong>
      <span className="mx-2" aria-hidden="true">
        ·
      </span>
      {mode === "sandbox"
        ? "Payments are simulated: no card is charged and no money moves."
        : "Payments use Stripe test keys: no real card is charged."}
    </div>
  );
}
