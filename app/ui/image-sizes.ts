/**
 * How wide pictures are shown, so the browser picks the smallest stored width that is
 * sharp enough (see IMAGE_WIDTHS). Pages keep 1rem each side on phones, so a full-width
 * card is 2rem narrower than the screen; saying so lets a phone take the 720 photo
 * instead of the 960 one.
 */
export const IMAGE_SIZES = {
  /** Three cards a row on desktop, two on tablets, one on phones. */
  thirds: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 2rem)",
  /** Two cards a row from tablets up. */
  halves: "(min-width: 768px) 50vw, calc(100vw - 2rem)",
  /** Three cards a row from tablets up. */
  programmes: "(min-width: 768px) 33vw, calc(100vw - 2rem)",
  /** The picture at the head of a story or event page. */
  article: "(min-width: 768px) 768px, calc(100vw - 2rem)",
} as const;
