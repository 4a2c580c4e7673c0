// Passwords are hashed with scrypt (memory-hard, in node:crypto): N=2^15, r=8, p=1 needs 32 MiB
// per hash, which makes offline guessing expensive. Stored as `scrypt$N$r$p$salt$hash`.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const N = 2 ** 15;
const r = 8;
const p = 1;
const keyLength = 32;
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { N: n, r: rr, p: pp, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, N, r, p);
  return ["scrypt", N, r, p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** A hash of a password nobody knows, made once per process (see verifyPasswordOf). */
let dummyHash: Promise<string> | undefined;
export const warmDummyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString("base64url")));

/**
 * Verifies against an account's hash, or — for an email with no account — against the dummy hash,
 * so an unknown email costs the same scrypt work as a wrong password and timing reveals nothing.
 */
export async function verifyPasswordOf(password: string, stored: string | undefined): Promise<boolean> {
  const matches = await verifyPassword(password, stored ?? (await warmDummyHash()));
  return stored !== undefined && matches;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
