import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/contact";
import { useFoundationContact } from "~/ui/use-foundation-contact";
import { FormAlert } from "~/ui/form-alert";
import { InputField, TextareaField } from "~/ui/form-fields";
import { Honeypot } from "~/ui/honeypot";
import { PageHero } from "~/ui/page-hero";
import { ScriptedPostMarker, sendOrReportFailure } from "~/ui/public-form";
import { useHydrated } from "~/ui/use-hydrated";
import { contactMessageSchema, type ContactMessageInput } from "../rules/contact-schemas";
import { publicFormAction } from "~/ui/public-form.server";
import { visitorOf } from "~/lib/visitor.server";
import { submitContactMessage } from "../server/contacts.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Al-Amanah Foundation" },
  {
    name: "description",
    content: "Write to Al-Amanah Foundation about your giving, our programmes, volunteering or anything else.",
  },
];

const SEND_FAILED = "Error sending message. Please try again.";
const SENT = "Thank you for your message! We will get back to you soon.";

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, {
    schema: contactMessageSchema,
    submit: (message) => submitContactMessage(message, visitorOf(request, context)),
    failure: SEND_FAILED,
    logAs: "Contact message",
    sentTo: "/contact?sent=1#message-title",
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return sendOrReportFailure(serverAction, SEND_FAILED);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const contact = useFoundationContact();
  // ?sent=1 is where a post without JavaScript lands once the message is stored. (Read
  // here, not by a loader: a loader would be fetched again after each post, and with the
  // connection gone that refetch would replace the page with an error.)
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/contact";
  const [form, fields] = useForm<Record<keyof ContactMessageInput, string>, ContactMessageInput>({
    id: "contact",
    lastResult: sending ? undefined : actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The thanks stays until the visitor starts on another message.
  const [typedSince, setTypedSince] = useState(false);
  useEffect(() => setTypedSince(false), [actionData]);
  const sent = !sending && (actionData ? actionData.sent : searchParams.has("sent")) && !typedSince;

  return (
    <>
      <PageHero id="contact-title" eyebrow="We're here to help" title="Contact Us">
        <p>
          Questions about your Zakat, a gift you made, our programmes or volunteering: write to us and our team will
          answer.
        </p>
      </PageHero>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <section aria-labelledby="message-title" className="lg:col-span-2">
          <h2 id="message-title" className="text-2xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {/* Without JavaScript the answer is a new page: the #anchor brings the reader back to the message. */}
          <Form
            method="post"
            action={hydrated ? "/contact" : "/contact#message-title"}
            {...getFormProps(form)}
            preventScrollReset
            onInput={() => setTypedSince(true)}
            className="mt-6 space-y-5"
          >
            {/* Always present, so screen readers announce the thanks when it is written in. */}
            <div role="status">
              {sent ? (
                <p className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-800">
                  {SENT}
                </p>
              ) : null}
            </div>
            <FormAlert errors={form.errors} />
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField field={fields.name} label="Name" type="text" required maxLength={100} autoComplete="name" />
              <InputField
                field={fields.email}
                label="Email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
              />
            </div>
            <TextareaField
              field={fields.message}
              label="Message"
              rows={6}
              required
              maxLength={5000}
              hint="Up to 5,000 characters."
            />
            <Honeypot />
            <ScriptedPostMarker />
            {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
            <button
              type="submit"
              className="btn-primary"
              aria-disabled={sending}
              onClick={(event) => sending && event.preventDefault()}
            >
              {sending ? "Sending..." : "Send Message"}
            </button>
          </Form>
        </section>
        <aside aria-labelledby="details-title" className="h-fit rounded-xl border border-slate-200 p-6 shadow-sm">
          <h2 id="details-title" className="text-xl font-semibold text-slate-900">
            Other ways to reach us
          </h2>
          <dl className="mt-4 space-y-4 text-slate-700">
            <div>
              <dt className="text-sm font-semibold text-slate-900">Email</dt>
              <dd>
                <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-900">Phone</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
                  {contact.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-900">Address</dt>
              <dd>
                <address className="not-italic">{contact.address}</address>
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm text-slate-600">We answer messages within two working days, in sha' Allah.</p>
        </aside>
      </div>
    </>
  );
}
