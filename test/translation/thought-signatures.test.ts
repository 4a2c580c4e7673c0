// Gemini's thought signatures that a chat caller drops (chat agents do not send back the
// `reasoning_details` that carry them): Gemini 3 refuses the next turn's function call without its
// signature, so the gateway gives back the one it answered the call with (its memory, per key and
// tool-call id: server/translate/signature-memory.ts), or else Google's documented fallback. Gemini
// 2.5 does not require it and gets none added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { TOOL } from "./sdk-helpers.ts";

let env: RelayEnv;
let groupId: string;
beforeAll(async () => {
  env = await startRelayEnv();
  const identifier = unique("gemini-signatures").toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: {
      name: identifier,
      identifier,
      family: "C",
      translated_interfaces: ["chat"],
      multiplier_milli: 1000,
      visibility: "public",
      models: ["gemini-3-flash-preview", "gemini-2.5-flash"].map((model_id) => ({ model_id, prices: { input: 1, output: 1 } })),
    },
  });
  if (group.error) throw new Error(JSON.stringify(group.error));
  groupId = group.data!.id;
  const channel = await env.operator.POST("/api/admin/channels", {
    body: { name: identifier, kind: "gemini", base_url: env.mocks.gemini.url, credentials: [upstreamKeys.gemini], group_ids: [groupId], priority: 0 },
  });
  if (channel.error) throw new Error(JSON.stringify(channel.error));
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const chat = (key: string, body: object) =>
  fetch(`${env.tollgate.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
const tools = [{ type: "function", function: TOOL }];

/** A tool loop's first turn, then the second sent as a chat agent does: the assistant's tool call back without its reasoning_details. */
async function loopDroppingReasoning(model: string, firstKey: string, secondKey = firstKey) {
  env.mocks.gemini.next("thinking-tool", "thinking-tool");
  const messages: any[] = [{ role: "user", content: "Read the README, please." }];
  const first = await chat(firstKey, { model, messages, tools });
  expect(first.status, await first.clone().text()).toBe(200);
  const message = (await first.json()).choices[0].message;
  expect(message.tool_calls).toHaveLength(1);
  expect(message.reasoning_details?.length).toBeGreaterThan(0); // the gateway gave it; the agent drops it
  const { reasoning_details: _, ...dropped } = message;
  messages.push(dropped, { role: "tool", tool_call_id: message.tool_calls[0].id, content: "The README says hello." });
  const from = env.mocks.gemini.requests.length;
  const second = await chat(secondKey, { model, messages, tools });
  const upstream = env.mocks.gemini.requests[from];
  const call = upstream.body.contents.find((content: any) => content.role === "model").parts.find((part: any) => part.functionCall);
  return { second, call, issued: env.mocks.gemini.issued() };
}

describe("a chat caller that drops Gemini's thought signatures", () => {
  it("on Gemini 3, the next turn gets the signature the gateway answered the call with, byte-exact", async () => {
    const key = await createKey(env.tenant.owner, groupId);
    const { second, call, issued } = await loopDroppingReasoning("gemini-3-flash-preview", key);
    expect(second.status, await second.clone().text()).toBe(200);
    expect(issued).toContain(call.thoughtSignature);
  });

  it("on Gemini 3, another key's history (whose signatures the gateway never gave it) gets Google's documented fallback, and is answered", async () => {
    const [one, other] = [await createKey(env.tenant.owner, groupId), await createKey(env.tenant.owner, groupId)];
    const { second, call } = await loopDroppingReasoning("gemini-3-flash-preview", one, other);
    expect(second.status, await second.clone().text()).toBe(200);
    expect(call.thoughtSignature).toBe("skip_thought_signature_validator");
  });

  it("on Gemini 2.5, which does not require it, no fallback is added where the gateway has none", async () => {
    const [one, other] = [await createKey(env.tenant.owner, groupId), await createKey(env.tenant.owner, groupId)];
    const { second, call } = await loopDroppingReasoning("gemini-2.5-flash", one, other);
    expect(second.status, await second.clone().text()).toBe(200);
    expect(call.thoughtSignature).toBeUndefined();
  });
});
