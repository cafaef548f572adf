import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CheckboxField } from "~/ui/checkbox-field";
import { staffSettingsSchema } from "../rules/settings";

/**
 * The Staff section of Settings (owners): whether every member of staff must sign in with two
 * factors. One plain POST (intent "staff"); an unticked box sends nothing, which means off.
 */
export function StaffSettingsForm({
  requireTwoFactor,
  lastResult,
}: {
  requireTwoFactor: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "staff";
  const [form, fields] = useForm({
    id: "staff-settings",
    lastResult,
    defaultValue: { require_two_factor: requireTwoFactor ? "on" : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffSettingsSchema }),
  });
  return (
    <section aria-labelledby="staff-settings-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="staff-settings-title" className="text-lg font-semibold text-slate-900">
        Staff
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="staff" />
        <CheckboxField
          field={fields.require_two_factor}
          label="Require two-factor for all staff"
          hint="Anyone without two-factor sign-in is led to set it up on their Security page before any other admin page or API call works."
        />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save staff settings"}
        </button>
      </Form>
    </section>
  );
}
