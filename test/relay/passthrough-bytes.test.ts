// Passthrough forwards the client's bytes: what reaches the upstream is byte for byte what the
// client sent, except the members the relay must change (the model when the upstream's id
// differs, include_usage on chat streams, stream on Responses), which are changed in place. A
// parse–serialize round trip would rewrite every body below (`1.0`, `1e3`, `\u00e9`, whitespace).
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv();
  // The bodies here carry vendor extensions on purpose (bytes the relay must pass untouched); the strict mocks accept these.
  for (const mock of Object.values(env.mocks)) mock.allowFields("x_vendor", "x", "y");
});
afterAll(async () => {
  await env?.stop();
});

/** Vendor fields the contract does not model, numbers a round trip would rewrite, escapes and odd spacing. */
const oddities = `"x_vendor": {"ratio": 1.0, "big": 1e3, "neg": -0.0, "esc": "caf\\u00e9 \\ud83d\\ude00 \\"q\\" / \\/", "raw": "café ☕"} ,\n\t"metadata"  :  {"user_id":"u-1"}`;

type Call = { path: string; headers: Record<string, string>; body: string | Buffer; mock: () => RelayEnv["mocks"][keyof RelayEnv["mocks"]] };

async function send(call: Call): Promise<{ status: number; text: string; upstream: string }> {
  const mock = call.mock();
  const before = mock.requests.length;
  const response = await fetch(`${env.tollgate.url}${call.path}`, { method: "POST", headers: { "content-type": "application/json", ...call.headers }, body: typeof call.body === "string" ? call.body : new Uint8Array(call.body) });
  const text = await response.text();
  expect(mock.requests.length, text).toBe(before + 1);
  return { status: response.status, text, upstream: mock.requests.at(-1)!.raw };
}

const anthropicHeaders = (key: string) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("a same-model call goes upstream as the bytes the client sent", () => {
  it("in all four interfaces", async () => {
    const messages = `{ ${oddities},\n  "messages":[{"role":"user","content":"Hi \\u00e9"}], "max_tokens" : 64,\r\n "model":"claude-sonnet-4-6" }`;
    const chat = `{"messages" : [ {"role":"user","content":"Hi"} ],${oddities},"model":"gpt-4o-mini","max_tokens":64 }`;
    const responses = `{"input":"Hi","stream" : true,${oddities}, "model":"gpt-4o-mini"}`;
    const gemini = `{\n  "contents": [{"role":"user","parts":[{"text":"Hi"}]}],\n  "generationConfig": {"temperature": 1.0, "maxOutputTokens": 1e3},\n  "x_vendor": {"big": 1E3}\n}`;
    const calls: [string, Call][] = [
      ["messages", { path: "/v1/messages", headers: anthropicHeaders(await env.key("claude-smart")), body: messages, mock: () => env.mocks.anthropic }],
      ["chat", { path: "/v1/chat/completions", headers: bearer(await env.key("gpt-trial")), body: chat, mock: () => env.mocks.openai }],
      ["responses", { path: "/v1/responses", headers: bearer(await env.key("gpt-trial")), body: responses, mock: () => env.mocks.openai }],
      [
        "generateContent",
        { path: "/v1beta/models/gemini-2.5-flash:generateContent", headers: { "x-goog-api-key": await env.key("gemini-official") }, body: gemini, mock: () => env.mocks.gemini },
      ],
    ];
    for (const [name, call] of calls) {
      const { status, text, upstream } = await send(call);
      expect(status, `${name}: ${text}`).toBe(200);
      expect(upstream, name).toBe(call.body);
    }
  });

  it("through a group-qualified Family C path, and with a byte-order mark dropped", async () => {
    const key = await env.key("gemini-official");
    const body = `{"contents":[{"parts":[{"text":"Hi"}]}],"x_vendor":1.50}`;
    const { status, upstream } = await send({
      path: "/v1beta/models/gemini-official/gemini-2.5-flash:streamGenerateContent?alt=sse",
      headers: { "x-goog-api-key": key },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]),
      mock: () => env.mocks.gemini,
    });
    expect(status).toBe(200);
    expect(upstream).toBe(body);
  });

  it("inflated from gzip, as the bytes the client compressed", async () => {
    const key = await env.key("claude-smart");
    const body = `{"model":"claude-sonnet-4-6",  "max_tokens":64,"messages":[{"role":"user","content":"Hi"}],${oddities}}`;
    const { status, upstream } = await send({ path: "/v1/messages", headers: { ...anthropicHeaders(key), "content-encoding": "gzip" }, body: gzipSync(body), mock: () => env.mocks.anthropic });
    expect(status).toBe(200);
    expect(upstream).toBe(body);
  });
});

describe("an agent-sized body (parsed in pieces)", () => {
  it("is relayed as its bytes and validated like any other", async () => {
    const key = await env.key("claude-smart");
    const body = messagesRequest("claude-sonnet-4-6", false);
    expect(body.length).toBeGreaterThan(100_000);
    const { status, upstream } = await send({ path: "/v1/messages", headers: anthropicHeaders(key), body, mock: () => env.mocks.anthropic });
    expect(status).toBe(200);
    expect(upstream).toBe(body);

    // The contract still sees every part: a message whose content has a type the contract refuses, deep in the list.
    const broken = body.replace('{"role":"assistant","content":[', '{"role":"assistant","content":7,"x":[');
    const refused = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json", ...anthropicHeaders(key) }, body: broken });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain("messages");

    // And JSON that is not JSON between two pieces is refused as JSON.parse refuses it.
    const malformed = body.replace('},{"role":"user"', '} {"role":"user"');
    const bad = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json", ...anthropicHeaders(key) }, body: malformed });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("many at once, in rounds, each arrive upstream as their own bytes (the slabs they are read into are reused)", async () => {
    const key = await env.key("claude-smart");
    const base = messagesRequest("claude-sonnet-4-6", false);
    // Odd rounds name the model group-qualified: the bytes sent are an edited copy, built in a slab of its own.
    for (let round = 0; round < 4; round++) {
      const model = round % 2 ? '"claude-smart/claude-sonnet-4-6"' : '"claude-sonnet-4-6"';
      // Different lengths too, so a reused slab holds the tail of a longer body from before.
      const bodies = Array.from({ length: 8 }, (_, i) =>
        base.replace('"claude-sonnet-4-6"', model).replace('"content":"', `"content":"round ${round} call ${i} ${"x".repeat(((i * 7919) % 20_000) + round * 3000)} `),
      );
      expect(new Set(bodies).size).toBe(8);
      await Promise.all(
        bodies.map(async (body) => {
          const response = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json", ...anthropicHeaders(key) }, body });
          expect(response.status, await response.text()).toBe(200);
        }),
      );
      const received = env.mocks.anthropic.requests.slice(-8).map((request) => request.raw);
      expect(new Set(received)).toEqual(new Set(bodies.map((body) => body.replace(model, '"claude-sonnet-4-6"'))));
    }
  });
});

describe("what must change is changed in place, and nothing else", () => {
  it("a group-qualified call name becomes the model's id", async () => {
    const key = await env.key("gpt-trial");
    const body = `{"model" : "gpt-trial/gpt-4o-mini",${oddities},"messages":[{"role":"user","content":"Hi"}]}`;
    const { status, upstream } = await send({ path: "/v1/chat/completions", headers: bearer(key), body, mock: () => env.mocks.openai });
    expect(status).toBe(200);
    expect(upstream).toBe(body.replace('"gpt-trial/gpt-4o-mini"', '"gpt-4o-mini"'));
  });

  it("a channel's model mapping becomes the upstream id", async () => {
    const group = env.groups.get("claude-premium")!;
    const created = await env.operator.POST("/api/admin/channels", {
      body: {
        name: unique("mapped-anthropic"),
        kind: "anthropic",
        base_url: env.mocks.anthropic.url,
        credentials: [upstreamKeys.anthropic],
        group_ids: [group.id],
        model_mapping: { "claude-opus-4-6": "claude-opus-4-6-20260101" },
        priority: 10,
      },
    });
    expect(created.response.status).toBe(201);
    const key = await env.key("claude-premium");
    const body = `{"max_tokens":64,"messages":[{"role":"user","content":"Hi"}],${oddities},"model":"claude-opus-4-6"}`;
    // The catalog picks up the new channel within a second.
    let upstream = "";
    for (let attempt = 0; attempt < 20 && !upstream.includes("20260101"); attempt++) {
      ({ upstream } = await send({ path: "/v1/messages", headers: anthropicHeaders(key), body, mock: () => env.mocks.anthropic }));
      if (!upstream.includes("20260101")) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(upstream).toBe(body.replace('"claude-opus-4-6"', '"claude-opus-4-6-20260101"'));
  });

  it("a chat stream gets include_usage, added or set, and the client's other stream options are kept", async () => {
    const key = await env.key("gpt-trial");
    const without = `{"model":"gpt-4o-mini","stream":true,${oddities},"messages":[{"role":"user","content":"Hi"}]}`;
    const added = await send({ path: "/v1/chat/completions", headers: bearer(key), body: without, mock: () => env.mocks.openai });
    expect(added.upstream).toBe(`{"stream_options":{"include_usage":true},${without.slice(1)}`);
    // The usage chunk the client did not ask for is not forwarded to it.
    expect(added.text).not.toContain('"choices":[]');

    const withOptions = `{"model":"gpt-4o-mini","stream":true,"stream_options" : {"include_usage":false,"x_option":1.0},"messages":[{"role":"user","content":"Hi"}]}`;
    const set = await send({ path: "/v1/chat/completions", headers: bearer(key), body: withOptions, mock: () => env.mocks.openai });
    expect(set.upstream).toBe(withOptions.replace(`{"include_usage":false,"x_option":1.0}`, `{"include_usage":true,"x_option":1}`));

    const asked = `{"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Hi"}]}`;
    expect((await send({ path: "/v1/chat/completions", headers: bearer(key), body: asked, mock: () => env.mocks.openai })).upstream).toBe(asked);
  });

  it("a Responses call without stream is streamed upstream and answered whole", async () => {
    const key = await env.key("gpt-trial");
    const absent = `{"model":"gpt-4o-mini",${oddities},"input":"Hi"}`;
    const first = await send({ path: "/v1/responses", headers: bearer(key), body: absent, mock: () => env.mocks.openai });
    expect(first.upstream).toBe(`{"stream":true,${absent.slice(1)}`);
    expect(JSON.parse(first.text)).toMatchObject({ object: "response", status: "completed" });

    const off = `{"model":"gpt-4o-mini","stream" : false,"input":"Hi"}`;
    expect((await send({ path: "/v1/responses", headers: bearer(key), body: off, mock: () => env.mocks.openai })).upstream).toBe(off.replace("false", "true"));
  });

  it("a body with a top-level key twice is sent as it was validated and billed: the last occurrence, once", async () => {
    const name = unique("duplicate-model");
    const key = await env.key("claude-smart", name);
    const body = `{"model":"claude-opus-4-6","max_tokens":64,"messages":[{"role":"user","content":"Hi"}],"model":"claude-haiku-4-5"}`;
    const { status, upstream } = await send({ path: "/v1/messages", headers: anthropicHeaders(key), body, mock: () => env.mocks.anthropic });
    expect(status).toBe(200);
    expect(upstream.match(/"model"/g)).toHaveLength(1);
    expect(JSON.parse(upstream).model).toBe("claude-haiku-4-5");
    const [call] = await env.ledger(name);
    expect(call.model_id).toBe("claude-haiku-4-5");
  });

  it("a member the relay reads below the top level goes as it was read, not with a key inside it twice", async () => {
    const key = await env.key("gpt-trial");
    const body = `{"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":false,"include_usage":true},"messages":[{"role":"user","content":"Hi"}]}`;
    const { upstream } = await send({ path: "/v1/chat/completions", headers: bearer(key), body, mock: () => env.mocks.openai });
    expect(upstream).toBe(body.replace(`{"include_usage":false,"include_usage":true}`, `{"include_usage":true}`));
  });
});

describe("bytes the relay must not forward", () => {
  it("a key with a bad escape is a 400, and the worker lives on", async () => {
    const key = await env.key("claude-smart");
    const headers = { "content-type": "application/json", ...anthropicHeaders(key) };
    const bad = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers, body: `{"\\q":1}` });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    const good = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers, body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 8, messages: [{ role: "user", content: "Hi" }] }) });
    expect(good.status).toBe(200);
  });

  it("a body decoded from another charset goes upstream as what was validated, routed and billed", async () => {
    // Valid JSON twice over: read as UTF-8 its model is gpt-4o-mini; decoded as UTF-7 (what the
    // content type says, behind a quoted parameter) a second `model` member appears: gpt-5.
    const name = unique("utf7");
    const key = await env.key("gpt-trial", name);
    const body = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}],"x":"+ACI-,+ACI-model+ACI-:+ACI-gpt-5+ACI-,+ACI-y+ACI-:+ACI-"}`;
    const before = env.mocks.openai.requests.length;
    const answer = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": 'application/json; x="; charset=utf-8"; charset=utf-7', ...bearer(key) },
      body,
    });
    if (answer.status === 200) {
      const [call] = await env.ledger(name);
      expect(JSON.parse(env.mocks.openai.requests.at(-1)!.raw).model).toBe(call.model_id);
    } else {
      expect(env.mocks.openai.requests.length).toBe(before);
    }
  });
});

