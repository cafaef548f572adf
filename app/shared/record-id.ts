/**
 * The one reading of a record's id, wherever it arrives (a path, ?edit=, a form field):
 * a positive whole number written as plain digits ("007" is 7, as the API has always read
 * it). "1e3", "0x10", " 7", "+7" and "7.0" name no record, though Number() would read them.
 */
export function parseRecordId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
