// A compaction (a Responses compaction_trigger on a translated group) whose upstream writes no
// summary: a model that calls a tool though none may be called, as a scripted Anthropic upstream
// does here. An empty compaction item would have the caller drop its whole history for nothing;
// it gets a failed response instead (responses.compact: a 502), its history untouched for a retry.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { sseEvent, type ScriptedUpstream, useScriptedRelay } from "../helpers/scripted-upstream.ts";

let env: RelayEnv;
let scripted: ScriptedUpstream;
useScriptedRelay({ quietCircuits: true }, (started) => ({ env, scripted } = started));

const usage = { input_tokens: 120, output_tokens: 9 };
/** Anthropic's stream of a turn that answers only a tool call. */
const onlyAToolCall = [
  sseEvent("message_start", { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } }),
  sseEvent("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: "shell", input: {} } }),
  sseEvent("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"cmd":"ls"}' } }),
  sseEvent("content_block_stop", { type: "content_block_stop", index: 0 }),
  sseEvent("message_delta", { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage }),
  sseEvent("message_stop", { type: "message_stop" }),
];

const params = {
  model: "claude-sonnet-4-6",
  tools: [{ type: "function" as const, name: "shell", parameters: { type: "object", properties: { cmd: { type: "string" } } }, strict: false }],
  input: [{ role: "user", content: "List the files." }, { type: "compaction_trigger" }] as OpenAI.Responses.ResponseInputItem[],
};

describe("a compaction the upstream answers with no summary", () => {
  it("is a failed response, not an empty compaction item (no stream)", async () => {
    scripted.play(onlyAToolCall);
    const openai = new OpenAI({ apiKey: await env.key("claude-smart", unique("cmp-empty")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const response = await openai.responses.create(params);
    expect(response.status).toBe("failed");
    expect(response.output).toEqual([]);
    expect(response.error).toEqual({ code: "server_error", message: expect.stringContaining("no summary") });
  });

  it("is response.failed, with no compaction item, in a stream", async () => {
    scripted.play(onlyAToolCall);
    const openai = new OpenAI({ apiKey: await env.key("claude-smart", unique("cmp-empty")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await openai.responses.create({ ...params, stream: true })) events.push(event);
    expect(events.some((event) => event.type === "response.output_item.done")).toBe(false);
    const last = events.at(-1)!;
    expect(last.type).toBe("response.failed");
    expect((last as OpenAI.Responses.ResponseFailedEvent).response.error).toEqual({ code: "server_error", message: expect.stringContaining("no summary") });
  });

  it("is a 502 of responses.compact naming why, and the history is the caller's to retry with", async () => {
    scripted.play(onlyAToolCall);
    const openai = new OpenAI({ apiKey: await env.key("claude-smart", unique("cmp-empty")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const compact = openai.responses.compact({ ...params, input: params.input.slice(0, -1) });
    await expect(compact).rejects.toMatchObject({ status: 502, error: { message: expect.stringMatching(/without a compaction item: .*no summary/) } });
  });
});
