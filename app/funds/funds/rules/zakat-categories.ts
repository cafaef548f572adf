/**
 * The eight categories of Zakat recipients named in the Qur'an (9:60), in English with
 * their Arabic: `arabic` is the transliteration the CSV and the API use, `script` the words
 * as the verse writes them (without the vowel marks, and without its joining "and"/"for").
 * The keys are what the ledger stores; the order is the verse's.
 */
export const ZAKAT_CATEGORIES = [
  { key: "fuqara", english: "the poor", arabic: "al-fuqara'", script: "الفقراء" },
  { key: "masakin", english: "the needy", arabic: "al-masakin", script: "المساكين" },
  { key: "amilin", english: "those who administer Zakat", arabic: "al-'amilin 'alayha", script: "العاملين عليها" },
  {
    key: "muallafah",
    english: "those whose hearts are to be reconciled",
    arabic: "al-mu'allafati qulubuhum",
    script: "المؤلفة قلوبهم",
  },
  { key: "riqab", english: "freeing captives", arabic: "fi al-riqab", script: "في الرقاب" },
  { key: "gharimin", english: "debtors", arabic: "al-gharimin", script: "الغارمين" },
  { key: "fi-sabilillah", english: "in the cause of God", arabic: "fi sabilillah", script: "في سبيل الله" },
  { key: "ibn-al-sabil", english: "the stranded traveller", arabic: "ibn al-sabil", script: "ابن السبيل" },
] as const;

export type ZakatCategoryKey = (typeof ZAKAT_CATEGORIES)[number]["key"];

export const ZAKAT_CATEGORY_KEYS = ZAKAT_CATEGORIES.map((category) => category.key) as [
  ZakatCategoryKey,
  ...ZakatCategoryKey[],
];

export function isZakatCategory(value: unknown): value is ZakatCategoryKey {
  return (ZAKAT_CATEGORY_KEYS as readonly unknown[]).includes(value);
}

/** "the needy (al-masakin)": a category as pages, the CSV and the API name it. */
export function zakatCategoryLabel(key: string): string {
  const category = ZAKAT_CATEGORIES.find((item) => item.key === key);
  return category ? `${category.english} (${category.arabic})` : key;
}
