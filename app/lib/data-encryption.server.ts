import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Personal data at rest (issue 31: an applicant's fields and documents): AES-256-GCM from
 * Node's crypto, with the key named in every value so that keys can be rotated. A value is
 * sealed to its place (`context`, e.g. "application:12:email") as additional authenticated
 * data: copied into another row or column, it no longer opens.
 *
 * Stored form: `v1.<key id>.<iv>.<tag>.<ciphertext>`, the last three in base64url. The key id is
 * the first 8 hex characters of the key's SHA-256: it names the key without revealing it.
 */

const VERSION = "v1";

export interface DataKey {
  id: string;
  key: Buffer;
}

/** The key new values are sealed with, and every key that may still have sealed stored values. */
export interface KeyRing {
  current: DataKey;
  older: DataKey[];
}

export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataKeyError";
  }
}

/** A key as `DATA_ENCRYPTION_KEY` gives it: 32 bytes written as 64 hexadecimal characters. */
export function dataKeyFromHex(hex: string): DataKey {
  const text = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new DataKeyError("DATA_ENCRYPTION_KEY must be 32 bytes written as 64 hexadecimal characters");
  }
  const key = Buffer.from(text, "hex");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

/** A new random key, as 64 hexadecimal characters (for a new site, or a rotation). */
export function newDataKeyHex(): string {
  return randomBytes(32).toString("hex");
}

export function sealValue(plain: string, context: string, ring: KeyRing): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ring.current.id, ...parts].join(".");
}

/** The key id a stored value was sealed with (what a rotation looks for). */
export function sealedWith(sealed: string): string | undefined {
  const [version, keyId] = sealed.split(".");
  return version === VERSION ? keyId : undefined;
}

/**
 * The value, or a DataKeyError when it was sealed with a key the ring lacks, was changed, or
 * belongs to another place.
 */
export function openValue(sealed: string, context: string, ring: KeyRing): string {
  const [version, keyId, iv, tag, ciphertext, ...rest] = sealed.split(".");
  if (version !== VERSION || !keyId || iv === undefined || !tag || ciphertext === undefined || rest.length) {
    throw new DataKeyError("A stored personal value is in an unknown form");
  }
  const dataKey = [ring.current, ...ring.older].find((candidate) => candidate.id === keyId);
  if (!dataKey) throw new DataKeyError(`A stored personal value was sealed with key ${keyId}, which is not set`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", dataKey.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new DataKeyError("A stored personal value does not open: it was changed, or belongs elsewhere");
  }
}

/**
 * A sealed file (an applicant's document): `ZAD1` · the key id (8 characters) · IV (12 bytes) ·
 * tag (16 bytes) · ciphertext, sealed to its place as a value is, so that a rotation finds the
 * files still sealed with an older key by their first bytes.
 */
const FILE_MAGIC = Buffer.from("ZAD1", "latin1");
const FILE_KEY_ID_BYTES = 8;
const FILE_HEADER_BYTES = FILE_MAGIC.length + FILE_KEY_ID_BYTES + 12 + 16;

export function sealBytes(plain: Buffer, context: string, ring: KeyRing): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([FILE_MAGIC, Buffer.from(ring.current.id, "latin1"), iv, cipher.getAuthTag(), ciphertext]);
}

/** The key id a sealed file names, or undefined when it is not one. */
export function bytesSealedWith(sealed: Buffer): string | undefined {
  if (sealed.length < FILE_HEADER_BYTES || !sealed.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) return undefined;
  return sealed.subarray(FILE_MAGIC.length, FILE_MAGIC.length + FILE_KEY_ID_BYTES).toString("latin1");
}

export function openBytes(sealed: Buffer, context: string, ring: KeyRing): Buffer {
  const keyId = bytesSealedWith(sealed);
  if (!keyId) throw new DataKeyError("A stored document is in an unknown form");
  const dataKey = [ring.current, ...ring.older].find((candidate) => candidate.id === keyId);
  if (!dataKey) throw new DataKeyError(`A stored document was sealed with key ${keyId}, which is not set`);
  let at = FILE_MAGIC.length + FILE_KEY_ID_BYTES;
  const iv = sealed.subarray(at, (at += 12));
  const tag = sealed.subarray(at, (at += 16));
  try {
    const decipher = createDecipheriv("aes-256-gcm", dataKey.key, iv);
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(at)), decipher.final()]);
  } catch {
    throw new DataKeyError("A stored document does not open: it was changed, or belongs elsewhere");
  }
}
