import { RateLimiter } from "./rate-limit.server";
import { TooManyRequestsError } from "./service-errors";

const TEN_MINUTES = 10 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** A per-key limit that refuses with a TooManyRequestsError carrying `message`. */
function limit(name: string, posts: number, message: string, windowMs = TEN_MINUTES) {
  const limiter = new RateLimiter(name, posts, windowMs);
  return async (key: string): Promise<void> => {
    const wait = await limiter.take(key);
    if (wait > 0) throw new TooManyRequestsError(message, wait);
  };
}

/** Public forms (newsletter, contact, volunteer) accept a handful of posts per address. */
const publicFormPosts = limit(
  "public-form",
  10,
  "Too many submissions from your connection. Please try again in a few minutes.",
);

export function limitPublicFormPosts(form: string, clientAddress: string): Promise<void> {
  return publicFormPosts(`${form}|${clientAddress}`);
}

/**
 * Starting a checkout calls the provider, so a flood from one address is refused; the
 * limit is generous because a mosque or an office shares one address among many donors.
 */
export const limitCheckoutStarts = limit(
  "checkout-start",
  60,
  "Too many donation attempts from your connection. Please try again in a few minutes.",
);

/**
 * The thank-you page asks the provider about a checkout it has not recorded yet; those
 * calls are limited per address so the page cannot be used to exhaust the provider's
 * rate limit, which real checkouts share.
 */
export const limitGiftConfirmations = limit(
  "gift-confirmation",
  30,
  "Too many confirmations asked from your connection.",
);

/**
 * A Zakat application counts once, when it is sent (its steps are not counted), against an
 * allowance of its own: a mosque's or an advice centre's help desk applies for several
 * families from one address, so thirty an hour pass where the other public forms allow ten
 * posts in ten minutes.
 */
export const limitApplicationSubmits = limit(
  "application-submit",
  30,
  "Too many applications from your connection. Please try again in an hour, or call us.",
  ONE_HOUR,
);

/** Starting an application keeps a draft: a flood of new drafts from one address is refused. */
export const limitApplicationDrafts = limit(
  "application-draft",
  60,
  "Too many applications started from your connection. Please try again in an hour, or call us.",
  ONE_HOUR,
);

/** "Save and come back later" mails a link: a handful per address, like the other public forms. */
export function limitApplicationResumeMails(clientAddress: string): Promise<void> {
  return limitPublicFormPosts("application-resume", clientAddress);
}
