import { RateLimiter } from "./rate-limit.server";
import { TooManyRequestsError } from "./service-errors";

/** Public forms (newsletter, contact, volunteer) accept a handful of posts per address. */
const publicFormPosts = new RateLimiter(10, 10 * 60 * 1000);

export function limitPublicFormPosts(form: string, clientAddress: string): void {
  const key = `${form}|${clientAddress}`;
  const wait = publicFormPosts.retryAfter(key);
  if (wait > 0) {
    throw new TooManyRequestsError("Too many submissions from your connection. Please try again in a few minutes.", wait);
  }
  publicFormPosts.hit(key);
}

/**
 * Starting a checkout calls the provider, so a flood from one address is refused; the
 * limit is generous because a mosque or an office shares one address among many donors.
 */
const checkoutStarts = new RateLimiter(60, 10 * 60 * 1000);

export function limitCheckoutStarts(clientAddress: string): void {
  const wait = checkoutStarts.retryAfter(clientAddress);
  if (wait > 0) {
    throw new TooManyRequestsError("Too many donation attempts from your connection. Please try again in a few minutes.", wait);
  }
  checkoutStarts.hit(clientAddress);
}

/**
 * The thank-you page asks the provider about a checkout it has not recorded yet; those
 * calls are limited per address so the page cannot be used to exhaust the provider's
 * rate limit, which real checkouts share.
 */
const giftConfirmations = new RateLimiter(30, 10 * 60 * 1000);

export function limitGiftConfirmations(clientAddress: string): void {
  const wait = giftConfirmations.retryAfter(clientAddress);
  if (wait > 0) throw new TooManyRequestsError("Too many confirmations asked from your connection.", wait);
  giftConfirmations.hit(clientAddress);
}
