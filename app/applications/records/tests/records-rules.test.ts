import { describe, expect, it } from "vitest";
import { applicationSchema, householdSize } from "../rules/application-form";
import { normaliseEmail, normaliseName, normalisePhone } from "../rules/normalise";
import { readReference, referenceFrom } from "../rules/references";
import { monthlyShortfallCents } from "../rules/shortfall";
import { actionAllowed } from "../rules/states";

describe("an application's reference", () => {
  it("reads back what it wrote, however it is typed", () => {
    const ref = referenceFrom(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(ref).toMatch(/^ZA-[2-9A-Z]{8}$/);
    expect(readReference(ref)).toBe(ref);
    expect(readReference(ref.toLowerCase().replace("-", " "))).toBe(ref);
  });

  it("catches a mistyped character by its check character", () => {
    const ref = referenceFrom(new Uint8Array([9, 9, 9, 9, 9, 9, 9, 9]));
    const last = ref.at(-2) === "2" ? "3" : "2";
    expect(readReference(`${ref.slice(0, -2)}${last}${ref.at(-1)}`)).toBeNull();
    expect(readReference("ZA-0000")).toBeNull();
  });
});

describe("the duplicate warnings' normal forms", () => {
  it("meet the same person typed twice", () => {
    expect(normaliseEmail(" Amina@Example.ORG ")).toBe("amina@example.org");
    expect(normalisePhone("+44 7700 900123")).toBe(normalisePhone("07700 900123"));
    expect(normaliseName("YUSUF, Amina")).toBe(normaliseName("amina  Yúsuf"));
  });
});

describe("the application's schema", () => {
  const typed = {
    name: "Amina Yusuf",
    email: "amina@example.org",
    phone: "07700 900123",
    address: "1 High Street",
    date_of_birth: "1985-04-02",
    adults: "2",
    children_ages: "4, 7",
    income_work: "1,200",
    cost_housing: "950",
    cost_food: "500.50",
    purpose: "rent",
    purpose_details: "Two months of rent arrears",
    requested: "1900",
    declare_true: "on",
    consent_privacy: "on",
  };

  it("reads a form as typed, empty amounts as $0", () => {
    const input = applicationSchema.parse(typed);
    expect(input.children_ages).toEqual([4, 7]);
    expect(householdSize(input)).toBe(4);
    expect(input.income_benefits).toBe(0);
    expect(monthlyShortfallCents(input)).toBe(25_050);
  });

  it("names each field it refuses", () => {
    const result = applicationSchema.safeParse({
      ...typed,
      children_ages: "4, twenty",
      declare_true: "",
      cost_food: "-3",
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["children_ages", "declare_true", "cost_food"]));
  });
});

describe("the case's path", () => {
  it("allows an action only from its states", () => {
    expect(actionAllowed("assess", "under_assessment")).toBe(true);
    expect(actionAllowed("approve", "under_assessment")).toBe(false);
    expect(actionAllowed("pay", "approved")).toBe(true);
  });
});
