import { describe, expect, it } from "vitest";
import { ramadanNightFailedMail, ramadanStartedMail, type RamadanMailSchedule } from "./ramadan-mails";

const SCHEDULE: RamadanMailSchedule = {
  donorName: "Maryam Idris",
  plan: "last-ten",
  perNightCents: 1000,
  doubleOddNights: true,
  isTest: false,
  myGivingUrl: "https://example.org/my-giving",
};

describe("the mails of Ramadan's nights", () => {
  it("names the first night as the donate form does, and the charge hour with the foundation's time zone", () => {
    const mail = ramadanStartedMail(SCHEDULE, { number: 21, evening: "2027-02-27" }, 20, "Europe/London");
    expect(mail.paragraphs[0]).toBe(
      "Your card is saved, and your gift will be given on the last ten nights, $10 a night, doubled on the odd nights of the last ten. " +
        "Each night's gift is charged on its evening, from 8 pm (Europe/London time), and each has its own receipt. " +
        "The first is the 21st night, beginning on the evening of Saturday 27 February 2027.",
    );
    expect(mail.paragraphs[0]).not.toContain("20 Ramadan");
  });

  it("names a declined night the same way", () => {
    const mail = ramadanNightFailedMail(
      SCHEDULE,
      { number: 23, evening: "2027-03-01", amountCents: 2000 },
      "Your card was declined.",
      "not-again",
    );
    expect(mail.subject).toBe("Your gift for the 23rd night of Ramadan did not go through");
    expect(mail.paragraphs[0]).toBe(
      'The charge of $20 for the 23rd night, beginning on the evening of Monday 1 March 2027, did not go through: "Your card was declined."',
    );
  });
});
