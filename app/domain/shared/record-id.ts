/**
 * The one reading of a record's id, wherever it arrives (a path, ?edit=, a form field):
 * a positive whole number written as plain digits. "1e3", "0x10", " 7", "+7" and "7.0"
 * name no record, though Number() would read them.
 */
export function parseRecordId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}
