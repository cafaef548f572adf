import { data } from "react-router";
import { NotFoundError } from "./service-errors";

/**
 * The record a public page is about (/stories/7, /events/7): a malformed id, an unknown
 * one, or one the public may not see answers the page's 404, never a 500.
 */
export async function recordOr404<Row>(raw: string | undefined, read: (id: number) => Promise<Row>): Promise<Row> {
  const id = Number(raw);
  try {
    if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return await read(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}
