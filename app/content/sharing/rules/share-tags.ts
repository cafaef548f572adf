/**
 * The tags a shared link is previewed with (Open Graph, Twitter card) and the page's own
 * title and description, so a story or an event looks right on WhatsApp or Facebook.
 */
export interface ShareCard {
  title: string;
  pageTitle: string;
  description: string;
  url: string;
  image: string | null;
  type: "article" | "website";
}

export function shareTags(card: ShareCard) {
  return [
    { title: card.pageTitle },
    { name: "description", content: card.description },
    { property: "og:type", content: card.type },
    { property: "og:title", content: card.title },
    { property: "og:description", content: card.description },
    { property: "og:url", content: card.url },
    ...(card.image ? [{ property: "og:image", content: card.image }] : []),
    { name: "twitter:card", content: card.image ? "summary_large_image" : "summary" },
  ];
}
