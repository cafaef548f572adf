// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as FocusOnArrival from "./use-focus-on-arrival";

/**
 * The hook keeps "has the document hydrated?" in its module, so every test loads a fresh
 * copy: each starts as a page that has just loaded, and no test leans on another's state.
 */
let hook: typeof FocusOnArrival;
beforeEach(async () => {
  vi.resetModules();
  hook = await import("./use-focus-on-arrival");
});
afterEach(cleanup);

function Notice({ when }: { when?: boolean }) {
  const ref = hook.useFocusOnArrival<HTMLDivElement>(when);
  return (
    <div ref={ref} tabIndex={-1} role="status">
      Message marked as resolved.
    </div>
  );
}

/** A screen with a Resolve button; after pressing it, a notice may arrive. */
function Screen({ notice, when }: { notice: boolean; when?: boolean }) {
  return (
    <main>
      <label>
        Search <input name="search" />
      </label>
      {notice ? <Notice when={when} /> : null}
      <button type="button">Resolve</button>
    </main>
  );
}

const notice = () => screen.getByRole("status");
const resolve = () => screen.getByRole("button", { name: "Resolve" });

describe("useFocusOnArrival", () => {
  it("leaves focus alone on a fresh page load, even where the element is there from the start", () => {
    render(<Screen notice />);
    expect(document.activeElement).toBe(document.body);
  });

  it("after hydration, moves focus to the element that arrives", () => {
    const { rerender } = render(<Screen notice={false} />);
    hook.markDocumentReady();
    resolve().focus();
    rerender(<Screen notice />);
    expect(document.activeElement).toBe(notice());
  });

  it("with `when` false on arrival, leaves focus where the visitor is", () => {
    const { rerender } = render(<Screen notice={false} />);
    hook.markDocumentReady();
    resolve().focus();
    rerender(<Screen notice when={false} />);
    expect(document.activeElement).toBe(resolve());
  });

  it("takes focus only once: later renders never pull it back", () => {
    const { rerender } = render(<Screen notice={false} />);
    hook.markDocumentReady();
    rerender(<Screen notice />);
    expect(document.activeElement).toBe(notice());

    const search = screen.getByRole("textbox", { name: "Search" });
    search.focus();
    rerender(<Screen notice when />);
    rerender(<Screen notice when={false} />);
    rerender(<Screen notice when />);
    expect(document.activeElement).toBe(search);
  });

  it("an element that arrived with `when` false does not take focus when `when` later turns true", () => {
    const { rerender } = render(<Screen notice={false} />);
    hook.markDocumentReady();
    resolve().focus();
    rerender(<Screen notice when={false} />);
    rerender(<Screen notice when />);
    expect(document.activeElement).toBe(resolve());
  });
});
