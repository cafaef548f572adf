import { data } from "react-router";
import { parseRecordId } from "~/shared/record-id";
import { NotFoundError } from "./service-errors";

/**
 * Records named by the address or a form. An id that is malformed names no record there
 * is, so it is answered exactly like one deleted meanwhile: not found.
 */

/** The id a form or an address names, or NotFoundError. */
export function requireRecordId(raw: unknown): number {
  const id = parseRecordId(raw);
  if (id === null) throw new NotFoundError();
  return id;
}

/**
 * The record a public page is about (/stories/7, /events/7): a malformed id, an unknown
 * one, or one the public may not see answers the page's 404, never a 500.
 */
export async function recordOr404<Row>(raw: string | undefined, read: (id: number) => Promise<Row>): Promise<Row> {
  try {
    return await read(requireRecordId(raw));
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** The row named by ?edit= or ?delete=, or null when the id is malformed or gone. */
export async function rowFromParam<Row>(value: string | null, read: (id: number) => Promise<Row>): Promise<Row | null> {
  const id = parseRecordId(value);
  if (id === null) return null;
  return read(id).catch((error) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
}
