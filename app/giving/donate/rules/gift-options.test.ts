import { describe, expect, it } from "vitest";
import { impactPreview, initialDonation } from "./gift-options";

describe("impactPreview", () => {
  it.each([
    [0, { meals: 0, families: 0, children: 0 }],
    [4.99, { meals: 0, families: 0, children: 0 }],
    [25, { meals: 5, families: 0, children: 0 }],
    [50, { meals: 10, families: 0, children: 1 }],
    [99.99, { meals: 19, families: 0, children: 1 }],
    [250, { meals: 50, families: 2, children: 5 }],
    [1000, { meals: 200, families: 10, children: 20 }],
    [Number.NaN, { meals: 0, families: 0, children: 0 }],
    [-50, { meals: 0, families: 0, children: 0 }],
  ])("$%d", (amount, impact) => expect(impactPreview(amount)).toEqual(impact));
});

describe("initialDonation", () => {
  const from = (query: string) => initialDonation(new URLSearchParams(query));

  it("starts empty, as a general one-time gift", () => {
    expect(from("")).toEqual({ amount: "", purpose: "General Donation", frequency: "One-Time" });
  });

  it("takes the calculator's zakat_amount and sets the purpose to Zakat", () => {
    expect(from("zakat_amount=412.5")).toEqual({ amount: "412.5", purpose: "Zakat", frequency: "One-Time" });
    expect(from("zakat_amount=12.345&purpose=Education")).toMatchObject({ amount: "12.35", purpose: "Zakat" });
    expect(from("zakat_amount=abc")).toEqual({ amount: "", purpose: "Zakat", frequency: "One-Time" });
  });

  it("keeps a canceled checkout's amount, purpose and frequency, ignoring anything unknown", () => {
    expect(from("amount=50&purpose=Orphan%20Care&frequency=Monthly")).toEqual({
      amount: "50",
      purpose: "Orphan Care",
      frequency: "Monthly",
    });
    expect(from("amount=-5&purpose=Rockets&frequency=Weekly")).toEqual({
      amount: "",
      purpose: "General Donation",
      frequency: "One-Time",
    });
  });

  it("takes a purpose only when the form offers it today, in the form's own spelling", () => {
    const offered = ["General Donation", "Zakat", "Winter Appeal"];
    expect(initialDonation(new URLSearchParams("purpose=winter%20appeal"), offered).purpose).toBe("Winter Appeal");
    expect(initialDonation(new URLSearchParams("purpose=Orphan%20Care"), offered).purpose).toBe("General Donation");
  });
});
