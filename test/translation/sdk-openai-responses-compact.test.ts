// The OpenAI JS SDK's `responses.compact` (POST /v1/responses/compact) on a GPT group (OpenAI
// compacts: its opaque item comes back as it was made, and goes back upstream byte-exact) and on a
// Claude and a Gemini group (the model writes a summary that the item carries): the answer is the
// input's user messages then one compaction item, its usage is the call's, and it is billed as a
// response and logged as the compaction it is.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { expectLedger, groups, keyFor, mark, TOOL, TOOL_ARGUMENT, TOOL_RESULT, upstreamSince, useSdkEnv } from "./sdk-helpers.ts";

let env: RelayEnv;
useSdkEnv("responses", ["gpt", "claude", "gemini"], (started) => (env = started));

type Input = OpenAI.Responses.ResponseInputItem[];
const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const tools: OpenAI.Responses.Tool[] = [{ type: "function", ...TOOL, strict: false }];
const history: Input = [
  { role: "developer", content: "You fix tests." },
  { role: "user", content: "Fix the failing test." },
  { type: "function_call", call_id: "call_1", name: TOOL.name, arguments: JSON.stringify({ path: TOOL_ARGUMENT }) },
  { type: "function_call_output", call_id: "call_1", output: TOOL_RESULT },
  { role: "user", content: [{ type: "input_text", text: "And keep it short." }] },
];

describe.each([["gpt", groups.gpt], ["claude", groups.claude], ["gemini", groups.gemini]] as const)("responses.compact on the %s group", (name, group) => {
  it("answers the input's user messages then one compaction item, with the call's usage, billed as a response; sent back, the item continues the conversation", async () => {
    const key = await keyFor(env, group, `compact-${name}`);
    const openai = client(key.secret);
    const since = mark(env, group);
    const { data: compacted, response } = await openai.responses.compact({ model: group.model, input: history }).withResponse();
    expect(compacted).toMatchObject({ object: "response.compaction", id: expect.any(String), created_at: expect.any(Number) });
    // User messages come back as OpenAI echoes them: content as a list of parts, whichever way it was sent.
    expect(compacted.output).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "Fix the failing test." }] },
      { type: "message", role: "user", content: [{ type: "input_text", text: "And keep it short." }] },
      { id: expect.any(String), type: "compaction", encrypted_content: expect.any(String) },
    ]);
    const [asked] = upstreamSince(env, group, since);
    // The upstream was asked for a compaction of the whole conversation.
    if (name === "gpt") expect(asked.body.input.at(-1)).toEqual({ type: "compaction_trigger" });
    else expect(JSON.stringify(asked.body)).toContain("Your context is about to be replaced by a summary");
    expect(JSON.stringify(asked.body)).toContain(TOOL_RESULT);
    // The id the SDK reads is the billed call's.
    const [call] = await env.ledger(key.name);
    expect(response.headers.get("x-request-id")).toBe(call.request_id);
    expect(compacted.usage).toMatchObject({ input_tokens: call.input_tokens, output_tokens: call.output_tokens });
    // Logged as the compaction the caller made, not as the response call inside it.
    await expectLedger(env, key.name, group, [asked], { interface: "responses/compact", stream: [false] });

    // The compacted output is the next response's input: the history is gone, the item stands for it.
    const next = await openai.responses.create({ model: group.model, tools, input: [...(compacted.output as Input), { role: "user", content: "Go on." }] });
    expect(next.status).toBe("completed");
    const [, continued] = upstreamSince(env, group, since);
    expect(JSON.stringify(continued.body)).not.toContain(TOOL_RESULT);
    if (name === "gpt") expect(continued.body.input[2]).toEqual(compacted.output[2]);
    else expect(JSON.stringify(continued.body)).toContain("The conversation before this point was compacted");
    expect((await env.ledger(key.name, 2)).map((call) => call.interface)).toEqual(["responses", "responses/compact"]);
  });

  it("a string input is one user message, echoed with its text as an input_text part; a bad one is refused in OpenAI's shape, naming the field, and not billed", async () => {
    const key = await keyFor(env, group, `compact-${name}-refused`);
    const openai = client(key.secret);
    const compacted = await openai.responses.compact({ model: group.model, input: "Summarize me." });
    expect(compacted.output).toEqual([{ type: "message", role: "user", content: [{ type: "input_text", text: "Summarize me." }] }, expect.objectContaining({ type: "compaction" })]);
    const since = mark(env, group);
    await expect(openai.responses.compact({ model: "", input: "x" })).rejects.toMatchObject({ status: 400, error: { message: expect.stringContaining("model") } });
    await expect(openai.responses.compact({ model: group.model, input: [{ type: "compaction_trigger" }, { role: "user", content: "x" }] as Input })).rejects.toMatchObject({
      status: 400,
      error: { param: "input[0]", message: expect.stringContaining("input[0] is a compaction_trigger: this endpoint adds its own") },
    });
    expect(upstreamSince(env, group, since)).toEqual([]);
    expect(await env.ledger(key.name, 1)).toHaveLength(1);
  });
});
