// TOLLGATE_TRUST_PROXY decides whose X-Forwarded-* headers count. Observed from outside: the
// per-address sign-in limit (does each forwarded address get its own count?) and the session
// cookie's Secure attribute (does X-Forwarded-Proto: https make the request secure?).
import { afterAll, describe, expect, it } from "vitest";
import { adminEmail, adminPassword, type Tollgate, startTollgate } from "../helpers/tollgate.ts";

const started: Tollgate[] = [];
afterAll(async () => {
  await Promise.all(started.map((tollgate) => tollgate.stop()));
});

async function gateway(trust: string | undefined): Promise<Tollgate> {
  const tollgate = await startTollgate({ TOLLGATE_SIGNIN_MAX_PER_ADDRESS: "2", ...(trust === undefined ? {} : { TOLLGATE_TRUST_PROXY: trust }) });
  started.push(tollgate);
  return tollgate;
}

function signIn(tollgate: Tollgate, headers: Record<string, string>, email = adminEmail, password = adminPassword) {
  return fetch(`${tollgate.url}/api/session`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ email, password }) });
}

/** Three failed sign-ins, each from a different forwarded address: all 401 when each address counts apart, the third 429 when they count as one. */
async function failuresFromThreeAddresses(tollgate: Tollgate, forwarded: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i++) statuses.push((await signIn(tollgate, { "x-forwarded-for": forwarded(i) }, `nobody-${i}@example.test`, "wrong-password")).status);
  return statuses;
}

describe("TOLLGATE_TRUST_PROXY", () => {
  it("unset: the proxy on loopback is trusted for the client address and the scheme", async () => {
    const tollgate = await gateway(undefined);
    expect(await failuresFromThreeAddresses(tollgate, (i) => `198.51.100.${i}`)).toEqual([401, 401, 401]);
    const secure = await signIn(tollgate, { "x-forwarded-proto": "https" });
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure$/);
    const plain = await signIn(tollgate, {});
    expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/);
  });

  it("none: forwarded headers are ignored; every request is the peer's own address and scheme", async () => {
    const tollgate = await gateway("none");
    const answer = await signIn(tollgate, { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.200" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).not.toMatch(/Secure/);
    expect(await failuresFromThreeAddresses(tollgate, (i) => `198.51.100.${i}`)).toEqual([401, 401, 429]);
  });

  it("a CIDR that does not hold the peer (a load balancer elsewhere): not trusted", async () => {
    const tollgate = await gateway("10.0.0.0/8");
    expect(await failuresFromThreeAddresses(tollgate, (i) => `198.51.100.${i}`)).toEqual([401, 401, 429]);
  });

  it("one hop: the address the nearest proxy saw counts, not what the client claimed before it", async () => {
    const tollgate = await gateway("1");
    // A client forging the first entry gains nothing: the proxy appended the real address (the same each time).
    expect(await failuresFromThreeAddresses(tollgate, (i) => `203.0.113.${i}, 198.51.100.77`)).toEqual([401, 401, 429]);
    expect(await failuresFromThreeAddresses(tollgate, (i) => `203.0.113.9, 198.51.100.${i}`)).toEqual([401, 401, 401]);
    const secure = await signIn(tollgate, { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.20" });
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure$/);
  });
});
