// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import { PausePanel } from "./recurring-change-forms";

/**
 * The pause choices as a screen reader announces them: each named by its number of charges
 * alone, with the day the gift resumes as its description (not part of its name).
 */
afterEach(cleanup);

function showPauseForm() {
  const gift = {
    id: 7,
    amountCents: 5000,
    interval: "month" as const,
    nextPaymentDate: "2026-12-15T00:00:00.000Z",
    paymentDay: 15,
  };
  const Panel = () => (
    <PausePanel gift={gift} title="Pause your gift of $50.00 every month" cancelTo="/my-giving" timeZone="UTC" />
  );
  const Stub = createRoutesStub([{ path: "/my-giving", Component: Panel }]);
  render(<Stub initialEntries={["/my-giving"]} />);
}

it("names each pause choice by its charges and describes when the gift resumes", async () => {
  showPauseForm();
  const one = await screen.findByRole("radio", { name: "1 charge" });
  expect(one).toHaveProperty("checked", true);
  expect(screen.getByRole("radio", { name: "1 charge", description: "Resumes with the charge on Jan 15, 2027" })).toBe(
    one,
  );
  expect(
    screen.getByRole("radio", { name: "2 charges", description: "Resumes with the charge on Feb 15, 2027" }),
  ).toBeTruthy();
  expect(
    screen.getByRole("radio", { name: "3 charges", description: "Resumes with the charge on Mar 15, 2027" }),
  ).toBeTruthy();
});
