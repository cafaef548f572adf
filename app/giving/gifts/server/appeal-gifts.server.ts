import { supporterName, type AppealDetail, type Supporter } from "~/appeals/appeals";
import { centsToDollars } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { countedTestFlags } from "~/lib/env.server";
import { getAppeal, type Reader } from "~/appeals/appeals/index.server";

/**
 * An appeal's gifts as its page shows them: the latest supporters by first name, or
 * "Anonymous" when the donor asked, and never more of a name than that.
 */
export const SUPPORTERS_SHOWN = 10;

export { supporterName };

/**
 * The latest gifts to an appeal, newest first. Read once per counted test flag, each
 * straight off the appeal's index, so an appeal of 100,000 gifts reads ten rows, not all.
 */
export async function latestSupporters(appealId: number, limit = SUPPORTERS_SHOWN): Promise<Supporter[]> {
  const batches = await Promise.all(
    countedTestFlags().map((flag) =>
      getDb()
        .selectFrom("donations")
        .select(["id", "name", "anonymous", "amount_cents", "donated_at"])
        .where("appeal_id", "=", appealId)
        .where("is_test", "=", flag)
        .orderBy("donated_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    ),
  );
  return batches
    .flat()
    .sort((a, b) => b.donated_at.localeCompare(a.donated_at) || b.id - a.id)
    .slice(0, limit)
    .map((gift) => ({
      name: supporterName(gift.name, gift.anonymous === 1),
      amount: centsToDollars(gift.amount_cents),
      donated_at: gift.donated_at,
    }));
}

/** GET /api/appeals/{slug-or-id} and the appeal's page: the appeal, its progress and its latest supporters. */
export async function getAppealDetail(
  ref: string | number,
  reader: Reader = { staff: false },
): Promise<AppealDetail & { movedTo?: string }> {
  const appeal = await getAppeal(ref, reader);
  return { ...appeal, supporters: await latestSupporters(appeal.id) };
}
