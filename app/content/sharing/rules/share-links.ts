/**
 * The addresses a page is shared by: plain links each network opens with the page's address
 * and a line of words already written, so sharing works without JavaScript. Email has no
 * page of its own: it opens the visitor's mail app.
 */
export interface SharedPage {
  /** The page's public address (never one that carries a visitor's session). */
  url: string;
  /** What the page is: an email's subject. */
  title: string;
  /** The line that goes with the address in a message or a post. */
  text: string;
}

export type ShareNetwork = "WhatsApp" | "Facebook" | "X" | "Email";

export interface ShareLink {
  network: ShareNetwork;
  href: string;
  /** A network's page opens in a new tab; the mail app needs none. */
  opensPage: boolean;
}

export function shareLinks({ url, title, text }: SharedPage): ShareLink[] {
  const encode = encodeURIComponent;
  return [
    { network: "WhatsApp", href: `https://wa.me/?text=${encode(`${text} ${url}`)}`, opensPage: true },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}`, opensPage: true },
    { network: "X", href: `https://x.com/intent/post?text=${encode(text)}&url=${encode(url)}`, opensPage: true },
    {
      network: "Email",
      href: `mailto:?subject=${encode(title)}&body=${encode(`${text}\n\n${url}`)}`,
      opensPage: false,
    },
  ];
}

/**
 * What a donor shares from the thank-you page: the appeal they gave to, or the donate page.
 * Never the thank-you page itself, whose address holds their checkout's id.
 */
export function pageSharedAfterGift(
  site: string,
  foundation: string,
  appeal: { slug: string; title: string } | null,
): SharedPage {
  return appeal
    ? {
        url: `${site}/appeals/${appeal.slug}`,
        title: appeal.title,
        text: `I just gave to ${appeal.title} with ${foundation}. Will you join me?`,
      }
    : {
        url: `${site}/donate`,
        title: `Give with ${foundation}`,
        text: `I just gave to ${foundation}. Will you join me?`,
      };
}
