// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CaseDocuments } from "./case-documents";

afterEach(cleanup);

describe("a case's documents for staff", () => {
  it("lists each request with its state and the files sent, each a download of its own", () => {
    render(
      <CaseDocuments
        caseRef="ZA-23456789"
        timeZone="UTC"
        requests={[
          {
            id: 1,
            what: "A bank statement",
            why: "Income",
            due_on: "2027-03-10",
            reminded_at: null,
            fulfilled_at: "2027-03-02T10:00:00Z",
          },
          {
            id: 2,
            what: "A tenancy agreement",
            why: "",
            due_on: "2027-03-10",
            reminded_at: "2027-03-08T09:00:00Z",
            fulfilled_at: null,
          },
        ]}
        documents={[
          { id: 7, request_id: 1, name: "statement.pdf", size_bytes: 2_500_000, uploaded_at: "2027-03-02T10:00:00Z" },
        ]}
      />,
    );
    expect(screen.getByRole("link", { name: "statement.pdf" }).getAttribute("href")).toBe(
      "/admin/applications/ZA-23456789/documents/7",
    );
    expect(screen.getByText("(2.4 MB, Mar 2, 2027)", { exact: false })).toBeTruthy();
    expect(screen.getByText("Due March 10, 2027 · reminded")).toBeTruthy();
  });
});
