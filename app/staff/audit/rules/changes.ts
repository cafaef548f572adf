/**
 * What an audit entry keeps of a change: the fields whose values differ, each as
 * [before, after]. Passwords, secrets, tokens and card data are never written, whatever a
 * caller hands in: their names are matched here, once.
 */
export type Changes = Record<string, [unknown, unknown]>;

const NEVER_WRITTEN = /password|secret|token|otp|recovery|card|cvc|iban|account_number|credential|hash/i;

export function isNeverWritten(field: string): boolean {
  return NEVER_WRITTEN.test(field);
}

/**
 * A setting is a key and a value: a key that names a secret ("smtp_password", "api_token")
 * keeps its value out of the trail as a field of that name would be kept out.
 */
function namesASecret(record: Record<string, unknown> | null | undefined): boolean {
  return typeof record?.key === "string" && isNeverWritten(record.key);
}

/** A record's own timestamps change with every write: the entry's time says when. */
const BOOKKEEPING = new Set(["created_at", "updated_at"]);

/** The differing fields of two versions of a record (a created record has no before, a deleted one no after). */
export function changesBetween(older: object | null | undefined, newer: object | null | undefined): Changes {
  const before = older as Record<string, unknown> | null | undefined;
  const after = newer as Record<string, unknown> | null | undefined;
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const secretValue = namesASecret(before) || namesASecret(after);
  for (const field of fields) {
    if (isNeverWritten(field) || BOOKKEEPING.has(field)) continue;
    if (secretValue && field === "value") continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = [was, is];
  }
  return changes;
}

/** Records that hold an applicant's personal data (issue 31): "application", "application-document"... */
export function keepsFieldNamesOnly(entity: string): boolean {
  return /^applica(tion|nt)(\b|-|_)/.test(entity);
}

function listedFields(record: object | null | undefined): string[] | undefined {
  const fields = (record as { fields?: unknown } | null | undefined)?.fields;
  if (!record || Object.keys(record).length !== 1 || !Array.isArray(fields)) return undefined;
  return fields.filter((field): field is string => typeof field === "string");
}

/**
 * What the trail keeps of a change to an applicant's record: the names of the fields changed,
 * never their values, whatever a caller hands in (`{fields: ["phone", "address"]}`, or whole
 * records, of which only the differing fields' names are kept).
 */
export function fieldNamesChanged(older: object | null | undefined, newer: object | null | undefined): Changes {
  const listed = [listedFields(older), listedFields(newer)];
  const names = listed.some(Boolean)
    ? [...new Set(listed.flatMap((fields) => fields ?? []))]
    : Object.keys(changesBetween(older, newer));
  const kept = names.filter((field) => !isNeverWritten(field));
  return kept.length ? { fields: [null, kept] } : {};
}

/** An entry's changes: field names only for an applicant's records, before and after for the rest. */
export function changesFor(
  entity: string,
  older: object | null | undefined,
  newer: object | null | undefined,
): Changes {
  return keepsFieldNamesOnly(entity) ? fieldNamesChanged(older, newer) : changesBetween(older, newer);
}
