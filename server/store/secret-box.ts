// Upstream credentials are encrypted at rest with AES-256-GCM. The key comes from
// TOLLGATE_SECRET_KEY (any string of 16+ characters, hashed to 32 bytes) or, when that is unset,
// from `secret.key` in the data directory, created once with 0600 permissions. Replicas that share
// a PostgreSQL database must share TOLLGATE_SECRET_KEY.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The credential encryption key must be 32 bytes.");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(":");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== "v1" || !data) throw new Error("Unrecognised sealed credential.");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** The key from the environment, or the data directory's key file (created on first use). */
export function loadSecretKey(options: { secretKey?: string; dataDir: string }): Buffer {
  if (options.secretKey) return createHash("sha256").update(options.secretKey).digest();
  const path = join(options.dataDir, "secret.key");
  if (!existsSync(path)) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      writeFileSync(path, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "base64");
}
