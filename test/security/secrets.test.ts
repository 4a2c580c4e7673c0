// Secrets never rest in clear: the database holds only hashes of API keys and sessions,
// upstream credentials are sealed (AES-256-GCM), and the server's output carries no key,
// password or credential.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashSecret } from "../../server/domain/api-key-secret.ts";
import { createKey, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminPassword, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
const secrets: string[] = [];
// An upstream credential given through the environment: sealed in the database, never logged.
const upstreamCredential = "sk-ant-upstream-credential-never-in-clear";

beforeAll(async () => {
  tollgate = await startTollgate({ TOLLGATE_ANTHROPIC_API_KEY: upstreamCredential, TOLLGATE_ANTHROPIC_BASE_URL: "http://127.0.0.1:9" });
  const operator = await signInOperator(tollgate.url);
  const groups = await groupsByIdentifier(operator);
  const tenant = await createTenant(tollgate.url, operator);
  for (const identifier of ["claude-smart", "gpt-trial"]) secrets.push(await createKey(tenant.owner, groups.get(identifier)!.id));
  // Use the keys: a wrong-interface call, a call that passes admission, a bad request.
  for (const secret of secrets) {
    const client = new Anthropic({ apiKey: secret, baseURL: tollgate.url, maxRetries: 0 });
    await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 8, messages: [{ role: "user", content: "hi" }] }).catch(() => {});
    await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 0, messages: [] }).catch(() => {});
  }
  // Give the batched last-used writer and the WAL a moment, then stop (which flushes both).
  await tollgate.stop();
});

afterAll(async () => {
  await tollgate?.stop();
});

function databaseBytes(): string {
  return readdirSync(tollgate.dataDir)
    .filter((name) => name.startsWith("tollgate.db"))
    .map((name) => readFileSync(join(tollgate.dataDir, name)).toString("latin1"))
    .join("");
}

it("the database holds API key hashes and sealed upstream credentials, never the secrets", () => {
  const bytes = databaseBytes();
  for (const secret of secrets) {
    expect(bytes).not.toContain(secret);
    expect(bytes).toContain(hashSecret(secret));
  }
  expect(bytes).not.toContain(adminPassword);
  expect(bytes).toContain("env:anthropic");
  expect(bytes).not.toContain(upstreamCredential);
});

it("the server log holds no key secret or password", () => {
  const output = tollgate.output();
  expect(output.length).toBeGreaterThan(0);
  for (const secret of [...secrets, adminPassword, upstreamCredential]) expect(output).not.toContain(secret);
});
