import { describe, expect, it } from "vitest";
import { changeRequestAddress, obligationOf, obligationQuery, readObligationQuery } from "./quick-pay";

describe("quick pay's addresses", () => {
  const read = (query: string) => readObligationQuery(new URLSearchParams(query));

  it("read what was asked, and only that: never an amount", () => {
    expect(read("obligation=fitr&people=5&amount=1&checkout=canceled")).toEqual({ obligation: "fitr", people: 5 });
    expect(read("obligation=fidya&days=30")).toEqual({ obligation: "fidya", days: 30 });
    expect(read("obligation=kaffarah&reason=oath&count=2")).toEqual({
      obligation: "kaffarah",
      reason: "oath",
      count: 2,
    });
  });

  it("read nothing from an address that asks for nothing, or not in full", () => {
    expect(read("amount=50&purpose=Zakat")).toBeNull();
    expect(read("obligation=fitr")).toBeNull();
    expect(read("obligation=fitr&people=0")).toBeNull();
    expect(read("obligation=fidya&days=2.5")).toBeNull();
    expect(read("obligation=kaffarah&count=2")).toBeNull();
    expect(read("obligation=zakat&people=5")).toBeNull();
  });

  it("write the request back as it was read", () => {
    for (const query of [
      "obligation=fitr&people=5",
      "obligation=fidya&days=30",
      "obligation=kaffarah&reason=fast&count=3",
    ]) {
      expect(obligationQuery(read(query)!)).toBe(query);
    }
  });

  it("lead back from the donate page to the request's own form, to be changed there", () => {
    expect(changeRequestAddress({ obligation: "fitr", people: 5 })).toBe(
      "/obligations?obligation=fitr&people=5&change=1#fitr-title",
    );
    expect(changeRequestAddress({ obligation: "kaffarah", reason: "oath", count: 2 })).toBe(
      "/obligations?obligation=kaffarah&reason=oath&count=2&change=1#kaffarah-title",
    );
  });

  it("hand the request to the sums", () => {
    expect(obligationOf({ obligation: "fitr", people: 5 })).toEqual({ kind: "fitr", people: 5 });
    expect(obligationOf({ obligation: "kaffarah", reason: "fast", count: 2 })).toEqual({
      kind: "kaffarah",
      reason: "fast",
      count: 2,
    });
  });
});
