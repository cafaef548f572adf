import type { KeyboardEvent, MouseEvent } from "react";

/**
 * Props for a link that, once the page is interactive, opens a dialog instead (the hero
 * video, a gallery tile). Without JavaScript it stays a plain link to the media; with it,
 * it is announced as a button that opens a dialog and answers Space as well as Enter.
 */
export function dialogOpener(open: () => void, hydrated: boolean) {
  return {
    role: hydrated ? "button" : undefined,
    "aria-haspopup": hydrated ? ("dialog" as const) : undefined,
    onClick(event: MouseEvent) {
      event.preventDefault();
      open();
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== " ") return;
      event.preventDefault();
      open();
    },
  };
}
