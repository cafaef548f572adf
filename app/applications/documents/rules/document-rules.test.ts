import { describe, expect, it } from "vitest";
import { addDays, documentReminderMail, lapsesToday, reminderHorizon } from "./document-rules";

describe("the lapse rule", () => {
  it("needs the due date passed and the reminder two days old", () => {
    expect(lapsesToday({ due_on: "2027-03-10", reminded_on: "2027-03-08" }, "2027-03-10")).toBe(false);
    expect(lapsesToday({ due_on: "2027-03-10", reminded_on: "2027-03-08" }, "2027-03-11")).toBe(true);
    expect(lapsesToday({ due_on: "2027-03-10", reminded_on: null }, "2027-03-20")).toBe(false);
    // A reminder sent late (the server was down) still gives two days.
    expect(lapsesToday({ due_on: "2027-03-10", reminded_on: "2027-03-12" }, "2027-03-13")).toBe(false);
    expect(lapsesToday({ due_on: "2027-03-10", reminded_on: "2027-03-12" }, "2027-03-14")).toBe(true);
    expect(addDays("2027-02-27", 2)).toBe("2027-03-01");
  });
});

describe("the reminder", () => {
  it("goes for due dates up to two days ahead, with a subject that names nothing of the family", () => {
    expect(reminderHorizon("2027-12-30")).toBe("2028-01-01");
    const mail = documentReminderMail({
      ref: "ZA-23456789",
      dueOn: "2027-03-10",
      what: ["A bank statement"],
      pageUrl: "https://example.org/my-application",
    });
    expect(mail.subject).toBe("A reminder about your application");
    expect(mail.paragraphs.join(" ")).toContain("by March 10, 2027");
  });
});
