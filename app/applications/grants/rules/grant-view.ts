import type { ZakatCategoryKey } from "~/funds/funds";
import type { ApplicationPaymentMethod, ApplicationPaymentStatus, ApplicationState } from "../../../../db/schema";

/** What the decision holds, sealed: a decline's reason (sent to the family), an approval's note. */
export interface GrantDecision {
  reason?: string;
  note?: string;
  /** Why the case was closed (staff only; the family is told it was closed and what was paid). */
  closing?: string;
}

export interface GrantPayment {
  id: number;
  amount: number;
  method: ApplicationPaymentMethod;
  payee: string;
  due_on: string;
  status: ApplicationPaymentStatus;
  fund_id: number | null;
  fund_name: string;
  disbursement_id: number | null;
  paid_on: string | null;
  recorded_by: string;
}

/** What the case page's grant panel shows, staff's alone. */
export interface Grant {
  ref: string;
  state: ApplicationState;
  state_label: string;
  category: ZakatCategoryKey | null;
  category_label: string;
  plan: "once" | "monthly" | null;
  /** One payment's amount (each month's, for a monthly plan). */
  recommended: number;
  months: number;
  recommended_total: number;
  recommended_by: string;
  recommended_by_id: number | null;
  recommended_at: string | null;
  decided_by: string;
  decided_at: string | null;
  decision: GrantDecision | null;
  approved: number | null;
  paid: number;
  /** What may still be paid. */
  remaining: number;
  payments: GrantPayment[];
  /** The Zakat funds a payment may come from, with what each holds (only while payments may be made). */
  zakat_funds: { id: number; name: string; held: number }[];
  today: string;
}

/** The applications' figures on the staff dashboard (issue 31, point 6): never a case's personal data. */
export interface ApplicationFigures {
  open_by_state: { state: ApplicationState; label: string; count: number }[];
  /** The median of (decided − submitted) over every decided case, in days; null before any decision. */
  median_days_to_decision: number | null;
  /** Paid grants since 1 Muharram of this Hijri year, by category (the ledger's entries that stand). */
  granted_this_year: {
    hijri_year: number;
    since: string;
    total: number;
    by_category: { key: string; english: string; arabic: string; amount: number }[];
  };
}
