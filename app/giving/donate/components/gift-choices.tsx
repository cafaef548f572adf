import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/field-error";
import { useHydrated } from "~/ui/use-hydrated";
import { cardFeeWords, feeCoverCents, type CardFee } from "../rules/fee-cover";
import { formatExactCents } from "~/shared/money";

/**
 * What a donor may add to any gift, on every donate form (the donate page, quick pay, an
 * appeal's page): give anonymously, cover the card fee, give in someone's name. Every
 * field is there without JavaScript, and the server checks them; with it, the tribute's
 * name and email wait until the donor says in whose name they give.
 */
export interface GiftChoicesProps {
  /**
   * The conform fields of the form: `anonymous`, `cover_fees` (checkboxes) and `tribute` (an object: kind, name,
   * email).
   */
  fields: {
    anonymous: FieldMetadata<boolean | string | undefined>;
    cover_fees: FieldMetadata<boolean | string | undefined>;
    tribute: FieldMetadata<{ kind?: string; name?: string; email?: string } | undefined>;
  };
  /** The gift as typed now, in cents (0 while the amount is not usable): the fee cover is worked out from it. */
  giftCents: number;
  /** The foundation's card fee, from the loader (currentCardFee). */
  cardFee: CardFee;
  /** Where the gift goes, for "so that all of your gift reaches {destination}": "the appeal", "Zakat al-Mal"... */
  destination: string;
  /** Zakat-bound: the fee cover explains that the whole Zakat then reaches its recipients. */
  isZakat: boolean;
  /**
   * Set where the donor picks the purpose on the same form (the donate page): without
   * JavaScript the words cannot follow the choice, so until the page is interactive they
   * name no fund, and say what covering the fee means for Zakat whenever Zakat is offered.
   */
  purposeOnForm?: { zakatOffered: boolean };
}

export const ANONYMOUS_NOTE =
  "Your name will not appear on our public pages; your receipt and My giving still show it. Otherwise, a gift to an appeal is listed on its page with your first name and the amount.";

/** The tribute's choices, in the words a donor reads; '' is no tribute. */
const TRIBUTE_OPTIONS = [
  { value: "", label: "No" },
  { value: "memory", label: "In memory of" },
  { value: "honour", label: "In honour of" },
] as const;

/** Whether a conform checkbox is ticked, as typed now (or as the page was served). */
export function isTicked(field: FieldMetadata<boolean | string | undefined>): boolean {
  const value: unknown = field.value;
  return value === "on" || value === "true" || value === true;
}

/**
 * "Add $1.06 so that all of your gift reaches the appeal"; without a usable amount, the
 * same without the figure; without a destination (not chosen yet), "…so that all of your gift arrives".
 */
export function feeCoverLabel(giftCents: number, cardFee: CardFee, destination: string | null): string {
  const cover = feeCoverCents(giftCents, cardFee);
  const what = cover > 0 ? formatExactCents(cover) : "the card fee";
  return `Add ${what} so that all of your gift ${destination ? `reaches ${destination}` : "arrives"}`;
}

/**
 * What covering the fee means for Zakat: for the Zakat chosen, or, before the choice can be followed, for any Zakat
 * given.
 */
function zakatWords(
  { isZakat, purposeOnForm }: Pick<GiftChoicesProps, "isZakat" | "purposeOnForm">,
  followsChoice: boolean,
): string | null {
  if (followsChoice) return isZakat ? " Covering the fee lets the whole of your Zakat reach its recipients." : null;
  return purposeOnForm?.zakatOffered
    ? " If you give Zakat, covering the fee lets the whole of it reach its recipients."
    : null;
}

export function GiftChoices({ fields, giftCents, cardFee, destination, isZakat, purposeOnForm }: GiftChoicesProps) {
  const hydrated = useHydrated();
  const followsChoice = !purposeOnForm || hydrated;
  // Narrower at the sides than above and below: the tribute's row needs the width in an appeal's column.
  return (
    <fieldset className="space-y-5 rounded-xl border border-slate-200 px-4 py-5">
      <legend className="px-1 text-lg font-semibold text-slate-900">Your choices</legend>
      <Choice field={fields.anonymous} label="Give anonymously">
        {ANONYMOUS_NOTE}
      </Choice>
      <Choice
        field={fields.cover_fees}
        label={feeCoverLabel(giftCents, cardFee, followsChoice ? destination : null)}
        testId="cover-fees-label"
      >
        Our card provider keeps {cardFeeWords(cardFee)} of each payment; this adds it as its own line at the checkout.
        {zakatWords({ isZakat, purposeOnForm }, followsChoice)}
      </Choice>
      <TributeChoice field={fields.tribute} />
    </fieldset>
  );
}

/** A checkbox named by its own words, with what it means as its description. */
function Choice({
  field,
  label,
  testId,
  children,
}: {
  field: FieldMetadata<boolean | string | undefined>;
  label: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const descriptionId = `${field.id}-description`;
  const describedBy = [descriptionId, field.errors?.length ? field.errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          aria-describedby={describedBy}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={field.id} className="font-medium text-slate-900" data-testid={testId}>
            {label}
          </label>
          <p id={descriptionId} className="text-sm text-slate-600">
            {children}
          </p>
        </div>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function TributeChoice({ field }: { field: GiftChoicesProps["fields"]["tribute"] }) {
  const hydrated = useHydrated();
  const tribute = field.getFieldset();
  const chosen = String(tribute.kind.value ?? "");
  // Without JavaScript every field is there; with it, the person's name and email follow the choice.
  const showPerson =
    !hydrated || chosen !== "" || Boolean(tribute.name.errors?.length) || Boolean(tribute.kind.errors?.length);
  const emailNoteId = `${tribute.email.id}-description`;
  return (
    <fieldset>
      <legend className="font-medium text-slate-900">Give in someone&apos;s name (optional)</legend>
      {/* Set small and close enough to sit in one row in an appeal page's column (276 px at 1024); a phone wraps
          them. */}
      <div className="mt-2 flex flex-wrap gap-x-2.5 gap-y-2 text-sm">
        {TRIBUTE_OPTIONS.map((option) => (
          <label
            key={option.value || "none"}
            htmlFor={`${tribute.kind.id}-${option.value || "none"}`}
            className="flex items-center gap-1 whitespace-nowrap"
          >
            <input
              type="radio"
              id={`${tribute.kind.id}-${option.value || "none"}`}
              name={tribute.kind.name}
              form={tribute.kind.formId}
              value={option.value}
              key={`${tribute.kind.key ?? ""}-${option.value}`}
              defaultChecked={String(tribute.kind.initialValue ?? "") === option.value}
              aria-describedby={tribute.kind.errors?.length ? tribute.kind.errorId : undefined}
              className="accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={tribute.kind.errorId} errors={tribute.kind.errors} />
      {showPerson ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={tribute.name.id} className="field-label">
              The person&apos;s name
            </label>
            <input
              {...getInputProps(tribute.name, { type: "text" })}
              key={tribute.name.key}
              maxLength={200}
              autoComplete="off"
              className="field-input"
            />
            <FieldError id={tribute.name.errorId} errors={tribute.name.errors} />
          </div>
          <div>
            <label htmlFor={tribute.email.id} className="field-label">
              Email to tell them or their family (optional)
            </label>
            <input
              {...getInputProps(tribute.email, { type: "email" })}
              key={tribute.email.key}
              autoComplete="off"
              aria-describedby={[emailNoteId, tribute.email.errors?.length ? tribute.email.errorId : ""]
                .filter(Boolean)
                .join(" ")}
              className="field-input"
            />
            <p id={emailNoteId} className="mt-1 text-sm text-slate-600">
              We send a short note naming you (unless you give anonymously); they are never told the amount.
            </p>
            <FieldError id={tribute.email.errorId} errors={tribute.email.errors} />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
