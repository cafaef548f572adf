import { UPLOAD_FOLDERS } from "~/content/media";
import { testimonialSchema, testimonialSubmissionSchema, type Testimonial } from "../rules/testimonial";
import { paged, pageOfRows, type ListPage } from "~/lib/list-pages.server";
import { getDb, nowIso } from "~/lib/db.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { overStored } from "~/lib/record-updates.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { TestimonialRow } from "../../../../db/schema";
import type { Reader } from "~/content/stories/index.server";
import { uploadReference } from "~/content/media/index.server";
import { recordAudit } from "~/staff/audit/index.server";

// A bare name is a file uploaded through the Media screen, where the testimonial cards look for it.
const testimonialPhoto = uploadReference("image_filename", () => UPLOAD_FOLDERS.images);

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
export async function listTestimonials(
  options: TestimonialListOptions = {},
  reader: Reader = { staff: false },
): Promise<Testimonial[]> {
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

/** One page of the approved or the pending ones, newest first (past the end: the last page). */
export async function findTestimonialPage(
  approved: boolean,
  page: number,
  pageSize: number,
): Promise<ListPage<Testimonial>> {
  const list = approved ? { approvedOnly: true } : { pendingOnly: true };
  return pageOfRows(
    () => countTestimonials(approved),
    (limit, offset) => listTestimonials({ ...list, limit, offset }, { staff: true }),
    page,
    pageSize,
  );
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
  const values = testimonialValues(input);
  await testimonialPhoto.checkBeforeSave(values.image_filename);
  const row = await getDb().insertInto("testimonials").values(values).returningAll().executeTakeFirstOrThrow();
  await recordAudit({
    action: "create",
    entity: "testimonial",
    entityId: row.id,
    summary: `Testimonial: ${row.name}`,
    after: toTestimonial(row),
  });
  return toTestimonial(row);
}

export async function updateTestimonial(id: number, input: unknown): Promise<Testimonial> {
  const stored = await getTestimonial(id);
  const values = testimonialValues(overStored(stored, input));
  await testimonialPhoto.checkBeforeSave(values.image_filename, stored.image_filename);
  const row = await getDb()
    .updateTable("testimonials")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  await recordAudit({
    action: "update",
    entity: "testimonial",
    entityId: id,
    summary: `Testimonial: ${row.name}`,
    before: stored,
    after: toTestimonial(row),
  });
  await testimonialPhoto.releaseAfter(stored.image_filename, row.image_filename);
  return toTestimonial(row);
}

export async function approveTestimonial(id: number): Promise<Testimonial> {
  const stored = await getTestimonial(id);
  const row = await getDb()
    .updateTable("testimonials")
    .set({ is_approved: 1, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  await recordAudit({
    action: "approve",
    entity: "testimonial",
    entityId: id,
    summary: `Testimonial: ${row.name}`,
    before: { is_approved: stored.is_approved },
    after: { is_approved: true },
  });
  return toTestimonial(row);
}

export async function deleteTestimonial(id: number): Promise<void> {
  const row = await getDb().deleteFrom("testimonials").where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) throw new NotFoundError("Testimonial not found");
  await recordAudit({
    action: "delete",
    entity: "testimonial",
    entityId: id,
    summary: `Testimonial: ${row.name}`,
    before: toTestimonial(row),
  });
  await testimonialPhoto.releaseAfter(row.image_filename);
}

/**
 * The public 'Share your experience' form: a pending testimonial for staff to approve.
 * Nothing a visitor sends can approve it or attach media; a filled honeypot is a bot,
 * answered as usual and stored nowhere.
 */
export async function submitTestimonial(input: unknown, clientAddress: string): Promise<void> {
  const submission = parseOrThrow(testimonialSubmissionSchema, input);
  await limitPublicFormPosts("testimonial", clientAddress);
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
