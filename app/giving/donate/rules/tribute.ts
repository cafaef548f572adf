import type { MailParts } from "~/mail/queue";

/** '' is no tribute. */
export const TRIBUTE_KINDS = ["memory", "honour"] as const;
export type TributeKind = "" | (typeof TRIBUTE_KINDS)[number];

/**
 * A gift in someone's name: in memory of someone who has died, or in honour of someone
 * living. Its words on the receipt, the success page and the mail to the family.
 */
export interface Tribute {
  kind: Exclude<TributeKind, "">;
  name: string;
  /** Who to tell, or "". */
  email: string;
}

const PHRASE: Record<Tribute["kind"], string> = { memory: "In memory of", honour: "In honour of" };

/** "In memory of Fatima Ahmed". */
export function tributeWords(tribute: Pick<Tribute, "kind" | "name">): string {
  return `${PHRASE[tribute.kind]} ${tribute.name}`;
}

/** A stored gift's tribute, or null. */
export function tributeOf(gift: {
  tribute_kind: TributeKind;
  tribute_name: string;
  tribute_email?: string;
}): Tribute | null {
  if (!gift.tribute_kind || !gift.tribute_name.trim()) return null;
  return { kind: gift.tribute_kind, name: gift.tribute_name, email: gift.tribute_email ?? "" };
}

/**
 * The short mail that tells a family of a gift in their loved one's name. It names the
 * giver (unless they gave anonymously) and the appeal, never the amount.
 */
export function tributeMail(
  tribute: Pick<Tribute, "kind" | "name">,
  gift: { giverName: string; anonymous: boolean; appealTitle: string; isTest: boolean },
  organisationName: string,
): MailParts {
  const giver = gift.anonymous ? "Someone who wished to remain anonymous" : gift.giverName.trim() || "A donor";
  const cause = gift.appealTitle ? ` for its appeal “${gift.appealTitle}”` : "";
  return {
    subject: `${gift.isTest ? "[Test] " : ""}A gift ${tributeWords(tribute).replace(/^In/, "in")}`,
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `${giver} has given a gift to ${organisationName}${cause}, ${tributeWords(tribute).replace(/^In/, "in")}.`,
      tribute.kind === "memory"
        ? `We pray that Allah accepts it as an ongoing charity (sadaqa jariya) for ${tribute.name}, and grants your family patience and comfort.`
        : `We pray that Allah accepts it and blesses ${tribute.name} and all who are dear to them.`,
      `With warm regards,\n${organisationName}`,
      ...(gift.isTest ? ["This was a test gift: no money moved."] : []),
    ],
    note: "You are receiving this because the giver asked us to let you know. We will not write to you again about it.",
  };
}
