// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusReturn } from "./use-focus-return";

afterEach(cleanup);

const deleteLink = (id: string) => `[data-delete-for="${id}"]`;

/**
 * A list screen as the admin sees it: a Delete link per row, and the confirmation that
 * ?delete=<id> opens (here the `openFor` prop stands for that address).
 */
function List({ openFor, rows = ["7", "8", "9"] }: { openFor: string | null; rows?: string[] }) {
  useFocusReturn(openFor, deleteLink);
  return (
    <main>
      {openFor ? (
        <section aria-label="Confirm">
          <p>Delete message {openFor}?</p>
          <a href="?">Cancel</a>
        </section>
      ) : null}
      <ul>
        {rows.map((id) => (
          <li key={id}>
            <a href={`?delete=${id}`} data-delete-for={id}>
              Delete message {id}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

const link = (id: string) => screen.getByRole("link", { name: `Delete message ${id}` });
const cancel = () => screen.getByRole("link", { name: "Cancel" });

describe("useFocusReturn", () => {
  it("puts focus back on the link that opened a confirmation closed without acting", () => {
    const { rerender } = render(<List openFor={null} />);
    link("8").focus();
    rerender(<List openFor="8" />);
    cancel().focus(); // the admin tabs to Cancel and presses it
    rerender(<List openFor={null} />);
    expect(document.activeElement).toBe(link("8"));
  });

  it("moves nothing when a confirmation opens, or when the page arrives with one open", () => {
    const { rerender } = render(<List openFor="7" />);
    expect(document.activeElement).toBe(document.body);
    cancel().focus();
    rerender(<List openFor="7" />);
    expect(document.activeElement).toBe(cancel());

    // Closed, focus returns to the row's link even though no click opened it.
    rerender(<List openFor={null} />);
    expect(document.activeElement).toBe(link("7"));
    // Opening another one leaves focus where the admin is.
    rerender(<List openFor="9" />);
    expect(document.activeElement).toBe(link("7"));
  });

  it("going from one confirmation straight to another returns to the last one's link", () => {
    const { rerender } = render(<List openFor="7" />);
    rerender(<List openFor="9" />);
    expect(document.activeElement).toBe(document.body);
    rerender(<List openFor={null} />);
    expect(document.activeElement).toBe(link("9"));
  });

  it("leaves focus alone when the row is gone (it was deleted), without failing", () => {
    const { rerender } = render(<List openFor="8" />);
    cancel().focus();
    rerender(<List openFor={null} rows={["7", "9"]} />);
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole("link", { name: "Delete message 8" })).toBeNull();
  });

  it("returns to a single opener named without the id (the bulk Delete selected button)", () => {
    function Bulk({ open }: { open: boolean }) {
      useFocusReturn(open ? "selection" : null, () => "[data-bulk-delete]");
      return (
        <>
          <button type="button">Export</button>
          <button type="submit" data-bulk-delete>
            Delete selected (2)
          </button>
          {open ? <a href="?">Cancel</a> : null}
        </>
      );
    }
    const { rerender } = render(<Bulk open />);
    cancel().focus();
    rerender(<Bulk open={false} />);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete selected (2)" }));
  });
});
