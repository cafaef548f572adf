import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("correct horse");
    await expect(verifyPassword("correct horse battery", hash)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batter", hash)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects malformed stored hashes", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
  });

  it("generates long random passwords", () => {
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
