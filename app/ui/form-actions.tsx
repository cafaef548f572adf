import { Link, useNavigation } from "react-router";

/**
 * The foot of an admin content form: the form-level error (if any), Save, and Cancel
 * back to the list. Save says "Saving..." and is disabled while this form posts.
 */
export function FormActions({
  saveLabel,
  cancelTo,
  formErrors,
}: {
  saveLabel: string;
  cancelTo: string;
  formErrors?: string[];
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <>
      {formErrors?.length ? (
        <p role="alert" className="field-error">
          {formErrors[0]}
        </p>
      ) : null}
      <div className="flex gap-3 pt-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : saveLabel}
        </button>
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </>
  );
}
