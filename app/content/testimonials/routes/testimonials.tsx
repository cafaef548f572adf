import { useEffect, useRef } from "react";
import { data, redirect, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/testimonials";
import { CardGrid } from "~/ui/card-grid";
import { TestimonialCard } from "../components/testimonial-card";
import { Honeypot } from "~/ui/honeypot";
import { PageHero } from "~/ui/page-hero";
import { ScriptedPostMarker } from "~/ui/public-form";
import { SCRIPTED_POST } from "~/shared/public-forms";
import { useHydrated } from "~/ui/use-hydrated";
import { clientAddressContext } from "~/lib/request-context";
import { readFormBody } from "~/lib/form-body.server";
import { formRefusalOrThrow } from "~/ui/form-replies.server";
import type { FieldErrors } from "~/lib/service-errors";
import { listTestimonials, submitTestimonial } from "../server/testimonials.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Testimonials | Al-Amanah Foundation" },
  { name: "description", content: "Donors, families and volunteers on what your Zakat and Sadaqa make possible." },
];

export async function loader() {
  try {
    return { testimonials: await listTestimonials({ approvedOnly: true }), failed: false };
  } catch (error) {
    console.error("Testimonials failed to load:", error);
    return { testimonials: [], failed: true };
  }
}

type Outcome = { status: "sent" } | { status: "invalid"; errors: FieldErrors; values: Record<string, string> };

/** 'Share your experience': a pending testimonial for staff to approve. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = Object.fromEntries(await readFormBody(request)) as Record<string, string>;
  try {
    await submitTestimonial(values, context.get(clientAddressContext));
    // Without JavaScript: post, redirect, get, so a reload cannot share it twice.
    if (!(SCRIPTED_POST in values)) return redirect("/testimonials?shared=1#share-title", 303);
    return { status: "sent" } satisfies Outcome;
  } catch (error) {
    const { status, fieldErrors, formErrors, headers } = formRefusalOrThrow(error);
    return data<Outcome>(
      { status: "invalid", errors: fieldErrors ?? { "": formErrors ?? [] }, values },
      { status, headers },
    );
  }
}

export default function Testimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, failed } = loaderData;
  // Where a post without JavaScript lands once the testimonial is kept.
  const shared = useSearchParams()[0].has("shared");
  return (
    <>
      <PageHero id="testimonials-title" eyebrow="In their words" title="Testimonials">
        <p>Donors, families and volunteers on what your giving makes possible.</p>
      </PageHero>
      <div className="container-page grid gap-12 py-12 lg:grid-cols-3">
        <section aria-labelledby="list-title" className="lg:col-span-2">
          <h2 id="list-title" className="sr-only">
            What people say
          </h2>
          {failed ? (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
              Error loading testimonials. Please try again later.
            </p>
          ) : testimonials.length === 0 ? (
            <p className="text-slate-600">No testimonials yet. Be the first to share your experience.</p>
          ) : (
            <CardGrid
              items={testimonials}
              columns={2}
              renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} />}
            />
          )}
        </section>
        <ShareForm lastOutcome={actionData ?? (shared ? { status: "sent" } : undefined)} />
      </div>
    </>
  );
}

function ShareForm({ lastOutcome }: { lastOutcome?: Outcome }) {
  const fetcher = useFetcher<Outcome>({ key: "share-testimonial" });
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const outcome = fetcher.data ?? lastOutcome;
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "sent") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const errors = !busy && outcome?.status === "invalid" ? outcome.errors : {};
  const values = outcome?.status === "invalid" ? outcome.values : {};
  const field = (name: string) => ({
    id: `share-${name}`,
    name,
    defaultValue: values[name] ?? "",
    key: `${name}-${values[name] ?? ""}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `share-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`share-${name}-error`} className="field-error">
        {errors[name]![0]}
      </p>
    ) : null;

  return (
    <section aria-labelledby="share-title" className="h-fit rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="share-title" className="text-xl font-semibold text-slate-900">
        Share your experience
      </h2>
      <p className="mt-1 text-sm text-slate-600">Our team reads every message before it appears here.</p>
      {!busy && outcome?.status === "sent" ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          Thank you! Your testimonial will appear once our team has reviewed it.
        </p>
      ) : null}
      {errors[""] ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors[""][0]}
        </p>
      ) : null}
      {/* Without JavaScript the answer is a new page: its #anchor brings the reader back here, to the message. */}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={hydrated ? "/testimonials" : "/testimonials#share-title"}
        noValidate={hydrated}
        className="mt-4 space-y-4"
      >
        <div>
          <label htmlFor="share-name" className="field-label">
            Your name
          </label>
          <input {...field("name")} required maxLength={100} autoComplete="name" className="field-input" />
          {error("name")}
        </div>
        <div>
          <label htmlFor="share-country" className="field-label">
            Country <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input {...field("country")} maxLength={100} autoComplete="country-name" className="field-input" />
          {error("country")}
        </div>
        <fieldset>
          <legend className="field-label">Your rating</legend>
          <div className="flex flex-wrap gap-3">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label key={stars} className="flex items-center gap-1 text-sm">
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  defaultChecked={(values.rating ?? "5") === String(stars)}
                  className="accent-brand-700"
                />
                {/* One piece of text: in a flex label a lone space between pieces is dropped ("5stars"). */}
                {`${stars} ${stars === 1 ? "star" : "stars"}`}
              </label>
            ))}
          </div>
          {error("rating")}
        </fieldset>
        <div>
          <label htmlFor="share-text" className="field-label">
            Your experience
          </label>
          <textarea {...field("text")} required maxLength={1000} rows={5} className="field-input" />
          {error("text")}
        </div>
        <Honeypot />
        <ScriptedPostMarker />
        <button type="submit" className="btn-primary" aria-disabled={busy}>
          {busy ? "Sending..." : "Send"}
        </button>
      </fetcher.Form>
    </section>
  );
}
