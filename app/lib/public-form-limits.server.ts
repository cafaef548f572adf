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
