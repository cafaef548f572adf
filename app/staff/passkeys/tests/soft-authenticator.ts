import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A passkey authenticator in software, for the integration tests: it answers the server's
 * options as a browser and a platform authenticator would (an ES256 key, attestation "none",
 * user present and verified), so the tests run the real @simplewebauthn/server checks.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

/** The few CBOR shapes WebAuthn needs: small integers, text, bytes and maps. */
function cbor(value: CborValue): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

export interface SoftAuthenticator {
  credentialId: string;
  /** The browser's answer to registration options (`RegistrationResponseJSON`). */
  register(options: { challenge: string; rp: { id?: string } }): Record<string, unknown>;
  /** The browser's answer to authentication options (`AuthenticationResponseJSON`). */
  authenticate(options: { challenge: string; rpId?: string }): Record<string, unknown>;
}

export function softAuthenticator(origin: string, userHandle = "staff-0"): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const credentialId = randomBytes(16);
  let counter = 0;

  function authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  return {
    credentialId: b64url(credentialId),
    register(options) {
      const clientData = Buffer.from(
        JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey]);
      // User present (0x01), verified (0x04), attested credential data (0x40).
      const data = authData(options.rp.id ?? "", 0x45, attested);
      const attestation = cbor(
        new Map<CborValue, CborValue>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", data],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestation),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(options) {
      counter += 1;
      const clientData = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
      );
      const data = authData(options.rpId ?? "", 0x05);
      const signature = sign("sha256", Buffer.concat([data, sha256(clientData)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(userHandle)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
