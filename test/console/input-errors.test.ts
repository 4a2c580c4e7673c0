// Bad console input gets a 4xx that names the field, never a 500: malformed headers and cookies,
// empty ids, and names that are already taken (issue 8, defect 7).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, groupsByIdentifier, signInOperator, unique } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: { error?: { code: string; message: string; field?: string } } };

/** A request with exactly these headers: fetch would refuse or rewrite some of them. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${url}${path}`, { method, headers: { ...(payload ? { "content-type": "application/json" } : {}), ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : {} }));
    });
    req.on("error", fail);
    req.end(payload);
  });
}

let tollgate: Tollgate;
let operator: Console;
let cookie: string;
let groupId: string;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  groupId = (await groupsByIdentifier(operator)).get("claude-smart")!.id;
  const signedIn = await raw(tollgate.url, "POST", "/api/session", {}, { email: adminEmail, password: adminPassword });
  cookie = String(signedIn.headers["set-cookie"]).split(";")[0];
});

afterAll(async () => {
  await tollgate?.stop();
});

const channel = (name: string, groupIds: string[]) => ({ name, kind: "anthropic", credentials: ["sk-test-credential"], group_ids: groupIds });

describe("console input errors", () => {
  it("a malformed Origin header is refused with 403 naming the header", async () => {
    const answer = await raw(tollgate.url, "POST", "/api/session", { origin: "http://[not a host" }, { email: adminEmail, password: "wrong-password" });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: "forbidden", field: "origin" });
    expect(answer.body.error!.message).toMatch(/Origin/);
  });

  it("a session cookie with a malformed percent-encoding is no session (401), not a 500", async () => {
    const answer = await raw(tollgate.url, "GET", "/api/me", { cookie: "tollgate_session=%E0%A4%A" });
    expect(answer.status).toBe(401);
    expect(answer.body.error?.code).toBe("unauthenticated");
    // Public pages still work with the junk cookie, and signing in replaces it.
    expect((await raw(tollgate.url, "GET", "/api/marketplace", { cookie: "tollgate_session=%" })).status).toBe(200);
  });

  it("an empty group id is a 400 naming group_ids, on create and on update", async () => {
    const created = await raw(tollgate.url, "POST", "/api/admin/channels", { cookie }, channel(unique("chan"), [""]));
    expect(created.status).toBe(400);
    expect(created.body.error!.field).toMatch(/^group_ids/);
    expect(created.body.error!.message).toMatch(/group_ids/);

    const ok = await raw(tollgate.url, "POST", "/api/admin/channels", { cookie }, channel(unique("chan"), [groupId]));
    expect(ok.status).toBe(201);
    const id = (ok.body as unknown as { id: string }).id;
    const updated = await raw(tollgate.url, "PATCH", `/api/admin/channels/${id}`, { cookie }, { group_ids: [""] });
    expect(updated.status).toBe(400);
    expect(updated.body.error!.field).toMatch(/^group_ids/);
  });

  it("an unknown group id is a 400 naming group_ids, and member grants reject empty ids too", async () => {
    const unknown = await raw(tollgate.url, "POST", "/api/admin/channels", { cookie }, channel(unique("chan"), ["grp_nope"]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.field).toBe("group_ids");
    const organizations = await operator.GET("/api/admin/organizations");
    const org = organizations.data!.data[0];
    if (org) {
      const grant = await raw(tollgate.url, "PUT", `/api/admin/organizations/${org.id}/exclusive-groups`, { cookie }, { group_ids: [""] });
      expect(grant.status).toBe(400);
    }
  });

  it("a malformed path, body or charset is a 4xx with the console's error shape", async () => {
    const badPath = await raw(tollgate.url, "PATCH", "/api/admin/channels/%E0%A4%A", { cookie }, { enabled: true });
    expect(badPath.status).toBeGreaterThanOrEqual(400);
    expect(badPath.status).toBeLessThan(500);
    const badJson = await new Promise<number>((done, fail) => {
      const req = request(`${tollgate.url}/api/session`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        res.resume();
        done(res.statusCode!);
      });
      req.on("error", fail);
      req.end('{"email": ');
    });
    expect(badJson).toBe(400);
    const badCharset = await raw(tollgate.url, "POST", "/api/session", { "content-type": "application/json; charset=klingon" }, { email: "a@b.c", password: "x" });
    expect([400, 415]).toContain(badCharset.status);
    expect(badCharset.body.error?.code).toBe("invalid_request");
  });

  it("renaming a channel to another channel's name is a 409 naming name", async () => {
    const first = unique("chan");
    expect((await raw(tollgate.url, "POST", "/api/admin/channels", { cookie }, channel(first, [groupId]))).status).toBe(201);
    const second = await raw(tollgate.url, "POST", "/api/admin/channels", { cookie }, channel(unique("chan"), [groupId]));
    const id = (second.body as unknown as { id: string }).id;
    const renamed = await raw(tollgate.url, "PATCH", `/api/admin/channels/${id}`, { cookie }, { name: first });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toMatchObject({ code: "conflict", field: "name" });
    // Keeping its own name is no conflict.
    const same = await raw(tollgate.url, "PATCH", `/api/admin/channels/${id}`, { cookie }, { name: (second.body as unknown as { name: string }).name });
    expect(same.status).toBe(200);
  });
});
