// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

type Props = Parameters<typeof Pagination>[0];

function showPagination(props: Omit<Props, "pageSize" | "label">, at: string) {
  const Stub = createRoutesStub([
    { path: "/admin/contacts", Component: () => <Pagination pageSize={25} label="Contacts" {...props} /> },
  ]);
  render(<Stub initialEntries={[at]} />);
}

afterEach(cleanup);

describe("the pages of a staff list", () => {
  it("reads 1,000+ for a broad search and pages on while pages are full", async () => {
    showPagination({ page: 2, total: 1000, capped: true, rowsOnPage: 25 }, "/admin/contacts?search=khan&page=2");
    expect((await screen.findByRole("navigation", { name: "Contacts pages" })).textContent).toContain(
      "Showing 26–50 of 1,000+",
    );
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/admin/contacts?search=khan&page=3");
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/admin/contacts?search=khan");
  });

  it("deeper than the count went, says more than 1,000", async () => {
    showPagination({ page: 99, total: 1000, capped: true, rowsOnPage: 25 }, "/admin/contacts?search=khan&page=99");
    expect((await screen.findByRole("navigation", { name: "Contacts pages" })).textContent).toContain(
      "Showing 2,451–2,475 of more than 1,000",
    );
  });

  it("past the end of a broad search, says so and leads back", async () => {
    showPagination({ page: 45, total: 1000, capped: true, rowsOnPage: 0 }, "/admin/contacts?search=khan&page=45");
    expect((await screen.findByRole("navigation", { name: "Contacts pages" })).textContent).toContain(
      "No more matches past 1,000+",
    );
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe(
      "/admin/contacts?search=khan&page=44",
    );
    expect(screen.queryByRole("link", { name: "Next" })).toBeNull();
  });

  it("shows nothing for an exact list with no rows", () => {
    showPagination({ page: 1, total: 0, rowsOnPage: 0 }, "/admin/contacts");
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
