import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin.server";

const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/settings/x", { method: "PUT", headers });

describe("isSameOriginRequest", () => {
  it("accepts this site's own pages and non-browser clients", () => {
    expect(isSameOriginRequest(request({ Origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOriginRequest(request({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(request({}))).toBe(true);
  });

  it("refuses other sites, by Origin or by Sec-Fetch-Site", () => {
    expect(isSameOriginRequest(request({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(request({ Origin: "http://localhost:3001" }))).toBe(false);
    expect(isSameOriginRequest(request({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(request({ "Sec-Fetch-Site": "same-site" }))).toBe(false);
  });
});
