import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { NewsletterForm, type NewsletterActionData } from "../components/newsletter-form";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { clientAddressContext } from "~/lib/request-context";
import { readFormBody } from "~/lib/form-body.server";
import { formRefusalOrThrow } from "~/ui/form-replies.server";
import { subscribeToNewsletter } from "../server/newsletter.server";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Al-Amanah Foundation" }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormBody(request));
  const email = typeof form.email === "string" ? form.email : "";
  try {
    await limitPublicFormPosts("newsletter", context.get(clientAddressContext));
    const result = await subscribeToNewsletter(form);
    return {
      status: "subscribed",
      confirmation: result.alreadySubscribed
        ? `${result.email} is already on our list. Thank you for staying in touch!`
        : `Thank you! Please check your inbox at ${result.email} to confirm your subscription.`,
    } satisfies NewsletterActionData;
  } catch (error) {
    const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
    return data<NewsletterActionData>(
      { status: "invalid", error: fieldErrors?.email?.[0] ?? message, email },
      { status, headers },
    );
  }
}

/** Reached without JavaScript (or by typing the address): the subscription page on its own. */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-xl py-16">
      <h1 className="text-3xl font-bold text-slate-900">Newsletter</h1>
      <p className="mt-2 text-slate-600">
        News of the families, orphans and communities your Zakat and Sadaqa reach, once a month.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <NewsletterForm id="newsletter-page" lastResult={actionData} tone="light" />
      </div>
      <p className="mt-6">
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          Return to Home
        </Link>
      </p>
    </section>
  );
}
