// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "../server/contacts.server";
import Contacts, { type loader } from "./admin-contacts";

/**
 * The contacts screen's bulk selection, as staff see it in the browser: which rows are
 * ticked, what "Select all" shows, and what Delete selected would delete. The selection
 * lives in the route component itself, so the screen is rendered with a stub loader that
 * serves two pages of messages (no database).
 */
type ContactsData = Awaited<ReturnType<typeof loader>>;

const message = (id: number, name: string): ContactSubmission => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.org`,
  message: `A question from ${name}.`,
  submitted_at: `2026-03-0${id}T10:00:00.000Z`,
  resolved: false,
});
const PAGES: Record<number, ContactSubmission[]> = {
  1: [message(1, "Amina"), message(2, "Bilal"), message(3, "Chidi")],
  2: [message(4, "Dina"), message(5, "Emre")],
};
const PAGE_SIZE = 25;

function stubLoader({ request }: { request: Request }): ContactsData {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? 1);
  const ticked = url.searchParams
    .getAll("select")
    .map(Number)
    .filter((id) => id > 0);
  return {
    contacts: PAGES[page] ?? [],
    // Enough rows for a second page: page 1 shows Next, page 2 Previous.
    total: PAGE_SIZE + PAGES[2]!.length,
    capped: false,
    page,
    filter: {},
    filterProblem: null,
    counts: { total: 5, pending: 5, resolved: 0 },
    deleting: null,
    bulkSelection: url.searchParams.has("select") ? ticked : null,
    resolvedNotice: false,
    deletedCount: null,
    missing: false,
    timeZone: "UTC",
  };
}

function openContacts() {
  const Stub = createRoutesStub([
    { path: "/admin/contacts", Component: Contacts, loader: stubLoader, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={["/admin/contacts"]} />);
}

afterEach(cleanup);

const row = (name: string) =>
  screen.getByRole("checkbox", { name: new RegExp(`^Select message from ${name},`) }) as HTMLInputElement;
const selectAll = () => screen.getByRole("checkbox", { name: "Select all messages on this page" }) as HTMLInputElement;
const deleteSelected = () => screen.getByRole("button", { name: /^Delete selected/ }) as HTMLButtonElement;
const tickedNames = () =>
  Object.values(PAGES)
    .flat()
    .filter((contact) => screen.queryByRole("checkbox", { name: new RegExp(`^Select message from ${contact.name},`) }))
    .filter((contact) => row(contact.name).checked)
    .map((contact) => contact.name);

async function shown() {
  await screen.findByRole("checkbox", { name: "Select all messages on this page" });
}

describe("bulk selection on the contacts screen", () => {
  it("starts with nothing ticked and Delete selected disabled", async () => {
    openContacts();
    await shown();
    expect(tickedNames()).toEqual([]);
    expect(deleteSelected().textContent).toBe("Delete selected (0)");
    expect(deleteSelected().disabled).toBe(true);
    expect(selectAll().checked).toBe(false);
  });

  it("ticking rows counts them, and Select all shows a partial selection", async () => {
    openContacts();
    await shown();
    fireEvent.click(row("Amina"));
    fireEvent.click(row("Chidi"));
    expect(tickedNames()).toEqual(["Amina", "Chidi"]);
    expect(deleteSelected().textContent).toBe("Delete selected (2)");
    expect(deleteSelected().disabled).toBe(false);
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(true);

    fireEvent.click(row("Amina"));
    expect(tickedNames()).toEqual(["Chidi"]);
    expect(deleteSelected().textContent).toBe("Delete selected (1)");
  });

  it("Select all ticks every row on the page, and unticking it clears them", async () => {
    openContacts();
    await shown();
    fireEvent.click(selectAll());
    expect(tickedNames()).toEqual(["Amina", "Bilal", "Chidi"]);
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
    expect(deleteSelected().textContent).toBe("Delete selected (3)");

    fireEvent.click(row("Bilal"));
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(true);
    fireEvent.click(row("Bilal"));
    expect(selectAll().checked).toBe(true);

    fireEvent.click(selectAll());
    expect(tickedNames()).toEqual([]);
    expect(deleteSelected().textContent).toBe("Delete selected (0)");
    expect(selectAll().indeterminate).toBe(false);
  });

  it("another page shows its own rows unticked, and counts only what is ticked there", async () => {
    openContacts();
    await shown();
    fireEvent.click(row("Amina"));
    fireEvent.click(row("Bilal"));
    expect(deleteSelected().textContent).toBe("Delete selected (2)");

    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await screen.findByRole("checkbox", { name: /^Select message from Dina,/ });
    expect(tickedNames()).toEqual([]);
    expect(deleteSelected().textContent).toBe("Delete selected (0)");
    expect(deleteSelected().disabled).toBe(true);
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(false);

    fireEvent.click(selectAll());
    expect(tickedNames()).toEqual(["Dina", "Emre"]);
    expect(deleteSelected().textContent).toBe("Delete selected (2)");
  });

  it("Delete selected asks about exactly the rows ticked on the page shown", async () => {
    openContacts();
    await shown();
    fireEvent.click(row("Amina"));
    fireEvent.click(row("Chidi"));
    fireEvent.click(deleteSelected());
    const question = await screen.findByRole("heading", {
      name: "Are you sure you want to delete 2 contact submissions?",
    });
    expect(question).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, delete 2" })).toBeTruthy();
    // The rows asked about stay ticked beneath the question.
    expect(tickedNames()).toEqual(["Amina", "Chidi"]);

    // Changing the selection closes the question, which named the rows ticked when it opened.
    fireEvent.click(row("Bilal"));
    await waitFor(() => expect(screen.queryByRole("heading", { name: /Are you sure/ })).toBeNull());
    expect(tickedNames()).toEqual(["Amina", "Bilal", "Chidi"]);
    expect(deleteSelected().textContent).toBe("Delete selected (3)");
  });
});
