/** What a password box needs of a conform field: its id, name and errors. */
interface PasswordFieldMeta {
  id: string;
  name: string;
  errors?: string[];
}

/**
 * A password box with its label, an optional hint and its first error, both tied to it by
 * aria-describedby. Never given a value: a refused form comes back with its passwords empty.
 */
export function PasswordField({
  field,
  label,
  hint,
  autoComplete = "new-password",
}: {
  field: PasswordFieldMeta;
  label: string;
  hint?: string;
  autoComplete?: "new-password" | "current-password";
}) {
  const { id, name, errors } = field;
  const described = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="password"
        required
        autoComplete={autoComplete}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described || undefined}
        className="field-input"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** Choosing a new password: typed twice, so a slip of the finger is caught before it locks someone out. */
export function NewPasswordPair({
  password,
  confirm,
  label,
  hint,
}: {
  password: PasswordFieldMeta;
  confirm: PasswordFieldMeta;
  /** "Password" when there is none yet, "New password" when it replaces one. */
  label: string;
  hint: string;
}) {
  return (
    <>
      <PasswordField field={password} label={label} hint={hint} />
      <PasswordField field={confirm} label={`${label} again`} />
    </>
  );
}
