import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/volunteer";
import { Icon } from "~/ui/icon";
import { FormAlert } from "~/ui/form-alert";
import { InputField, SelectField } from "~/ui/form-fields";
import { Honeypot } from "~/ui/honeypot";
import { ScriptedPostMarker, sendOrReportFailure } from "~/ui/public-form";
import { useHydrated } from "~/ui/use-hydrated";
import { VOLUNTEER_INTERESTS, volunteerSignupSchema, type VolunteerSignupInput } from "../rules/volunteer-schemas";
import { publicFormAction } from "~/ui/public-form.server";
import { visitorOf } from "~/lib/visitor.server";
import { signUpVolunteer } from "../server/volunteers.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Volunteer | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "Give your time: food distribution, community outreach, tutoring and events. Join 500+ volunteers serving families in need.",
  },
];

const SUBMIT_FAILED = "We couldn't send your application. Please try again.";

const BENEFITS = [
  {
    title: "Make a real difference",
    text: "Serve families, orphans and neighbours in need, and see the good your hours do.",
  },
  { title: "Join a caring community", text: "Work beside people who share your values, and make friends for life." },
  {
    title: "Grow your skills",
    text: "Learn organising, teaching and outreach, with training and a reference when you need one.",
  },
  { title: "Earn lasting reward", text: "Giving your time is Sadaqa too: every act of service counts." },
] as const;

const OPPORTUNITIES = [
  {
    title: "Food Distribution",
    hours: "4-6 hours/week",
    text: "Pack and hand out food parcels and Ramadan meals to families in our community.",
  },
  {
    title: "Community Outreach",
    hours: "3-5 hours/week",
    text: "Meet families, listen to their needs and connect them with the help we offer.",
  },
  {
    title: "Educational Support",
    hours: "2-4 hours/week",
    text: "Tutor children and adults, and help at our homework and learning clubs.",
  },
  {
    title: "Event Organization",
    hours: "Flexible",
    text: "Plan and run fundraising dinners, awareness days and community gatherings.",
  },
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, {
    schema: volunteerSignupSchema,
    submit: (signup) => signUpVolunteer(signup, visitorOf(request, context)),
    failure: SUBMIT_FAILED,
    logAs: "Volunteer signup",
    sentTo: "/volunteer?submitted=1#signup-title",
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return sendOrReportFailure(serverAction, SUBMIT_FAILED);
}

export default function Volunteer({ actionData }: Route.ComponentProps) {
  // A post without JavaScript lands on ?submitted=1 (the thanks); 'Submit Another
  // Application' comes back with ?again=1, and the form takes the focus. (Read here, not
  // by a loader, which would be fetched again after each post: see contact.tsx.)
  const [searchParams] = useSearchParams();
  return (
    <>
      <section aria-labelledby="volunteer-title" className="bg-brand-800 text-white">
        <div className="container-page py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Volunteer with us</p>
          <h1 id="volunteer-title" className="mt-2 max-w-3xl text-4xl font-bold sm:text-5xl">
            Give your time, change a life
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Join <strong className="text-white">500+ active volunteers</strong> who pack food, teach, visit families and
            run our events, in our community and beyond.
          </p>
          <a href="#signup-title" className="btn-gold mt-8">
            Apply to volunteer
          </a>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="container-page py-16">
        <h2 id="benefits-title" className="text-3xl font-bold text-slate-900">
          Why volunteer with us
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-6">
              <Icon name="check" className="h-6 w-6 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="opportunities-title" className="bg-slate-50 py-16">
        <div className="container-page">
          <h2 id="opportunities-title" className="text-3xl font-bold text-slate-900">
            Volunteer opportunities
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {OPPORTUNITIES.map((opportunity) => (
              <li key={opportunity.title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{opportunity.title}</h3>
                <p className="mt-1 text-sm font-semibold text-brand-700">{opportunity.hours}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-700">{opportunity.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="signup-title" className="container-page max-w-3xl py-16">
        <h2 id="signup-title" className="text-3xl font-bold text-slate-900">
          Sign up to volunteer
        </h2>
        <p className="mt-2 text-slate-700">Tell us how you would like to help; our volunteer team will be in touch.</p>
        <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
          {(actionData ? actionData.sent : searchParams.has("submitted")) ? (
            <ThankYou />
          ) : (
            <SignupForm lastResult={actionData?.result} focus={searchParams.has("again")} />
          )}
        </div>
      </section>

      <section aria-labelledby="questions-title" className="bg-brand-50 py-12">
        <div className="container-page flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="questions-title" className="text-2xl font-bold text-slate-900">
              Questions before you apply?
            </h2>
            <p className="mt-1 text-slate-700">Write to us, or read more about the foundation and its work.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact" className="btn-primary">
              Contact Us
            </Link>
            <Link to="/about" className="btn-secondary">
              About Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

type SignupResult = NonNullable<Route.ComponentProps["actionData"]>["result"];

/** idle -> submitting: the button says so; a rejection keeps what was typed beside its errors. */
function SignupForm({ lastResult, focus }: { lastResult?: SignupResult; focus: boolean }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/volunteer";
  const [form, fields] = useForm<Record<keyof VolunteerSignupInput, string>, VolunteerSignupInput>({
    id: "volunteer",
    lastResult: submitting ? undefined : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: volunteerSignupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    // Without JavaScript the answer is a new page: the #anchor brings the reader back here.
    <Form
      method="post"
      action={hydrated ? "/volunteer" : "/volunteer#signup-title"}
      {...getFormProps(form)}
      preventScrollReset
      className="space-y-5"
    >
      <FormAlert errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          field={fields.name}
          label="Full name"
          type="text"
          required
          maxLength={100}
          autoComplete="name"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only after 'Submit Another Application', which asked for an empty form: without JavaScript nothing else can put the visitor in its first field
          autoFocus={focus}
        />
        <InputField field={fields.email} label="Email" type="email" required maxLength={254} autoComplete="email" />
      </div>
      <SelectField
        field={fields.interest}
        label="Area of interest"
        options={[{ value: "", label: "Choose an area of interest" }, ...VOLUNTEER_INTERESTS]}
        selectClassName="max-w-md"
        required
      />
      <Honeypot />
      <ScriptedPostMarker />
      {/* Not disabled while submitting: a disabled button would drop the keyboard focus. */}
      <button
        type="submit"
        className="btn-primary"
        aria-disabled={submitting}
        onClick={(event) => submitting && event.preventDefault()}
      >
        {submitting ? "Submitting..." : "Submit Application"}
      </button>
    </Form>
  );
}

/** submitted: the thanks, and a way back to an empty form (idle). */
function ThankYou() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a submission with JavaScript, focus moves to the news so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="text-center">
      <div role="status">
        <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-800">
          Thank You!
        </h3>
        <p className="mt-2 text-slate-700">
          Your application has reached our volunteer team. We will contact you by email soon.
        </p>
      </div>
      {/* A plain GET back to the page: it clears the answer with or without JavaScript. No
          #anchor: the empty form's first field takes the focus, which brings it into view. */}
      <Form method="get" action="/volunteer" preventScrollReset className="mt-6">
        <input type="hidden" name="again" value="1" />
        <button type="submit" className="btn-primary">
          Submit Another Application
        </button>
      </Form>
    </div>
  );
}
