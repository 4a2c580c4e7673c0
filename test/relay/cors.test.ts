// CORS on the relay (issue 20): off by default; with TOLLGATE_CORS_ORIGINS a preflight from an
// allowed origin is a 204 naming the methods and echoing the headers the SDKs ask for, and every
// answer to that origin — success, error, stream — carries Access-Control-Allow-Origin. Other
// origins get no CORS headers.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Exactly these headers (fetch would add or refuse some, Origin among them). */
function raw(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url, { method, headers: { ...(payload ? { "content-type": "application/json" } : {}), ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", fail);
    req.end(payload);
  });
}

const app = "https://app.example.com";
const sdkHeaders = "x-api-key,anthropic-version,anthropic-dangerous-direct-browser-access,content-type,x-stainless-os,x-stainless-retry-count";
const preflight = (url: string, origin: string, headers = sdkHeaders) =>
  raw(url, "OPTIONS", { origin, "access-control-request-method": "POST", "access-control-request-headers": headers });

let env: RelayEnv;
let key: string;

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_CORS_ORIGINS: `${app}, http://localhost:5173` } });
  key = await env.key("claude-smart");
});
afterAll(async () => {
  await env?.stop();
});

describe("with TOLLGATE_CORS_ORIGINS", () => {
  it("answers a preflight from an allowed origin with 204, the methods and the requested headers", async () => {
    for (const path of ["/v1/messages", "/v1/chat/completions", "/v1beta/models/gemini-2.5-flash:streamGenerateContent", "/v1/models/gpt-5"]) {
      const answer = await preflight(`${env.tollgate.url}${path}`, app);
      expect(answer.status, path).toBe(204);
      expect(answer.headers["access-control-allow-origin"]).toBe(app);
      expect(String(answer.headers["access-control-allow-methods"])).toContain("POST");
      expect(answer.headers["access-control-allow-headers"]).toBe(sdkHeaders);
      expect(String(answer.headers.vary)).toMatch(/Origin/);
    }
    const google = await preflight(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, "http://localhost:5173", "x-goog-api-key,content-type");
    expect(google.headers["access-control-allow-headers"]).toBe("x-goog-api-key,content-type");
  });

  it("gives an origin that is not allowed no CORS headers (its preflight is the relay's 405)", async () => {
    const answer = await preflight(`${env.tollgate.url}/v1/messages`, "https://evil.example");
    expect(answer.status).toBe(405);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    const call = await raw(`${env.tollgate.url}/v1/models`, "GET", { origin: "https://evil.example", "x-api-key": key, "anthropic-version": "2023-06-01" });
    expect(call.status).toBe(200);
    expect(call.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("puts Access-Control-Allow-Origin on answers, errors and streams for an allowed origin", async () => {
    const headers = { origin: app, "x-api-key": key, "anthropic-version": "2023-06-01", "anthropic-dangerous-direct-browser-access": "true" };
    const body = { model: "claude-sonnet-4-6", max_tokens: 32, messages: [{ role: "user", content: "Hi from a browser" }] };
    const json = await raw(`${env.tollgate.url}/v1/messages`, "POST", headers, body);
    expect(json.status).toBe(200);
    expect(json.headers["access-control-allow-origin"]).toBe(app);
    expect(String(json.headers["access-control-expose-headers"])).toContain("request-id");

    const stream = await raw(`${env.tollgate.url}/v1/messages`, "POST", headers, { ...body, stream: true });
    expect(stream.headers["content-type"]).toMatch(/text\/event-stream/);
    expect(stream.headers["access-control-allow-origin"]).toBe(app);
    expect(stream.body).toContain("event: message_stop");

    const unauthenticated = await raw(`${env.tollgate.url}/v1/messages`, "POST", { ...headers, "x-api-key": "tg-wrong" }, body);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers["access-control-allow-origin"]).toBe(app);
    const invalid = await raw(`${env.tollgate.url}/v1/messages`, "POST", headers, { ...body, max_tokens: undefined });
    expect(invalid.status).toBe(400);
    expect(invalid.headers["access-control-allow-origin"]).toBe(app);
  });
});

describe("by default", () => {
  let plain: Tollgate;
  beforeAll(async () => {
    plain = await startTollgate();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it("sends no CORS headers, and a preflight is a 405", async () => {
    const answer = await preflight(`${plain.url}/v1/messages`, app);
    expect(answer.status).toBe(405);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    const models = await raw(`${plain.url}/v1/models`, "GET", { origin: app });
    expect(models.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
