import { ZAKAT_CATEGORIES } from "~/funds/funds";

/**
 * A category's name as the verse (Qur'an 9:60) writes it, in Arabic script, marked as
 * Arabic and right to left so it is read and shown as such beside the English.
 */
export function ZakatCategoryScript({ categoryKey, className = "" }: { categoryKey: string; className?: string }) {
  const category = ZAKAT_CATEGORIES.find((item) => item.key === categoryKey);
  if (!category) return null;
  return (
    <span lang="ar" dir="rtl" className={`font-normal not-italic ${className}`}>
      {category.script}
    </span>
  );
}

/** "the needy (al-masakin) المساكين": the ledger's way of naming a category to staff. */
export function ZakatCategoryName({
  categoryKey,
  label,
  className,
}: {
  categoryKey: string;
  label: string;
  className?: string;
}) {
  return (
    <span className={className}>
      {label} <ZakatCategoryScript categoryKey={categoryKey} className="inline-block whitespace-nowrap" />
    </span>
  );
}
