import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getSessionSecret } from "~/lib/session-secret.server";

/**
 * Authenticator secrets are kept encrypted at rest with AES-256-GCM. The key is derived from
 * SESSION_SECRET with HKDF (its own label, so it is never the key that signs cookies): a copy
 * of the database alone does not give anyone the secrets.
 */
let key: Buffer | undefined;
function secretKey(): Buffer {
  key ??= Buffer.from(hkdfSync("sha256", getSessionSecret(), "", "staff two-factor secrets v1", 32));
  return key;
}

/** `iv.tag.ciphertext`, each in base64url. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or a thrown error when the text was changed or the key is not the one that sealed it. */
export function decryptSecret(sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !ciphertext) throw new Error("A two-factor secret is stored in an unknown form");
  const decipher = createDecipheriv("aes-256-gcm", secretKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
