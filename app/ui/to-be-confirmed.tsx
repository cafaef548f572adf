/**
 * The mark beside a rate or price that is still a starting figure a new site came with,
 * not yet confirmed by staff: wherever the public reads a rate, it says so the same way.
 */
export function ToBeConfirmed() {
  return (
    <span className="ml-2 rounded bg-gold-300/40 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800">
      to be confirmed
    </span>
  );
}
