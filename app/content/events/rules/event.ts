import { z } from "~/shared/zod";
import { isRealDate } from "~/shared/dates";
import { requiredText } from "~/shared/schema-fields";
import { photoField } from "~/content/media";

/**
 * An event: its fields and what is required, shared by the admin form (in the browser and its
 * action) and the /api/events endpoints, and the event as the API and pages see it.
 */

// A day, optionally with a time of day that exists (00:00 to 23:59[:59]).
const EVENT_DATE = /^\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/;

export const eventSchema = z.object({
  title: requiredText("Title", 200),
  description: requiredText("Description", 5000),
  date: z
    .string({ message: "Date is required" })
    .trim()
    .min(1, "Date is required")
    .refine(
      (value) => value === "" || (EVENT_DATE.test(value) && isRealDate(value)),
      "Please enter a real date as YYYY-MM-DD",
    )
    .transform((value) => value.replace(" ", "T")),
  location: requiredText("Location", 300),
  image: photoField,
});
export type EventInput = z.output<typeof eventSchema>;

/** An event. */
export interface CharityEvent {
  id: number;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM', kept as given. */
  date: string;
  location: string;
  image: string;
  created_at: string;
  updated_at: string;
}
