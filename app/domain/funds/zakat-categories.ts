/**
 * The eight categories of Zakat recipients named in the Qur'an (9:60), in English with
 * their Arabic. The keys are what the ledger stores; the order is the verse's.
 */
export const ZAKAT_CATEGORIES = [
  { key: "fuqara", english: "the poor", arabic: "al-fuqara'" },
  { key: "masakin", english: "the needy", arabic: "al-masakin" },
  { key: "amilin", english: "those who administer Zakat", arabic: "al-'amilin 'alayha" },
  { key: "muallafah", english: "those whose hearts are to be reconciled", arabic: "al-mu'allafati qulubuhum" },
  { key: "riqab", english: "freeing captives", arabic: "fi al-riqab" },
  { key: "gharimin", english: "debtors", arabic: "al-gharimin" },
  { key: "fi-sabilillah", english: "in the cause of God", arabic: "fi sabilillah" },
  { key: "ibn-al-sabil", english: "the stranded traveller", arabic: "ibn al-sabil" },
] as const;

export type ZakatCategoryKey = (typeof ZAKAT_CATEGORIES)[number]["key"];

export const ZAKAT_CATEGORY_KEYS = ZAKAT_CATEGORIES.map((category) => category.key) as [ZakatCategoryKey, ...ZakatCategoryKey[]];

export function isZakatCategory(value: unknown): value is ZakatCategoryKey {
  return (ZAKAT_CATEGORY_KEYS as readonly unknown[]).includes(value);
}

/** "the needy (al-masakin)": a category as pages, the CSV and the API name it. */
export function zakatCategoryLabel(key: string): string {
  const category = ZAKAT_CATEGORIES.find((item) => item.key === key);
  return category ? `${category.english} (${category.arabic})` : key;
}
