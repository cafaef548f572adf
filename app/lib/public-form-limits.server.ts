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
