import { RateLimiter } from "./rate-limit.server";
import { TooManyRequestsError } from "./service-errors";

const TEN_MINUTES = 10 * 60 * 1000;

/** A per-key limit that refuses with a TooManyRequestsError carrying `message`. */
function limit(posts: number, message: string) {
  const limiter = new RateLimiter(posts, TEN_MINUTES);
  return (key: string): void => {
    const wait = limiter.retryAfter(key);
    if (wait > 0) throw new TooManyRequestsError(message, wait);
    limiter.hit(key);
  };
}

/** Public forms (newsletter, contact, volunteer) accept a handful of posts per address. */
const publicFormPosts = limit(10, "Too many submissions from your connection. Please try again in a few minutes.");

export function limitPublicFormPosts(form: string, clientAddress: string): void {
  publicFormPosts(`${form}|${clientAddress}`);
}

/**
 * Starting a checkout calls the provider, so a flood from one address is refused; the
 * limit is generous because a mosque or an office shares one address among many donors.
 */
export const limitCheckoutStarts = limit(60, "Too many donation attempts from your connection. Please try again in a few minutes.");

/**
 * The thank-you page asks the provider about a checkout it has not recorded yet; those
 * calls are limited per address so the page cannot be used to exhaust the provider's
 * rate limit, which real checkouts share.
 */
export const limitGiftConfirmations = limit(30, "Too many confirmations asked from your connection.");
