import { testimonialSchema, testimonialSubmissionSchema } from "~/domain/content/content-schemas";
import { paged } from "~/lib/list-pages.server";
import { getDb, nowIso } from "~/lib/db.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { overStored } from "~/lib/record-updates.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { TestimonialRow } from "../../../db/schema";
import type { Reader } from "./stories.server";
import type { Testimonial } from "~/domain/content/records";

export type { Testimonial };

function toTestimonial(row: TestimonialRow): Testimonial {
  return { ...row, is_approved: row.is_approved === 1 };
}

export interface TestimonialListOptions {
  approvedOnly?: boolean;
  pendingOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** Newest first. The public sees approved ones only, whatever it asks for. */
export async function listTestimonials(options: TestimonialListOptions = {}, reader: Reader = { staff: false }): Promise<Testimonial[]> {
  let query = getDb().selectFrom("testimonials").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (options.approvedOnly || !reader.staff) query = query.where("is_approved", "=", 1);
  else if (options.pendingOnly) query = query.where("is_approved", "=", 0);
  query = paged(query, options);
  return (await query.execute()).map(toTestimonial);
}

export async function getTestimonial(id: number): Promise<Testimonial> {
  const row = await getDb().selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  return toTestimonial(row);
}

export async function countTestimonials(approved: boolean): Promise<number> {
  const row = await getDb()
    .selectFrom("testimonials")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("is_approved", "=", approved ? 1 : 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function testimonialValues(input: unknown) {
  const testimonial = parseOrThrow(testimonialSchema, input);
  return { ...testimonial, is_approved: testimonial.is_approved ? 1 : 0 } as const;
}

export async function createTestimonial(input: unknown): Promise<Testimonial> {
  const row = await getDb().insertInto("testimonials").values(testimonialValues(input)).returningAll().executeTakeFirstOrThrow();
  return toTestimonial(row);
}

export async function updateTestimonial(id: number, input: unknown): Promise<Testimonial> {
  const values = testimonialValues(overStored(await getTestimonial(id), input));
  const row = await getDb()
    .updateTable("testimonials")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  return toTestimonial(row);
}

export async function approveTestimonial(id: number): Promise<Testimonial> {
  const row = await getDb()
    .updateTable("testimonials")
    .set({ is_approved: 1, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  return toTestimonial(row);
}

export async function deleteTestimonial(id: number): Promise<void> {
  const result = await getDb().deleteFrom("testimonials").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new NotFoundError("Testimonial not found");
}

/**
 * The public 'Share your experience' form: a pending testimonial for staff to approve.
 * Nothing a visitor sends can approve it or attach media; a filled honeypot is a bot,
 * answered as usual and stored nowhere.
 */
export async function submitTestimonial(input: unknown, clientAddress: string): Promise<void> {
  const submission = parseOrThrow(testimonialSubmissionSchema, input);
  limitPublicFormPosts("testimonial", clientAddress);
  if (submission.website) return;
  await getDb()
    .insertInto("testimonials")
    .values({
      name: submission.name,
      country: submission.country,
      text: submission.text,
      rating: submission.rating,
      category: "donor",
      is_approved: 0,
    })
    .execute();
}
