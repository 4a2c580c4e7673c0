// API key secrets: a fixed service prefix and 192 random bits. Only the SHA-256 is stored; the
// display form keeps the prefix and the last four characters so people can tell keys apart.
import { hash, randomBytes } from "node:crypto";

export const keyPrefix = "tg-";

export function newKeySecret(): string {
  return keyPrefix + randomBytes(24).toString("base64url");
}

/** One-shot `hash` rather than a Hash object per call: every relay request hashes the key it presents. */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

export function displayOf(secret: string): string {
  return `${secret.slice(0, keyPrefix.length + 4)}…${secret.slice(-4)}`;
}

/** Cheap shape check before hashing: right prefix, sane length. */
export function looksLikeKey(secret: string): boolean {
  return secret.startsWith(keyPrefix) && secret.length >= 20 && secret.length <= 200;
}
