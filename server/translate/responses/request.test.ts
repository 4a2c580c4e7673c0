import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { carry } from "../carry.ts";
import type { CanonicalRequest } from "../canonical.ts";
import { codecs } from "../codecs.ts";
import { noUsage } from "../../domain/usage.ts";
import { responsesCodec } from "./index.ts";
import { refusalOf } from "../../../test/helpers/translation.ts";
import { APPLY_PATCH } from "../../../test/mock-upstreams/conversation.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const read = (body: Record<string, unknown>, stream = false) => responsesCodec.readRequest(body, { stream, model: String(body.model ?? "gpt-5") });


const base = (): CanonicalRequest => ({ model: "gpt-5", system: [], turns: [], tools: [], stream: true });

describe("responses request: same-format round trip", () => {
  it("a Codex request reads and writes back the same body, modulo the documented normalizations", () => {
    const body = fixture("codex-request.json");
    const written = responsesCodec.writeRequest(read(body, true));
    // Normalizations: the leading developer item joins `instructions`; prompt_cache_key is read as
    // the caching asked (what OpenAI does unasked), not sent; stream/store/include are always as Codex sends them.
    const [developer, ...input] = body.input;
    const expected = { ...body, instructions: `${body.instructions}\n\n${developer.content[0].text}`, input };
    delete expected.prompt_cache_key;
    expect(written).toEqual(expected);
    // The reasoning item goes back as the very object read.
    expect((written.input as unknown[])[2]).toBe(body.input[3]);
  });

  it("reads the Codex request into the canonical turns", () => {
    const request = read(fixture("codex-request.json"), true);
    expect(request.system.map((part) => part.text.slice(0, 20))).toEqual(["You are Codex, based", "<permissions instruc"]);
    expect(request.turns.map((turn) => [turn.role, turn.parts.map((part) => part.type).join(",")])).toEqual([
      ["user", "text"],
      ["user", "text,image"],
      ["assistant", "reasoning,tool_call"],
      ["user", "tool_result"],
      ["assistant", "text"],
      ["user", "text"],
    ]);
    const reasoning = request.turns[2].parts[0];
    expect(reasoning).toMatchObject({ type: "reasoning", text: expect.stringContaining("Inspecting"), opaque: { origin: "responses" } });
    expect(request.turns[3].parts[0]).toMatchObject({ type: "tool_result", callId: "call_Vd0pJ2kq8Xn3T1sW4yZ6", name: "shell" });
    expect(request.turns[1].parts[1]).toEqual({ type: "image", source: { kind: "base64", mediaType: "image/png", data: expect.stringMatching(/^iVBOR/) } });
    expect(request).toMatchObject({ toolChoice: { type: "auto" }, parallelToolCalls: false, reasoning: { effort: "medium", summary: "auto", includeThoughts: true }, stream: true });
    expect(request.tools[0]).toMatchObject({ name: "shell", strict: false });
  });

  it("string input, mid-conversation system turns, files, tool output lists", () => {
    expect(read({ model: "m", input: "Hi" }).turns).toEqual([{ role: "user", parts: [{ type: "text", text: "Hi" }] }]);
    const request = read({
      model: "m",
      input: [
        { role: "system", content: "Be terse." },
        { role: "user", content: [{ type: "input_file", filename: "a.pdf", file_data: "data:application/pdf;base64,JVBERi0=" }, { type: "input_file", file_url: "https://x.test/b.pdf" }] },
        { type: "function_call", call_id: "c1", name: "look", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: [{ type: "input_text", text: "see" }, { type: "input_image", image_url: "https://x.test/i.png", detail: "high" }] },
        { role: "developer", content: "Now be verbose." },
        { role: "assistant", content: [{ type: "refusal", refusal: "No." }] },
      ],
      user: "u-1",
    });
    expect(request.system).toEqual([{ type: "text", text: "Be terse." }]);
    expect(request.turns[0].parts).toEqual([
      { type: "document", source: { kind: "base64", mediaType: "application/pdf", data: "JVBERi0=" }, filename: "a.pdf" },
      { type: "document", source: { kind: "url", url: "https://x.test/b.pdf" } },
    ]);
    expect(request.turns[2].parts[0]).toEqual({
      type: "tool_result",
      callId: "c1",
      name: "look",
      content: [{ type: "text", text: "see" }, { type: "image", source: { kind: "url", url: "https://x.test/i.png" }, detail: "high" }],
    });
    expect(request.turns[3]).toEqual({ role: "system", parts: [{ type: "text", text: "Now be verbose." }] });
    expect(request.turns[4]).toEqual({ role: "assistant", parts: [{ type: "refusal", text: "No." }] });
    expect(request.user).toBe("u-1");
    const written = responsesCodec.writeRequest(request) as any;
    expect(written.instructions).toBe("Be terse.");
    expect(written.input[2]).toEqual({ type: "function_call_output", call_id: "c1", output: [{ type: "input_text", text: "see" }, { type: "input_image", image_url: "https://x.test/i.png", detail: "high" }] });
    expect(written.input[3]).toEqual({ type: "message", role: "developer", content: [{ type: "input_text", text: "Now be verbose." }] });
    expect(written.input[4]).toEqual({ type: "message", role: "assistant", content: [{ type: "refusal", refusal: "No." }] });
    expect(written.safety_identifier).toBe("u-1");
  });
});

describe("responses request: custom tools (freeform text) as functions of one string", () => {
  const grammar = 'start: begin_patch hunk+ end_patch\nbegin_patch: "*** Begin Patch" LF\n%import common.LF';
  const body = {
    model: "m",
    tools: [
      { type: "function", name: "shell", parameters: { type: "object", properties: { command: { type: "string" } } } },
      { type: "custom", name: "apply_patch", description: "Edit files with a patch.", format: { type: "grammar", syntax: "lark", definition: grammar } },
      { type: "custom", name: "note" },
    ],
    tool_choice: { type: "custom", name: "apply_patch" },
    input: [
      { role: "user", content: "Fix the greeting." },
      { type: "custom_tool_call", id: "ctc_1", status: "completed", call_id: "call_p1", name: "apply_patch", input: APPLY_PATCH },
      { type: "custom_tool_call_output", call_id: "call_p1", output: "Done!\nM src/greet.ts" },
    ],
  };
  const input = { type: "object", properties: { input: { type: "string", description: expect.stringContaining(`follows this Lark grammar:\n${grammar}`) } }, required: ["input"], additionalProperties: false };

  it("reads a custom tool as a function of `input` (the grammar where the model reads it), and its calls and outputs as that function's", () => {
    const request = read(body);
    expect(request.tools[0].freeform).toBeUndefined();
    expect(request.tools[1]).toEqual({ name: "apply_patch", description: "Edit files with a patch.", parameters: input, freeform: { format: body.tools[1].format } });
    expect(request.tools[2]).toMatchObject({ name: "note", freeform: {}, parameters: { properties: { input: { description: "The tool's whole input, as freeform text." } } } });
    expect(request.toolChoice).toEqual({ type: "tool", name: "apply_patch" });
    expect(request.turns[1].parts).toEqual([{ type: "tool_call", id: "call_p1", name: "apply_patch", arguments: JSON.stringify({ input: APPLY_PATCH }) }]);
    expect(request.turns[2].parts).toEqual([{ type: "tool_result", callId: "call_p1", name: "apply_patch", content: [{ type: "text", text: "Done!\nM src/greet.ts" }] }]);
  });

  it("each other upstream gets the function declaration, the call with {input} and its result", () => {
    const request = read(body);
    const messages = codecs.messages.writeRequest(request) as any;
    expect(messages.tools[1]).toEqual({ name: "apply_patch", description: "Edit files with a patch.", input_schema: input });
    expect(messages.tool_choice).toEqual({ type: "tool", name: "apply_patch" });
    expect(messages.messages[1].content).toEqual([{ type: "tool_use", id: "call_p1", name: "apply_patch", input: { input: APPLY_PATCH } }]);
    expect(messages.messages[2].content).toEqual([{ type: "tool_result", tool_use_id: "call_p1", content: "Done!\nM src/greet.ts" }]);

    const chat = codecs.chat.writeRequest(request) as any;
    expect(chat.tools[1]).toEqual({ type: "function", function: { name: "apply_patch", description: "Edit files with a patch.", parameters: input } });
    expect(chat.tool_choice).toEqual({ type: "function", function: { name: "apply_patch" } });
    expect(JSON.parse(chat.messages[1].tool_calls[0].function.arguments)).toEqual({ input: APPLY_PATCH });
    expect(chat.messages[2]).toEqual({ role: "tool", tool_call_id: "call_p1", content: "Done!\nM src/greet.ts" });

    const gemini = codecs["generate-content"].writeRequest(request) as any;
    expect(gemini.tools[0].functionDeclarations[1]).toEqual({ name: "apply_patch", description: "Edit files with a patch.", parametersJsonSchema: input });
    expect(gemini.contents[1].parts[0].functionCall).toMatchObject({ name: "apply_patch", args: { input: APPLY_PATCH } });
    expect(gemini.contents[2].parts[0].functionResponse).toMatchObject({ name: "apply_patch", response: { output: "Done!\nM src/greet.ts" } });
  });
});

describe("responses request: refusals name the field", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["previous_response_id", { previous_response_id: "resp_1" }, "previous_response_id"],
    ["conversation", { conversation: "conv_1" }, "conversation"],
    ["background", { background: true }, "background"],
    ["an unknown field", { frobnicate: 1 }, "frobnicate"],
    ["a built-in tool", { tools: [{ type: "function", name: "f", parameters: {} }, { type: "local_shell" }] }, "tools[1].type"],
    ["a custom tool to be loaded later", { tools: [{ type: "custom", name: "apply_patch", defer_loading: true }] }, "tools[0].defer_loading"],
    ["a custom tool's unknown grammar syntax", { tools: [{ type: "custom", name: "apply_patch", format: { type: "grammar", syntax: "ebnf", definition: "x" } }] }, "tools[0].format"],
    ["a custom tool call without its input", { input: [{ type: "custom_tool_call", call_id: "c1", name: "apply_patch" }] }, "input[0]"],
    ["an item reference", { input: [{ role: "user", content: "x" }, { type: "item_reference", id: "msg_1" }] }, "input[1].type"],
    ["a built-in tool call item", { input: [{ type: "web_search_call", id: "ws_1" }] }, "input[0].type"],
    ["an image by file id", { input: [{ role: "user", content: [{ type: "input_image", file_id: "file-1" }] }] }, "input[0].content[0].file_id"],
    ["a file by file id", { input: [{ role: "user", content: [{ type: "input_file", file_id: "file-1" }] }] }, "input[0].content[0].file_id"],
    ["an image in a system item", { input: [{ role: "system", content: [{ type: "input_image", image_url: "https://x" }] }] }, "input[0].content[0].type"],
    ["tool_choice for a built-in tool", { tool_choice: { type: "web_search_preview" } }, "tool_choice"],
    ["a verbosity", { text: { verbosity: "low" } }, "text.verbosity"],
    ["top_logprobs", { top_logprobs: 3 }, "top_logprobs"],
  ];
  for (const [what, fields, field] of cases)
    it(`refuses ${what}`, () => {
      const error = refusalOf(() => read({ model: "m", input: "x", ...fields }));
      expect(error.field).toBe(field);
      expect(error.reason.length).toBeGreaterThan(10);
    });

  it("refuses a function or custom tool without a name, naming it (the upstream would get a tool it cannot call, or the caller a call it cannot run)", () => {
    for (const tool of [{ type: "function", parameters: {} }, { type: "function", name: "", parameters: {} }, { type: "custom", name: "" }]) {
      const refusal = refusalOf(() => read({ model: "m", input: "x", tools: [tool] }));
      expect(refusal.field).toBe("tools[0].name");
      expect(refusal.reason).toMatch(/needs `name`/);
    }
  });

  it("says what a tool inside a namespace that cannot be carried is: a custom tool or a namespace, not a built-in", () => {
    const nested = (tool: Record<string, unknown>) => refusalOf(() => read({ model: "m", input: "x", tools: [{ type: "namespace", name: "ns", tools: [tool] }] }));
    const custom = nested({ type: "custom", name: "apply_patch" });
    expect(custom.field).toBe("tools[0].tools[0].type");
    expect(custom.reason).toMatch(/^`custom`: a custom tool inside a namespace .*top level/);
    const namespace = nested({ type: "namespace", name: "inner", tools: [] }).reason;
    // Namespaces are carried: only one inside another is not (the message once said namespaces had no place upstream).
    expect(namespace).toMatch(/^`namespace`: a namespace inside a namespace .*top level of `tools`/);
    expect(namespace).not.toMatch(/no place/);
    for (const reason of [custom.reason, namespace]) expect(reason).not.toMatch(/built-in/);
  });

  it("writes a failed tool result's output beginning with \"Error: \", as chat does (Responses has no flag for it)", () => {
    const result = (content: unknown[]) => ({ ...base(), turns: [{ role: "user", parts: [{ type: "tool_result", callId: "c1", isError: true, content }] }] }) as CanonicalRequest;
    const output = (content: unknown[]) => (responsesCodec.writeRequest(result(content)) as any).input[0].output;
    expect(output([{ type: "text", text: "no such file" }])).toBe("Error: no such file");
    expect(output([])).toBe("Error: ");
    expect(output([{ type: "text", text: "see" }, { type: "image", source: { kind: "url", url: "https://x.test/i.png" } }])).toEqual([
      { type: "input_text", text: "Error: see" },
      { type: "input_image", image_url: "https://x.test/i.png" },
    ]);
  });

  it("accepts what asks for nothing: store, include, metadata, cache key, service tier, null state fields", () => {
    const request = read({
      model: "m",
      input: "x",
      store: true,
      include: ["reasoning.encrypted_content"],
      metadata: { a: "b" },
      prompt_cache_key: "k",
      service_tier: "auto",
      truncation: "disabled",
      previous_response_id: null,
      background: false,
      text: { format: { type: "json_schema", name: "out", schema: { type: "object" }, strict: true }, verbosity: "medium" },
    });
    expect(request.output).toEqual({ type: "json_schema", name: "out", schema: { type: "object" }, strict: true });
  });

  it("the writer refuses what Responses has no field for, in canonical terms", () => {
    for (const [key, value] of [["seed", 1], ["presencePenalty", 0.5], ["frequencyPenalty", 0.5]] as const)
      expect(refusalOf(() => responsesCodec.writeRequest({ ...base(), [key]: value })).field).toBe(key);
    expect(refusalOf(() => responsesCodec.writeRequest({ ...base(), model: "gpt-4.1", temperature: 2.5 })).field).toBe("temperature");
    // Stop sequences are not sent, nor refused: the gateway keeps them on the answer (stop-guard.ts).
    expect(responsesCodec.writeRequest({ ...base(), stop: ["END"] })).not.toHaveProperty("stop");
    expect(responsesCodec.writeRequest({ ...base(), stop: [] })).not.toHaveProperty("stop");
    // A top-k hint (Gemini CLI sends topK 64 on every call) is left out, not refused: the call goes through.
    expect(responsesCodec.writeRequest({ ...base(), model: "gpt-4.1", temperature: 1, topP: 0.95, topK: 64 })).toMatchObject({ temperature: 1, top_p: 0.95 });
    expect(responsesCodec.writeRequest({ ...base(), topK: 64 })).not.toHaveProperty("top_k");
    expect(responsesCodec.fieldName("topK")).toBe("top_k (not a Responses field)");
    expect(responsesCodec.fieldName("part:document")).toBe("input[].content[] input_file");
  });
});

describe("responses request writer: canonical from other formats", () => {
  it("writes system, tools, choice, output and budgets; drops other vendors' reasoning", () => {
    const written = responsesCodec.writeRequest({
      ...base(),
      system: [{ type: "text", text: "A" }, { type: "text", text: "B" }],
      turns: [
        { role: "user", parts: [{ type: "text", text: "hi" }, { type: "image", source: { kind: "base64", mediaType: "image/jpeg", data: "/9j/" } }] },
        {
          role: "assistant",
          parts: [
            { type: "reasoning", text: "hmm", opaque: { origin: "messages", value: { type: "thinking", thinking: "hmm", signature: "sig" } } },
            { type: "text", text: "calling" },
            { type: "tool_call", id: "toolu_1", name: "f", arguments: '{"a":1}' },
          ],
        },
        { role: "user", parts: [{ type: "tool_result", callId: "toolu_1", content: [{ type: "text", text: "one" }, { type: "text", text: "two" }], isError: true }] },
      ],
      tools: [{ name: "f", parameters: { type: "object" } }],
      toolChoice: { type: "tool", name: "f" },
      output: { type: "json_object" },
      maxOutputTokens: 100,
      reasoning: { budgetTokens: 8000, includeThoughts: true },
    });
    expect(written).toEqual({
      model: "gpt-5",
      instructions: "A\n\nB",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }, { type: "input_image", image_url: "data:image/jpeg;base64,/9j/" }] },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "calling" }] },
        { type: "function_call", call_id: "toolu_1", name: "f", arguments: '{"a":1}' },
        { type: "function_call_output", call_id: "toolu_1", output: [{ type: "input_text", text: "Error: one" }, { type: "input_text", text: "two" }] },
      ],
      tools: [{ type: "function", name: "f", parameters: { type: "object" }, strict: false }],
      tool_choice: { type: "function", name: "f" },
      text: { format: { type: "json_object" } },
      max_output_tokens: 100,
      reasoning: { effort: "medium", summary: "auto" },
      stream: true,
      store: false,
      include: ["reasoning.encrypted_content"],
    });
  });
});

describe("responses request writer: what OpenAI models refuse", () => {
  it("a reasoning model gets no temperature or top_p; another keeps them", () => {
    const sampled = { temperature: 0.2, topP: 0.9 };
    for (const model of ["gpt-5", "gpt-5.1-codex", "o3", "o4-mini"]) {
      const written = responsesCodec.writeRequest({ ...base(), model, ...sampled, temperature: 2.5 });
      expect(written, model).not.toHaveProperty("temperature");
      expect(written, model).not.toHaveProperty("top_p");
    }
    for (const model of ["gpt-4.1", "gpt-4o", "gpt-5-chat-latest"]) expect(responsesCodec.writeRequest({ ...base(), model, ...sampled }), model).toMatchObject({ temperature: 0.2, top_p: 0.9 });
  });

  it("an end-user id longer than 64 characters goes as its SHA-256 hex digest; a shorter one as it is", () => {
    const claudeCode = JSON.stringify({ device_id: "a".repeat(64), account_uuid: "", session_id: "0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e" });
    expect(claudeCode.length).toBeGreaterThan(64);
    const digest = createHash("sha256").update(claudeCode).digest("hex");
    expect(responsesCodec.writeRequest({ ...base(), user: claudeCode }).safety_identifier).toBe(digest);
    expect(digest).toHaveLength(64);
    const short = "u".repeat(64);
    expect(responsesCodec.writeRequest({ ...base(), user: short }).safety_identifier).toBe(short);
  });
});

describe("responses request: reasoning carried from another origin", () => {
  it("a carried encrypted_content reads back as the same opaque, byte-exact", () => {
    const opaque = { origin: "messages" as const, value: { type: "thinking", thinking: "Let me think… ✓", signature: "EqQBCkgIARABGAIiQL7ZtHk/+==" } };
    const item = { type: "reasoning", id: "rs_abc", summary: [{ type: "summary_text", text: "Let me think… ✓" }], encrypted_content: carry(opaque) };
    const request = read({ model: "m", input: [{ role: "user", content: "q" }, item, { role: "assistant", content: "a" }] });
    const part = request.turns[1].parts[0];
    expect(part).toEqual({ type: "reasoning", text: "Let me think… ✓", opaque });
    expect(JSON.stringify(part.type === "reasoning" && part.opaque)).toBe(JSON.stringify(opaque));
    // Going to a Responses upstream, reasoning from another vendor is dropped.
    expect((responsesCodec.writeRequest(request) as any).input).toHaveLength(2);
  });

  it("a Gemini signature that attaches to the next part keeps attachesToNext", () => {
    const opaque = { origin: "generate-content" as const, value: { thoughtSignature: "CiQBVKhc7x==" } };
    const request = read({ model: "m", input: [{ type: "reasoning", id: "rs_1", summary: [], encrypted_content: carry(opaque, true) }] });
    expect(request.turns[0].parts[0]).toEqual({ type: "reasoning", opaque, attachesToNext: true });
  });
});

describe("responses request: tool_choice allowed_tools", () => {
  const parameters = { type: "object", properties: {} };
  const tools = [
    { type: "function", name: "shell", parameters },
    { type: "web_search" },
    { type: "namespace", name: "multi_agent_v1", description: "Sub-agents.", tools: [{ type: "function", name: "spawn_agent", parameters }, { type: "function", name: "close_agent", parameters }] },
    { type: "custom", name: "apply_patch" },
    { type: "function", name: "view_image", parameters },
  ];
  const body = (mode: string, allowed: unknown[]) => ({ model: "m", input: "hi", tool_choice: { type: "allowed_tools", mode, tools: allowed }, tools });
  const allowed = [
    { type: "custom", name: "apply_patch" },
    { type: "function", name: "spawn_agent", namespace: "multi_agent_v1" },
    { type: "web_search" },
    { type: "function", name: "shell" },
    { type: "function", name: "close_agent" },
  ];

  it("reads functions (a namespace's under its upstream name) and custom tools; an allowed hosted tool is left out, as it is of the tools", () => {
    expect(read(body("required", allowed)).toolChoice).toEqual({
      type: "allowed",
      names: ["apply_patch", "multi_agent_v1__spawn_agent", "shell", "multi_agent_v1__close_agent"],
      required: true,
    });
    expect(read(body("auto", [{ type: "function", name: "shell" }])).toolChoice).toEqual({ type: "allowed", names: ["shell"], required: false });
  });

  it("allowing only hosted tools: mode auto lets the model call nothing; mode required is refused, as the upstream has nothing to call", () => {
    expect(read(body("auto", [{ type: "web_search" }])).toolChoice).toEqual({ type: "none" });
    const refusal = refusalOf(() => read(body("required", [{ type: "web_search" }])));
    expect(refusal.field).toBe("tool_choice.tools");
    expect(refusal.reason).toMatch(/run on OpenAI's platform.*allow a function or custom tool, or use mode auto/);
  });

  it.each([
    ["a function not declared", [{ type: "function", name: "shell" }, { type: "function", name: "rm" }], "tool_choice.tools[1]", /function tool `rm` is not declared in `tools`/],
    ["a custom tool not declared", [{ type: "custom", name: "shell" }], "tool_choice.tools[0]", /custom tool `shell` is not declared/],
    ["a function of another namespace", [{ type: "function", name: "spawn_agent", namespace: "crm" }], "tool_choice.tools[0]", /no function `spawn_agent` in namespace `crm`/],
    ["an MCP server", [{ type: "mcp", server_label: "deepwiki" }], "tool_choice.tools[0]", /`mcp` tools are not available on a translated call/],
  ])("refuses %s, naming the entry", (_, entries, field, reason) => {
    const refusal = refusalOf(() => read(body("auto", entries)));
    expect(refusal.field).toBe(field);
    expect(refusal.reason).toMatch(reason);
  });

  it("a Responses upstream gets its own allowed_tools, a custom tool named as custom, every tool still declared", () => {
    const written = responsesCodec.writeRequest(read(body("required", allowed))) as any;
    expect(written.tools.map((tool: any) => tool.name)).toEqual(["shell", "multi_agent_v1__spawn_agent", "multi_agent_v1__close_agent", "apply_patch", "view_image"]);
    expect(written.tool_choice).toEqual({
      type: "allowed_tools",
      mode: "required",
      tools: [
        { type: "custom", name: "apply_patch" },
        { type: "function", name: "multi_agent_v1__spawn_agent" },
        { type: "function", name: "shell" },
        { type: "function", name: "multi_agent_v1__close_agent" },
      ],
    });
  });

  it("the response echoes the choice as the caller named the tools (a namespace's function by its name and namespace)", () => {
    const request = read(body("auto", allowed));
    const context = { model: "m", includeUsage: false, request, estimatedInputTokens: 0 };
    const response: any = responsesCodec.writeResponse({ id: "r", model: "m", created: 1, content: [{ type: "text", text: "ok" }], stopReason: "end_turn", usage: noUsage() }, context);
    expect(response.tool_choice).toEqual({
      type: "allowed_tools",
      mode: "auto",
      tools: [
        { type: "custom", name: "apply_patch" },
        { type: "function", name: "spawn_agent", namespace: "multi_agent_v1" },
        { type: "function", name: "shell" },
        { type: "function", name: "close_agent", namespace: "multi_agent_v1" },
      ],
    });
  });
});
