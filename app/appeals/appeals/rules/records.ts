import type { AppealStatus, StoryFormat } from "./appeal-schemas";
import type { AppealPhase } from "./phase";

/**
 * An appeal as the API and the pages read it. Money is in dollars, like the rest of the
 * API; `raised` and `gifts` count live gifts, and test gifts too while the site takes no
 * real money (then `test_gifts` says they are in the figure).
 */
export interface Appeal {
  id: number;
  slug: string;
  title: string;
  summary: string;
  story: string;
  story_format: StoryFormat;
  image_filename: string;
  video_url: string;
  fund_id: number;
  fund: { id: number; name: string; is_zakat: boolean };
  goal: number | null;
  preset_amounts: number[];
  starts_on: string;
  ends_on: string | null;
  status: AppealStatus;
  /** Where it stands today: only an open appeal takes gifts. */
  phase: AppealPhase;
  is_featured: boolean;
  went_live_at: string | null;
  created_at: string;
  updated_at: string;
  raised: number;
  gifts: number;
  test_gifts: boolean;
  /** It has gifts (test ones too), so its fund is fixed and it can only be closed, not deleted. */
  fund_locked: boolean;
}

/** One of an appeal's latest gifts, as the public sees it: a first name or "Anonymous". */
export interface Supporter {
  name: string;
  amount: number;
  donated_at: string;
}

export interface AppealDetail extends Appeal {
  supporters: Supporter[];
}

/** What a list of appeals shows of each. */
export type AppealCard = Pick<
  Appeal,
  | "id"
  | "slug"
  | "title"
  | "summary"
  | "image_filename"
  | "status"
  | "phase"
  | "is_featured"
  | "goal"
  | "raised"
  | "gifts"
  | "test_gifts"
  | "starts_on"
  | "ends_on"
  | "fund"
>;
