/**
 * An update names what changes: fields a client leaves out keep their stored values, so
 * a `PUT` that omits `is_active` never publishes a draft, nor one without `is_approved`
 * hides a testimonial. The merged record is then checked by the same schema as a new one.
 * (The admin forms always send every field; unticked boxes arrive as "false".)
 */
export function overStored(stored: object, input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  return { ...stored, ...input };
}
