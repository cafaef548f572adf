import { useEffect, useState } from "react";

/**
 * A canceled checkout brings the donor back to the form they posted. The gift and the
 * ticks come back in the address; the donor's name, email and tribute never go in a web
 * address. With JavaScript the donate forms keep those in this browser tab
 * (sessionStorage) when posted, fill them in again when the checkout was canceled, and
 * forget them once filled in or once the gift is made. Without it the notice says what
 * needs typing again.
 */
const KEPT_DONOR = "giving:kept-donor";

/** The donor's own fields of a donate form, by their form names. */
const DONOR_FIELDS = ["name", "email", "tribute.kind", "tribute.name", "tribute.email"] as const;

/** The name of the hidden button conform submits its intents with. */
const INTENT = "__intent__";

type KeptDonor = Partial<Record<(typeof DONOR_FIELDS)[number], string>>;

/** What a conform form offers to set a field's value (its `update` intent). */
interface UpdatableForm {
  id: string;
  update(options: { name: string; value: string }): void;
}

function readKept(): KeptDonor | null {
  try {
    const stored = window.sessionStorage.getItem(KEPT_DONOR);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!parsed || typeof parsed !== "object") return null;
    const fields = parsed as Record<string, unknown>;
    return Object.fromEntries(
      DONOR_FIELDS.flatMap((name) =>
        typeof fields[name] === "string" && fields[name] !== "" ? [[name, fields[name]]] : [],
      ),
    );
  } catch {
    return null;
  }
}

function keep(form: HTMLFormElement) {
  const posted = new FormData(form);
  const kept = Object.fromEntries(DONOR_FIELDS.map((name) => [name, String(posted.get(name) ?? "")]));
  try {
    window.sessionStorage.setItem(KEPT_DONOR, JSON.stringify(kept));
  } catch {
    // A browser that keeps nothing (private mode, storage full): the donor types them again.
  }
}

function forgetKept() {
  try {
    window.sessionStorage.removeItem(KEPT_DONOR);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Keeps the donor's fields of form `form` when it is posted and, when the page is the
 * return from a canceled checkout, fills them in again. True once they were filled in.
 */
export function useKeptDonor(form: UpdatableForm, checkoutCanceled: boolean): boolean {
  const [restored, setRestored] = useState(false);
  const { id, update } = form;
  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    // Conform's own intents (a preset amount, filling a field in) submit too; only the donor's post is kept.
    const onSubmit = (event: SubmitEvent) => {
      if ((event.submitter as HTMLButtonElement | null)?.name !== INTENT) keep(element);
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [id]);
  useEffect(() => {
    if (!checkoutCanceled) return;
    const kept = readKept();
    forgetKept();
    if (!kept?.name && !kept?.email) return;
    // The tribute's kind first: with JavaScript the person's fields appear only once it is chosen.
    for (const name of DONOR_FIELDS) if (kept[name]) update({ name, value: kept[name] });
    setRestored(true);
    // Runs again only if `update` changes, by when the kept fields are forgotten.
  }, [checkoutCanceled, update]);
  return restored;
}

/** On the thank-you page: the gift is made, so nothing the donor typed stays in the tab. */
export function useForgetKeptDonor(giftMade: boolean) {
  useEffect(() => {
    if (giftMade) forgetKept();
  }, [giftMade]);
}

/**
 * The notice above a donate form back from a canceled checkout: what is kept below
 * (`kept`, the form's own words), and whether the donor's name and email were filled in
 * again or need typing.
 */
export function CanceledCheckoutNotice({ kept, restored }: { kept: string; restored: boolean }) {
  return (
    <p
      role="status"
      data-testid="checkout-canceled"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
    >
      Your checkout was canceled and nothing was charged. {kept}{" "}
      {restored
        ? "Your name and email are filled in again from this browser."
        : "Please type your name and email again, and any tribute: we never put them in a web address."}
    </p>
  );
}
