import { describe, expect, it } from "vitest";
import { templatePlaceholdersIn } from "./policy-template";

const TEMPLATE = `THIS IS A TEMPLATE. The foundation has not written its Zakat policy yet.

Administration share: [say whether a share is taken for collecting and administering Zakat, and how much].

Who reviews it: [name the scholar or board who reviews this policy and the distributions].`;

describe("templatePlaceholdersIn", () => {
  it("names every part of the template still to write", () => {
    expect(templatePlaceholdersIn(TEMPLATE)).toEqual([
      'The note "THIS IS A TEMPLATE" at the top',
      "Administration share",
      "Who reviews it",
    ]);
  });

  it("still finds a placeholder after a line is added, its lines rewrapped or its end cut", () => {
    const edited = `Our trustees distribute Zakat.\r\n\r\nAdministration share: [say whether a share\r\n  is taken 10%]\n\nWho reviews it: our imam.`;
    expect(templatePlaceholdersIn(edited)).toEqual(["Administration share"]);
  });

  it("finds none in a policy the foundation wrote, brackets and all", () => {
    expect(
      templatePlaceholdersIn(
        "We take no share [of Zakat] for administering it. Our Shari'ah board reviews this policy (9:60).",
      ),
    ).toEqual([]);
  });
});
