/** A 1-5 rating as stars, read out as "Rated 4 out of 5". */
export function Stars({ rating }: { rating: number }) {
  const value = Math.max(1, Math.min(5, Math.round(rating || 5)));
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex gap-0.5 text-gold-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${star <= value ? "fill-current" : "fill-slate-200"}`}
        >
          <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
        </svg>
      ))}
    </span>
  );
}
