import { describe, expect, it } from "vitest";
import { referenceFrom } from "~/applications/records";
import { assessmentSchema, documentRequestSchema } from "./case-forms";
import { queueQuery, readQueueFilter } from "./queue-filter";

describe("the queue's filter", () => {
  it("opens on the open states and reads each filter", () => {
    expect(readQueueFilter(new URLSearchParams())).toEqual({ filter: { state: "open" } });
    expect(readQueueFilter(new URLSearchParams("state=paid&category=gharimin&caseworker=12")).filter).toEqual({
      state: "paid",
      category: "gharimin",
      caseworker: 12,
    });
    expect(readQueueFilter(new URLSearchParams(), "all").filter.state).toBe("all");
  });

  it("finds a reference however it is typed, in any state", () => {
    const ref = referenceFrom(new Uint8Array([3, 1, 4, 1, 5, 9, 2, 6]));
    const { filter } = readQueueFilter(new URLSearchParams({ search: ref.toLowerCase().replace("-", " ") }));
    expect(filter).toEqual({ state: "all", ref });
    expect(queueQuery(filter).toString()).toBe(`state=all&search=${ref}`);
  });

  it("names each parameter it cannot read", () => {
    const { problem } = readQueueFilter(new URLSearchParams("state=lost&category=x&caseworker=me&search=ZA-0"));
    expect(problem?.split("; ").map((message) => message.split(" ")[0])).toEqual([
      "state",
      "category",
      "caseworker",
      "search",
    ]);
  });
});

describe("the case worker's forms", () => {
  it("pass over a request's empty rows and refuse a request of none", () => {
    const parsed = documentRequestSchema.parse({
      documents: [{ what: "Payslip", why: "Income" }, {}, { what: "", why: "" }],
    });
    expect(parsed.documents).toEqual([{ what: "Payslip", why: "Income" }]);
    expect(documentRequestSchema.safeParse({ documents: [{}, {}] }).success).toBe(false);
  });

  it("need the months of a monthly recommendation, and count one payment as one", () => {
    const base = { category: "fuqara", reason: "Low income" };
    expect(assessmentSchema.safeParse({ ...base, recommended: { plan: "monthly", amount: 100 } }).success).toBe(false);
    expect(assessmentSchema.parse({ ...base, recommended: { plan: "once", amount: "250.50" } }).recommended).toEqual({
      plan: "once",
      amount: 250.5,
      months: 1,
    });
    expect(assessmentSchema.safeParse({ ...base, recommended: { plan: "once", amount: 0.001 } }).success).toBe(false);
  });
});
