import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { CheckboxField } from "~/ui/checkbox-field";
import { FormActions } from "~/ui/form-actions";
import { PhotoField } from "~/content/media/index.ui";
import { FieldError } from "~/ui/field-error";
import { InputField, TextareaField } from "~/ui/form-fields";
import {
  APPEAL_STATUS_LABELS,
  APPEAL_STATUSES,
  appealSchema,
  MAX_PRESET_AMOUNTS,
  slugFromTitle,
  type AppealInput,
} from "../rules/appeal-schemas";
import { type Appeal } from "../rules/records";
import { UPLOAD_FOLDERS } from "~/content/media";

const SCREEN = "/admin/appeals";
type AppealFields = Record<keyof AppealInput, string>;

const optional = <span className="font-normal text-slate-500">(optional)</span>;

/**
 * The appeal form, new or edit, with and without JavaScript. What can no longer change is
 * shown with the reason: the address once the appeal has gone live (it may have been
 * shared), the fund once it has gifts (they are counted there), and "Draft" once it has
 * been live (its page has been public).
 */
export function AppealForm({
  appeal,
  lastResult,
  funds,
  today,
}: {
  appeal: Appeal | null;
  lastResult?: SubmissionResult<string[]>;
  funds: readonly { id: number; name: string }[];
  today: string;
}) {
  const [form, fields] = useForm<AppealFields, AppealInput>({
    id: "appeal-form",
    lastResult,
    defaultValue: appeal ? storedValues(appeal) : { story_format: "plain", status: "draft", starts_on: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const slugRef = useRef<HTMLInputElement>(null);
  // A new appeal's address follows its title until staff type one of their own.
  const slugTyped = useRef(Boolean(appeal) || Boolean(fields.slug.initialValue));
  const followTitle = (event: FormEvent<HTMLInputElement>) => {
    if (slugTyped.current || !slugRef.current) return;
    const title = event.currentTarget.value.trim();
    slugRef.current.value = title ? slugFromTitle(title) : "";
  };
  const fileError = lastResult?.error?.image_file ?? undefined;
  const wentLive = Boolean(appeal?.went_live_at);
  const fundFixed = Boolean(appeal?.fund_locked);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      {appeal ? <input type="hidden" name="id" value={appeal.id} /> : null}
      <InputField field={fields.title} label="Title" type="text" required maxLength={200} onInput={followTitle} />
      <Hinted
        field={fields.slug}
        label={<>Address {optional}</>}
        hint={
          wentLive
            ? "The address cannot change: the appeal has gone live, and its link may have been shared."
            : "The appeal's page is /appeals/ followed by this address: lower-case letters, digits and hyphens. Left empty, it is made from the title. An address once used is never given to another appeal."
        }
      >
        {(describedBy) => (
          <div className="flex items-center gap-1">
            <span className="text-sm text-slate-600" aria-hidden="true">
              /appeals/
            </span>
            <input
              {...getInputProps(fields.slug, { type: "text", ariaDescribedBy: describedBy })}
              key={fields.slug.key}
              ref={slugRef}
              readOnly={wentLive}
              maxLength={80}
              placeholder={wentLive ? undefined : "made from the title"}
              onInput={(event) => {
                slugTyped.current = event.currentTarget.value !== "";
              }}
              className={`field-input ${wentLive ? "bg-slate-100 text-slate-700" : ""}`}
            />
          </div>
        )}
      </Hinted>
      <TextareaField
        field={fields.summary}
        label="Summary"
        rows={2}
        required
        maxLength={500}
        hint="One or two sentences, shown on the list of appeals and when the page is shared."
      />
      <TextareaField field={fields.story} label="Story" rows={10} required />
      <StoryFormatChoice field={fields.story_format} />
      <PhotoField
        field={fields.image_filename}
        saved={appeal?.image_filename ?? ""}
        folder={UPLOAD_FOLDERS.appeals}
        fileError={fileError ?? undefined}
      />
      <InputField
        field={fields.video_url}
        label={<>Video URL {optional}</>}
        type="text"
        placeholder="https://www.youtube.com/watch?v=…"
      />
      <FundChoice field={fields.fund_id} funds={funds} appeal={appeal} fixed={fundFixed} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.goal}
          label={<>Goal (USD) {optional}</>}
          type="text"
          inputMode="decimal"
          placeholder="20000"
        />
        <Hinted
          field={fields.preset_amounts}
          label={<>Preset amounts (USD) {optional}</>}
          hint={`Up to ${MAX_PRESET_AMOUNTS} whole dollars, separated by commas. Empty: the donate form's own amounts.`}
        >
          {(describedBy) => (
            <input
              {...getInputProps(fields.preset_amounts, { type: "text", ariaDescribedBy: describedBy })}
              key={fields.preset_amounts.key}
              placeholder="50, 100, 250"
              className="field-input"
            />
          )}
        </Hinted>
        <InputField field={fields.starts_on} label="Start date" type="date" required />
        <InputField field={fields.ends_on} label={<>End date {optional}</>} type="date" />
      </div>
      <StatusChoice field={fields.status} wentLive={wentLive} />
      <CheckboxField
        field={fields.is_featured}
        label="Featured"
        hint="Listed first on the Appeals page, and shown on the home page while it is open"
      />
      <FormActions saveLabel="Save appeal" cancelTo={SCREEN} formErrors={form.errors} />
    </Form>
  );
}

function storedValues(appeal: Appeal): Partial<AppealFields> {
  return {
    title: appeal.title,
    slug: appeal.slug,
    summary: appeal.summary,
    story: appeal.story,
    story_format: appeal.story_format,
    image_filename: appeal.image_filename,
    video_url: appeal.video_url,
    fund_id: String(appeal.fund_id),
    goal: appeal.goal === null ? "" : String(appeal.goal),
    preset_amounts: appeal.preset_amounts.join(", "),
    starts_on: appeal.starts_on,
    ends_on: appeal.ends_on ?? "",
    status: appeal.status,
    is_featured: appeal.is_featured ? "on" : "",
  };
}

/** A field with a line of help under it, which its input names in aria-describedby. */
function Hinted({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  hint: string;
  children: (describedBy: string) => ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {children(hintId)}
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Radio buttons named by their own words, in a fieldset named by the question. */
function RadioChoice({
  field,
  legend,
  options,
  describedBy,
}: {
  field: FieldMetadata<string>;
  legend: string;
  options: readonly { value: string; label: string }[];
  describedBy?: string;
}) {
  const chosen = typeof field.initialValue === "string" ? field.initialValue : undefined;
  const described =
    [describedBy, field.errors?.length ? field.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset key={field.key} aria-describedby={described}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} htmlFor={`${field.id}-${option.value}`} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${field.id}-${option.value}`}
              name={field.name}
              form={field.formId}
              value={option.value}
              defaultChecked={chosen === option.value}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="text-slate-800">{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function StoryFormatChoice({ field }: { field: FieldMetadata<string> }) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <RadioChoice
        field={field}
        legend="The story is written as"
        options={[
          { value: "plain", label: "Plain paragraphs" },
          { value: "markdown", label: "Markdown" },
        ]}
        describedBy={hintId}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Plain paragraphs are separated by a blank line. Markdown may also use headings (# and ##), lists (- or 1.),
        quotes (&gt;), **bold**, *italic* and [links](https://…); anything else is shown as the text it is.
      </p>
    </div>
  );
}

function StatusChoice({ field, wentLive }: { field: FieldMetadata<string>; wentLive: boolean }) {
  const hintId = `${field.id}-hint`;
  const statuses = APPEAL_STATUSES.filter((status) => !(wentLive && status === "draft"));
  return (
    <div>
      <RadioChoice
        field={field}
        legend="Status"
        options={statuses.map((status) => ({ value: status, label: APPEAL_STATUS_LABELS[status] }))}
        describedBy={hintId}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {wentLive
          ? "This appeal has gone live, so it can be closed or opened again, but not made a draft: its page has been public."
          : "A draft is seen by staff only. Live opens the page on its start date; closed keeps it, with its gifts, in the archive."}
      </p>
    </div>
  );
}

function FundChoice({
  field,
  funds,
  appeal,
  fixed,
}: {
  field: FieldMetadata<string>;
  funds: readonly { id: number; name: string }[];
  appeal: Appeal | null;
  fixed: boolean;
}) {
  const hintId = `${field.id}-hint`;
  // Its fund stays offered even if it has been archived since, so the form still saves.
  const current =
    appeal && !funds.some((fund) => fund.id === appeal.fund_id) ? [{ id: appeal.fund_id, name: appeal.fund.name }] : [];
  const offered = fixed && appeal ? [{ id: appeal.fund_id, name: appeal.fund.name }] : [...current, ...funds];
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Fund
      </label>
      <select {...getSelectProps(field, { ariaDescribedBy: hintId })} key={field.key} required className="field-input">
        {fixed ? null : <option value="">Choose the fund this appeal raises for</option>}
        {offered.map((fund) => (
          <option key={fund.id} value={fund.id}>
            {fund.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {fixed
          ? "The fund cannot change: the appeal has gifts, and they are counted in this fund."
          : "Every gift to the appeal is counted in this fund. Zakat al-Fitr, Fidya and Kaffarah are paid through quick pay, so they are not offered."}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
