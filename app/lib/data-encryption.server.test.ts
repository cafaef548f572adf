import { describe, expect, it } from "vitest";
import {
  dataKeyFromHex,
  DataKeyError,
  newDataKeyHex,
  openValue,
  sealedWith,
  sealValue,
  type KeyRing,
} from "./data-encryption.server";

const ring = (current = dataKeyFromHex(newDataKeyHex()), ...older: ReturnType<typeof dataKeyFromHex>[]): KeyRing => ({
  current,
  older,
});

describe("sealing personal data at rest", () => {
  it("seals a value that opens only in its own place, and never shows the plain text", () => {
    const keys = ring();
    const sealed = sealValue("Fatima Hassan", "application:12:name", keys);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("Fatima");
    expect(openValue(sealed, "application:12:name", keys)).toBe("Fatima Hassan");
    // The same value twice seals differently (a fresh IV each time): equal values are not visible as equal.
    expect(sealValue("Fatima Hassan", "application:12:name", keys)).not.toBe(sealed);
    // Copied into another row or column, it does not open.
    expect(() => openValue(sealed, "application:13:name", keys)).toThrow(DataKeyError);
    expect(() => openValue(sealed, "application:12:email", keys)).toThrow(DataKeyError);
  });

  it("refuses a changed value, an unknown form and a key that is not set", () => {
    const keys = ring();
    const sealed = sealValue("07700 900123", "application:1:phone", keys);
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[4]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString("base64url");
    expect(() => openValue(parts.join("."), "application:1:phone", keys)).toThrow(/does not open/);
    expect(() => openValue("plain text", "application:1:phone", keys)).toThrow(/unknown form/);
    expect(() => openValue(sealed, "application:1:phone", ring())).toThrow(/which is not set/);
  });

  it("opens what an older key sealed after a rotation, and says which key sealed a value", () => {
    const old = dataKeyFromHex(newDataKeyHex());
    const sealed = sealValue("12 Mill Lane", "application:5:address", ring(old));
    const rotated = ring(dataKeyFromHex(newDataKeyHex()), old);
    expect(openValue(sealed, "application:5:address", rotated)).toBe("12 Mill Lane");
    expect(sealedWith(sealed)).toBe(old.id);
    expect(sealedWith(sealValue("x", "c", rotated))).toBe(rotated.current.id);
  });

  it("takes DATA_ENCRYPTION_KEY as 64 hexadecimal characters, and names the key without revealing it", () => {
    const hex = "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF";
    const key = dataKeyFromHex(hex);
    expect(key.key).toHaveLength(32);
    expect(key.id).toMatch(/^[0-9a-f]{8}$/);
    expect(hex.toLowerCase()).not.toContain(key.id);
    expect(dataKeyFromHex(` ${hex}\n`).id).toBe(key.id);
    for (const bad of ["", "abc", hex.slice(0, 62), `${hex}00`, hex.replace("0", "g")]) {
      expect(() => dataKeyFromHex(bad), bad).toThrow("64 hexadecimal characters");
    }
    expect(newDataKeyHex()).toMatch(/^[0-9a-f]{64}$/);
  });
});
