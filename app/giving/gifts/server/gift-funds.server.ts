import type { Kysely } from "kysely";
import { FUND_SLUGS, givenAfterEid } from "~/funds/funds";
import { PURPOSE_REFUSED, GENERAL_DONATION } from "~/giving/donate";
import { todayIn } from "~/shared/dates";
import { getEnv } from "~/lib/env.server";
import { ValidationError } from "~/lib/service-errors";
import { appealOfGift } from "~/appeals/appeals/index.server";
import {
  fundBySlug,
  fundForPurpose,
  getFund,
  listFunds,
  openFundForPurpose,
  type Fund,
} from "~/funds/funds/index.server";
import { thisYearsEid } from "~/funds/zakat-policy/index.server";
import type { Database } from "../../../../db/schema";

/**
 * Every gift lands in one fund. A new gift names its fund by the fund's purpose (the
 * donate form's word); only an open fund takes new gifts. The fund is written on the gift
 * when it is recorded, so every path (checkout, a recurring charge, an offline gift)
 * applies the same two rules: a gift goes to the fund the donor chose even if staff
 * archived it meanwhile (restricted money keeps its restriction), and Zakat al-Fitr paid
 * once Eid has begun is given, and recorded, as Sadaqa.
 */

/** The open fund a new gift names; anything else is refused beside the purpose field. */
export async function requireOpenFund(purpose: string): Promise<Fund> {
  const fund = await openFundForPurpose(purpose.trim() || GENERAL_DONATION);
  if (!fund) throw new ValidationError({ purpose: [PURPOSE_REFUSED] });
  return fund;
}

/** Where a gift is recorded: its fund, that fund's purpose, and what it was for. */
export interface GiftPlace {
  purpose: string;
  fund_id: number;
  designation: string;
}

/**
 * Places a gift as it is recorded, in the recording's transaction. `fundId` names the
 * fund outright (a recurring gift's charges go where it was set up); otherwise the
 * purpose finds its fund, open or archived (general Sadaqa when no fund ever had it). `donatedAt` is when the money
 * came: a checkout started before Eid and paid after it is late Zakat al-Fitr all the same.
 */
export async function placeGift(
  db: Kysely<Database>,
  gift: { purpose: string; designation: string; fundId?: number | null; appealId?: number | null },
  donatedAt: string,
): Promise<GiftPlace> {
  let designation = gift.designation;
  // An appeal's gift goes to the fund the appeal raises for.
  const fundId = gift.fundId ?? (gift.appealId ? (await appealOfGift(gift.appealId, db))?.fund_id : null);
  let fund = fundId ? await getFund(fundId, db) : await fundForPurpose(gift.purpose, db);
  if (!fund) {
    // A purpose no fund has ever had (an old checkout, another site's): the donor's words stay on the gift.
    designation ||= gift.purpose;
    fund = await fundBySlug(FUND_SLUGS.sadaqa, db);
  }
  if (fund.slug === FUND_SLUGS.zakatAlFitr && (await fitrIsLateOn(db, donatedAt))) {
    designation = givenAfterEid(designation);
    fund = await fundBySlug(FUND_SLUGS.sadaqa, db);
  }
  return { purpose: fund.purpose, fund_id: fund.id, designation };
}

/**
 * The fund a recurring gift is set up for, as it is first recorded: its purpose's fund
 * (open or archived meanwhile), or general Sadaqa. Whether a charge is late Zakat al-Fitr is each charge's own
 * question (placeGift), asked when it is paid.
 */
export async function placeRecurringGift(
  db: Kysely<Database>,
  purpose: string,
  appealId: number | null = null,
): Promise<Omit<GiftPlace, "designation">> {
  const appealFund = appealId ? (await appealOfGift(appealId, db))?.fund_id : null;
  const fund =
    (appealFund ? await getFund(appealFund, db) : await fundForPurpose(purpose, db)) ??
    (await fundBySlug(FUND_SLUGS.sadaqa, db));
  return { purpose: fund.purpose, fund_id: fund.id };
}

/**
 * Where a covered card fee is counted: general Sadaqa, the fund that bears the
 * foundation's running costs (card fees among them), so the gift's own fund, Zakat above
 * all, receives the whole gift. Null when there is no fee cover.
 */
export async function feeCoverFund(db: Kysely<Database>, feeCoverCents: number): Promise<number | null> {
  return feeCoverCents > 0 ? (await fundBySlug(FUND_SLUGS.sadaqa, db)).id : null;
}

/** The appeal a recorded gift names, when it exists (an id from elsewhere is left off). */
export async function knownAppeal(db: Kysely<Database>, appealId: number | null): Promise<number | null> {
  return appealId && (await appealOfGift(appealId, db)) ? appealId : null;
}

async function fitrIsLateOn(db: Kysely<Database>, donatedAt: string): Promise<boolean> {
  const day = todayIn(getEnv().SITE_TIMEZONE, new Date(donatedAt));
  return (await thisYearsEid(day, db)).passed;
}

/** The funds by id, for lists of gifts that name each gift's fund (a handful of rows). */
export async function fundsById(): Promise<Map<number, Fund>> {
  return new Map((await listFunds()).map((fund) => [fund.id, fund]));
}
