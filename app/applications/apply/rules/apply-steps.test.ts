import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { APPLICATION_STEPS, applicationSchema, householdStep, moneyStep, applicantStep } from "~/applications/records";
import {
  EMPTY_DRAFT,
  firstStepToDo,
  mayOpenStep,
  nextStep,
  previousStep,
  typedValuesOf,
  withStep,
} from "./apply-steps";

const applicant = {
  name: "Amina Yusuf",
  email: "amina@example.org",
  phone: "+1 555 010 2030",
  address: "12 Olive Street, Springfield",
  date_of_birth: "1985-04-02",
};

describe("the application's steps", () => {
  it("walks the five steps in order", () => {
    expect(APPLICATION_STEPS.map((step) => step.key)).toEqual([
      "applicant",
      "household",
      "money",
      "help",
      "declarations",
    ]);
    expect(nextStep("applicant")).toBe("household");
    expect(nextStep("declarations")).toBeNull();
    expect(previousStep("applicant")).toBeNull();
    expect(previousStep("money")).toBe("household");
  });

  it("opens a step only when every step before it is done, and leads to the first not done", () => {
    expect(mayOpenStep("applicant", EMPTY_DRAFT)).toBe(true);
    expect(mayOpenStep("household", EMPTY_DRAFT)).toBe(false);
    const one = withStep(EMPTY_DRAFT, "applicant", applicant, true);
    expect(mayOpenStep("household", one)).toBe(true);
    expect(mayOpenStep("money", one)).toBe(false);
    expect(firstStepToDo(one)).toBe("household");
    const all = ["applicant", "household", "money", "help"].reduce(
      (draft, key) => withStep(draft, key as never, {}, true),
      EMPTY_DRAFT,
    );
    expect(firstStepToDo(all)).toBe("declarations");
  });

  it("keeps a step's typed text in place of what it held, and unmarks a step that no longer passes", () => {
    const one = withStep(EMPTY_DRAFT, "applicant", applicant, true);
    const again = withStep(one, "applicant", { ...applicant, email: "not-an-email" }, false);
    expect(again.values.email).toBe("not-an-email");
    expect(again.done).toEqual([]);
  });

  it("takes from a posted form only the step's own fields, and never the declarations", () => {
    const form: [string, string][] = [
      ["adults", "2"],
      ["children_ages", "4, 7"],
      ["website", "spam"],
      ["name", "Someone else"],
    ];
    expect(typedValuesOf("household", form)).toEqual({ adults: "2", children_ages: "4, 7" });
    expect(typedValuesOf("declarations", [["declare_true", "on"]])).toEqual({});
  });
});

describe("the steps' schemas", () => {
  it("accepts an applicant and names the fields it refuses", () => {
    expect(applicantStep.safeParse(applicant).success).toBe(true);
    const refused = applicantStep.safeParse({
      ...applicant,
      email: "amina@",
      phone: "12",
      date_of_birth: "2020-01-01",
    });
    expect(refused.error!.issues.map((issue) => issue.path[0])).toEqual(["email", "phone", "date_of_birth"]);
  });

  it("reads the household's children's ages from one field", () => {
    expect(householdStep.parse({ adults: "2", children_ages: "4, 7 12" })).toEqual({
      adults: 2,
      children_ages: [4, 7, 12],
    });
    expect(
      householdStep.safeParse({ adults: "0", children_ages: "19" }).error!.issues.map((issue) => issue.path[0]),
    ).toEqual(["adults", "children_ages"]);
  });

  it("reads an empty children's ages field as no children, as the form posts it", () => {
    const form = new FormData();
    form.set("adults", "1");
    form.set("children_ages", "");
    const submission = parseWithZod(form, { schema: householdStep });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ adults: 1, children_ages: [] });
    form.set("children_ages", Array.from({ length: 21 }, () => "3").join(","));
    expect(parseWithZod(form, { schema: householdStep }).reply().error).toEqual({
      children_ages: ["Please list at most 20 children"],
    });
  });

  it("reads empty money fields as $0 and refuses negative amounts", () => {
    expect(moneyStep.parse({}).income_work).toBe(0);
    expect(moneyStep.safeParse({ cost_housing: "-5" }).error!.issues[0]!.path).toEqual(["cost_housing"]);
  });

  it("checks the whole application again on sending, declarations included", () => {
    const whole = {
      ...applicant,
      adults: "1",
      children_ages: "",
      purpose: "rent",
      purpose_details: "Two months of rent arrears",
      requested: "900",
      declare_true: "on",
    };
    const refused = applicationSchema.safeParse(whole);
    expect(refused.error!.issues.map((issue) => issue.path[0])).toEqual(["consent_privacy"]);
    expect(applicationSchema.safeParse({ ...whole, consent_privacy: "on" }).success).toBe(true);
  });
});
