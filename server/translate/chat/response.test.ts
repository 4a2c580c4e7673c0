import { describe, expect, it } from "vitest";
import { carry } from "../carry.ts";
import type { CanonicalRequest, CanonicalResponse, Opaque } from "../canonical.ts";
import { freeformArguments, freeformParameters } from "../freeform-tools.ts";
import { chatCodec } from "./index.ts";

const request: CanonicalRequest = { model: "gemini-2.5-pro", system: [], turns: [], tools: [], stream: false };
const context = { model: "gemini-official/gemini-2.5-pro", includeUsage: false, request, estimatedInputTokens: 10 };

describe("chat response writer", () => {
  const thought: Opaque = { origin: "generate-content", value: { thoughtSignature: "CiQB0e2Kb6Xx/yZ+tn0==" } };
  const thinking: Opaque = { origin: "messages", value: { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT" } };
  const response: CanonicalResponse = {
    id: "QnRDaMn7J5WZvdIP8tGx-AM",
    model: "gemini-2.5-pro",
    created: 1749112600,
    content: [
      { type: "reasoning", text: "Plan: list files.", opaque: thought, attachesToNext: true },
      { type: "text", text: "Listing" },
      { type: "text", text: " files." },
      { type: "reasoning", opaque: thinking },
      { type: "tool_call", id: "call_x1", name: "ls", arguments: '{"path":"."}' },
    ],
    stopReason: "tool_use",
    usage: { input: 40, output: 25, cacheRead: 60, cacheWrite: 0, cacheWrite1h: 0, reasoning: 20 },
  };

  it("writes a chat.completion with the reasoning carried", () => {
    const body: any = chatCodec.writeResponse(response, context);
    expect(body).toEqual({
      id: "chatcmpl-QnRDaMn7J5WZvdIP8tGx-AM",
      object: "chat.completion",
      created: 1749112600,
      model: "gemini-official/gemini-2.5-pro",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "Listing files.",
            refusal: null,
            tool_calls: [{ id: "call_x1", type: "function", function: { name: "ls", arguments: '{"path":"."}' } }],
            reasoning_content: "Plan: list files.",
            reasoning_details: [
              { type: "reasoning.encrypted", data: carry(thought, true), format: "tollgate-carry", index: 0 },
              { type: "reasoning.encrypted", data: carry(thinking), format: "tollgate-carry", index: 1, id: "call_x1" },
            ],
            annotations: [],
          },
          logprobs: null,
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 25, total_tokens: 125, prompt_tokens_details: { cached_tokens: 60 }, completion_tokens_details: { reasoning_tokens: 20 } },
    });
  });

  it("round-trips the carried reasoning through the caller's next request, byte-exact and in place", () => {
    const message = JSON.parse(JSON.stringify((chatCodec.writeResponse(response, context) as any).choices[0].message));
    const next = chatCodec.readRequest({ model: "x", messages: [{ role: "user", content: "go" }, message] }, { stream: false, model: "x" });
    expect(next.turns[1].parts).toEqual([
      { type: "reasoning", text: "Plan: list files.", opaque: thought, attachesToNext: true },
      { type: "text", text: "Listing files." },
      { type: "reasoning", opaque: thinking },
      { type: "tool_call", id: "call_x1", name: "ls", arguments: '{"path":"."}' },
    ]);
    const opaques = next.turns[1].parts.flatMap((p) => (p.type === "reasoning" ? [JSON.stringify(p.opaque)] : []));
    expect(opaques).toEqual([JSON.stringify(thought), JSON.stringify(thinking)]);
  });

  it("maps stop reasons and answers refusals", () => {
    const finish = (stopReason: CanonicalResponse["stopReason"]) => (chatCodec.writeResponse({ ...response, content: [], stopReason }, context) as any).choices[0].finish_reason;
    expect(["end_turn", "stop_sequence", "pause_turn", "max_tokens", "tool_use", "refusal"].map((s) => finish(s as CanonicalResponse["stopReason"]))).toEqual(["stop", "stop", "stop", "length", "tool_calls", "content_filter"]);
    const refused: any = chatCodec.writeResponse({ ...response, content: [{ type: "refusal", text: "No." }], stopReason: "refusal" }, context);
    expect(refused.choices[0].message).toEqual({ role: "assistant", content: null, refusal: "No.", annotations: [] });
  });
});

describe("chat error reader", () => {
  it("reads OpenAI's error object", () => {
    const body = JSON.stringify({ error: { message: "This model's maximum context length is 128000 tokens.", type: "invalid_request_error", param: "messages", code: "context_length_exceeded" } });
    expect(chatCodec.readError(400, body)).toEqual({ status: 400, message: "This model's maximum context length is 128000 tokens.", type: "invalid_request_error" });
  });

  it("reads domestic providers' shapes and falls back to the raw text", () => {
    expect(chatCodec.readError(400, JSON.stringify({ code: "InvalidParameter", message: "Range of input length should be [1, 30720]", request_id: "9b0e" }))).toEqual({ status: 400, message: "Range of input length should be [1, 30720]", type: "InvalidParameter" });
    expect(chatCodec.readError(401, JSON.stringify({ error: { message: "Authentication Fails (no such user)", type: "authentication_error", param: null, code: "invalid_request_error" } }))).toMatchObject({ type: "authentication_error" });
    expect(chatCodec.readError(429, JSON.stringify({ error: { code: "1302", message: "您的账户已达到速率限制" } }))).toEqual({ status: 429, message: "您的账户已达到速率限制", type: "1302" });
    expect(chatCodec.readError(200, JSON.stringify({ base_resp: { status_code: 1004, status_msg: "login fail" } }))).toEqual({ status: 200, message: "login fail" });
    expect(chatCodec.readError(422, JSON.stringify({ detail: "Field required" }))).toEqual({ status: 422, message: "Field required" });
    expect(chatCodec.readError(503, JSON.stringify({ error: "upstream overloaded" }))).toEqual({ status: 503, message: "upstream overloaded" });
    expect(chatCodec.readError(502, "<html><body>502 Bad Gateway</body></html>\n")).toEqual({ status: 502, message: "<html><body>502 Bad Gateway</body></html>" });
    expect(chatCodec.readError(500, "")).toEqual({ status: 500, message: "the upstream answered 500 with no body" });
  });
});

describe("chat response writer: custom tools", () => {
  it("gives a custom tool's call as a custom call whose input is the freeform text exactly", () => {
    const patch = '*** Begin Patch\n+say "hi" \\ \t 🎉\n*** End Patch\n';
    const withCustom: CanonicalRequest = { ...request, tools: [{ name: "apply_patch", parameters: freeformParameters(undefined), freeform: {} }, { name: "ls", parameters: {} }] };
    const body: any = chatCodec.writeResponse(
      {
        id: "r",
        model: "m",
        created: 1,
        content: [
          { type: "tool_call", id: "call_p", name: "apply_patch", arguments: freeformArguments(patch) },
          { type: "tool_call", id: "call_l", name: "ls", arguments: "{}" },
        ],
        stopReason: "tool_use",
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
      },
      { ...context, request: withCustom },
    );
    expect(body.choices[0].message.tool_calls).toEqual([
      { id: "call_p", type: "custom", custom: { name: "apply_patch", input: patch } },
      { id: "call_l", type: "function", function: { name: "ls", arguments: "{}" } },
    ]);
    expect(body.choices[0].finish_reason).toBe("tool_calls");
  });
});

describe("chat field names", () => {
  it("names canonical fields as a chat caller knows them", () => {
    expect(chatCodec.fieldName("maxOutputTokens")).toBe("max_completion_tokens (or max_tokens)");
    expect(chatCodec.fieldName("topK")).toBe("top_k (not a chat field)");
    expect(chatCodec.fieldName("part:document")).toBe("messages[].content[] file part");
    expect(chatCodec.fieldName("stop")).toBe("stop");
    expect(chatCodec.fieldName("somethingNew")).toBe("somethingNew");
  });
});
