import { z } from "zod";

export const adminLoginSchema = z.object({
  username: z.string({ message: "Username is required" }).trim().min(1, "Username is required").max(100),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(1000),
});

export const INVALID_CREDENTIALS_MESSAGE = "Invalid username or password";

/** Only same-site paths may follow a sign-in, never another host. */
export function safeRedirectPath(target: unknown, fallback = "/admin"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  return target;
}
