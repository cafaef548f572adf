import type { ApplicationState } from "../../../../db/schema";

/**
 * A case's path, as issue 31 sets it: submitted → documents requested → under assessment →
 * recommended → approved or declined → paid → closed; withdrawn by the family at any open
 * step, lapsed when a document deadline passes after its reminder. Each action names the
 * states it may start from and where it leads; anything else is a 409.
 */
export type { ApplicationState };

export const APPLICATION_STATES = [
  "submitted",
  "documents_requested",
  "under_assessment",
  "recommended",
  "approved",
  "declined",
  "paid",
  "closed",
  "withdrawn",
  "lapsed",
] as const satisfies readonly ApplicationState[];

export function isApplicationState(value: unknown): value is ApplicationState {
  return (APPLICATION_STATES as readonly unknown[]).includes(value);
}

/** The states staff work on: the queue's "open" view. */
export const OPEN_STATES: readonly ApplicationState[] = [
  "submitted",
  "documents_requested",
  "under_assessment",
  "recommended",
  "approved",
];

/** The states a case is finished in (its retention period counts from `closed_at`). */
export const FINISHED_STATES: readonly ApplicationState[] = ["declined", "paid", "closed", "withdrawn", "lapsed"];

/** Staff's short name for a state (the queue's column and filter). */
export const STATE_LABELS: Record<ApplicationState, string> = {
  submitted: "Submitted",
  documents_requested: "Documents requested",
  under_assessment: "Under assessment",
  recommended: "Recommended",
  approved: "Approved",
  declined: "Declined",
  paid: "Paid",
  closed: "Closed",
  withdrawn: "Withdrawn",
  lapsed: "Lapsed",
};

/** The state in plain words, as the family reads it on their own page. */
export const STATE_FOR_APPLICANT: Record<ApplicationState, string> = {
  submitted: "We have received your application. A case worker will look at it soon.",
  documents_requested: "We need some documents from you before we can go on. Please see below.",
  under_assessment: "A case worker is looking at your application.",
  recommended: "Your case worker has made a recommendation. A second person at the foundation will decide.",
  approved: "Your application has been approved. We will tell you when the help is paid.",
  declined: "We are sorry: we could not help this time. The reason is below.",
  paid: "The help has been paid.",
  closed: "Your application is closed.",
  withdrawn: "You withdrew this application.",
  lapsed: "This application lapsed because the documents we asked for did not arrive in time.",
};

export const CASE_ACTIONS = ["assign", "request-documents", "assess", "approve", "decline", "pay", "close"] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

export function isCaseAction(value: unknown): value is CaseAction {
  return (CASE_ACTIONS as readonly unknown[]).includes(value);
}

/** Where each action may start from. `pay` keeps "approved" until the grant is paid in full. */
export const ACTION_FROM: Record<CaseAction, readonly ApplicationState[]> = {
  // Assigning a submitted case starts its assessment; a case already being worked on may be handed over.
  assign: ["submitted", "documents_requested", "under_assessment", "recommended", "approved"],
  "request-documents": ["submitted", "documents_requested", "under_assessment"],
  assess: ["under_assessment"],
  approve: ["recommended"],
  decline: ["recommended"],
  pay: ["approved"],
  close: ["paid", "declined", "approved"],
};

export function actionAllowed(action: CaseAction, state: ApplicationState): boolean {
  return ACTION_FROM[action].includes(state);
}

/** A 409's words: what the case's state does not allow. */
export function notAllowedMessage(action: CaseAction, state: ApplicationState): string {
  return `A case that is ${STATE_LABELS[state].toLowerCase()} cannot be given "${action}"`;
}

/** The family may withdraw until a decision is made. */
export const WITHDRAWABLE: readonly ApplicationState[] = [
  "submitted",
  "documents_requested",
  "under_assessment",
  "recommended",
];
