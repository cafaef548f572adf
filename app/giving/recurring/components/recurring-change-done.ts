/**
 * What My giving says after a donor changed a recurring gift (?done=change|pause|resume):
 * the page then shows the gift as it is now, and a confirmation is on its way by mail.
 */
const DONE = {
  change:
    "Your gift's new amount is taken from its next charge; nothing was charged now. We've sent you a confirmation by email.",
  pause: "Your gift is paused and resumes by itself: the date is below. We've sent you a confirmation by email.",
  resume: "Your gift has resumed from its next charge. We've sent you a confirmation by email.",
} as const;

export type RecurringChangeDone = (typeof DONE)[keyof typeof DONE];

export function recurringChangeDone(done: string | null): RecurringChangeDone | null {
  return done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null;
}
