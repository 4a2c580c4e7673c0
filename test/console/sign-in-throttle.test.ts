// Sign-in throttling and email enumeration (issue 8, defect 8): attempts are limited per account
// and per client address, exactly across worker processes, and an unknown email costs the same time
// as a wrong password. The loopback proxy is trusted, so X-Forwarded-For stands in for addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSignInPolicy } from "../../server/domain/sign-in-throttle.ts";
import { type Tenant, createTenant, signInOperator, unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

const perAddress = 30;
let tollgate: Tollgate;
let tenant: Tenant;

beforeAll(async () => {
  // Two workers: a per-worker counter would let twice the limit through.
  tollgate = await startTollgate({ TOLLGATE_WORKERS: "2", TOLLGATE_SIGNIN_MAX_PER_ADDRESS: String(perAddress) });
  tenant = await createTenant(tollgate.url, await signInOperator(tollgate.url));
}, 60_000);

afterAll(async () => {
  await tollgate?.stop();
});

function attempt(email: string, password: string, address: string) {
  return fetch(`${tollgate.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
}

describe("sign-in throttling", () => {
  it("200 wrong passwords for one account: exactly the documented 10 are checked, the rest get 429 with Retry-After", async () => {
    const statuses: number[] = [];
    let throttled: Response | undefined;
    // In concurrent waves, spread over both workers.
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(tenant.ownerEmail, "wrong-password", `198.51.100.${wave * 20 + i + 1}`)));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) throttled ??= answer;
        else await answer.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(defaultSignInPolicy.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - defaultSignInPolicy.perAccount);
    const retryAfter = Number(throttled!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(defaultSignInPolicy.windowMs / 1000);
    const body = await throttled!.json();
    expect(body.error.code).toBe("too_many_requests");
    expect(body.error.message).toMatch(/Try again in \d+ seconds/);
    // The right password is refused too while the account is throttled.
    expect((await attempt(tenant.ownerEmail, "owner-password-1", "198.51.100.250")).status).toBe(429);
  });

  it("one address guessing many accounts is throttled after its limit", async () => {
    const statuses = await Promise.all(
      Array.from({ length: perAddress + 10 }, async (_, i) => (await attempt(`nobody-${i}@example.test`, "wrong-password", "203.0.113.9")).status),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(perAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Another address is not affected.
    expect((await attempt("nobody-else@example.test", "wrong-password", "203.0.113.10")).status).toBe(401);
  });

  it("successful sign-ins do not use up the address's attempts", async () => {
    const operatorLike = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    for (let i = 0; i < perAddress + 5; i++) {
      expect((await attempt(operatorLike.ownerEmail, "owner-password-1", "203.0.113.20")).status).toBe(200);
    }
  });
});

describe("email enumeration", () => {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  async function timed(email: string, address: string): Promise<number> {
    const started = performance.now();
    const answer = await attempt(email, "wrong-password", address);
    expect(answer.status).toBe(401);
    await answer.body?.cancel();
    return performance.now() - started;
  }

  it("an unknown email takes as long as a wrong password for a known one, with the same answer", async () => {
    const known = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      knownTimes.push(await timed(known.ownerEmail, `192.0.2.${i + 1}`));
      unknownTimes.push(await timed(`nobody-${i}-${known.ownerEmail}`, `192.0.2.${i + 101}`));
    }
    const ratio = median(unknownTimes) / median(knownTimes);
    expect(ratio, `unknown ${median(unknownTimes).toFixed(1)} ms vs known ${median(knownTimes).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)(`sign-in throttling on PostgreSQL${adminUrl ? "" : " (skipped: needs TEST_DATABASE_URL)"}`, () => {
  it("every spelling of an email that finds the account shares its counter (PostgreSQL's lower() folds İ to i)", async () => {
    const database = await freshDatabase(adminUrl!, "tollgate_throttle");
    const postgres = await startTollgate({ DATABASE_URL: database.url, TOLLGATE_SIGNIN_MAX_PER_ACCOUNT: "3" });
    try {
      const operator = await signInOperator(postgres.url);
      const email = `${unique("victim")}@example.test`;
      const password = "owner-password-1";
      const { error } = await operator.POST("/api/admin/organizations", { body: { name: unique("Org"), group_routing: false, owner: { email, name: "Owner", password } } });
      expect(error).toBeUndefined();
      const signIn = async (spelling: string, guess: string) =>
        (await fetch(`${postgres.url}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: spelling, password: guess }) })).status;
      const dotted = email.replace("i", "\u0130");
      expect(email.toLowerCase()).not.toBe(dotted.toLowerCase()); // JavaScript tells them apart; the database does not
      for (let guess = 0; guess < 3; guess++) expect(await signIn(email, `wrong-${guess}`)).toBe(401);
      expect(await signIn(dotted, password)).toBe(429);
      expect(await signIn(email, password)).toBe(429);
      // An email no account has is counted the same way, so the answers tell nothing about which exist.
      const nobody = `${unique("nobody-i")}@example.test`;
      for (let guess = 0; guess < 3; guess++) expect(await signIn(nobody, `wrong-${guess}`)).toBe(401);
      expect(await signIn(nobody.replace("i", "\u0130"), "wrong-again")).toBe(429);
    } finally {
      await postgres.stop();
      await database.drop();
    }
  });
});
