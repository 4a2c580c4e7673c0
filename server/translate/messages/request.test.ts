import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { carry } from "../carry.ts";
import type { CanonicalRequest } from "../canonical.ts";
import { codecs } from "../codecs.ts";
import { messagesCodec } from "./index.ts";
import { cacheBreakpoints, refusalOf } from "../../../test/helpers/translation.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const read = (body: Record<string, any>) => messagesCodec.readRequest(body, { stream: true, model: body.model ?? "claude-x" });

/** The documented normalizations of a same-format round trip: no cache_control, no context_management, the body streams. */
function normalized(value: any): any {
  if (Array.isArray(value)) return value.map(normalized);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, any> = {};
  for (const [key, inner] of Object.entries(value)) if (key !== "cache_control" && key !== "context_management") out[key] = normalized(inner);
  return out;
}


const base = (extra: Record<string, any> = {}): CanonicalRequest => ({ model: "claude-x", system: [], turns: [{ role: "user", parts: [{ type: "text", text: "hi" }] }], tools: [], stream: true, ...extra });

describe("messages request: same-format round trip", () => {
  it("a recorded Claude Code request reads and writes back the same body", () => {
    const body = fixture("claude-code-request.json");
    const canonical = read(structuredClone(body));
    // top_k goes: with thinking on, Anthropic refuses it (see the sampling tests below).
    const { top_k: _, ...sent } = normalized(body);
    expect(messagesCodec.writeRequest(canonical)).toEqual(sent);
  });

  it("reads the parts it holds into their canonical slots", () => {
    const canonical = read(fixture("claude-code-request.json"));
    expect(canonical.system.map((part) => part.text)).toHaveLength(2);
    expect(canonical.maxOutputTokens).toBe(32000);
    expect(canonical.reasoning).toEqual({ budgetTokens: 31999, effort: "high" });
    expect(canonical.user).toBe("user_3f2a_account_9c1e_session_0b7d");
    expect(canonical.parallelToolCalls).toBe(true);
    expect(canonical.output).toMatchObject({ type: "json_schema", name: "response" });
    const results = canonical.turns[2].parts.filter((part) => part.type === "tool_result");
    expect(results.map((part) => part.type === "tool_result" && part.name)).toEqual(["Bash", "Read"]);
    expect(canonical.turns[0].parts[6]).toEqual({ type: "document", title: "notes", source: { kind: "base64", mediaType: "text/plain", data: Buffer.from("Plain notes: ünïcode ✓").toString("base64") } });
    const thinking = canonical.turns[1].parts[0];
    expect(thinking).toMatchObject({ type: "reasoning", text: "The user wants a summary and a file listing. I'll run ls.", opaque: { origin: "messages" } });
  });

  it("string content and a string system read as text, and are written as blocks", () => {
    const canonical = read({ model: "m", max_tokens: 10, system: "Be brief.", messages: [{ role: "user", content: "hi" }] });
    expect(canonical.system).toEqual([{ type: "text", text: "Be brief." }]);
    expect(messagesCodec.writeRequest(canonical)).toEqual({
      model: "m",
      max_tokens: 10,
      system: [{ type: "text", text: "Be brief." }],
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      stream: true,
    });
  });
});

describe("messages request reader", () => {
  it("system turns: before the conversation they join the system prompt, later they stay turns", () => {
    const canonical = read({ model: "m", max_tokens: 5, system: "A", messages: [{ role: "system", content: "B" }, { role: "user", content: "hi" }, { role: "system", content: [{ type: "text", text: "C" }] }] });
    expect(canonical.system.map((part) => part.text)).toEqual(["A", "B"]);
    expect(canonical.turns.at(-1)).toEqual({ role: "system", parts: [{ type: "text", text: "C" }] });
  });

  it("a `type: \"custom\"` tool is Anthropic's ordinary tool, not a Responses freeform one: a JSON-schema function upstream", () => {
    const input_schema = { type: "object", properties: { input: { type: "string" } }, required: ["input"] };
    const canonical = read({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }], tools: [{ type: "custom", name: "apply_patch", description: "Edit", input_schema }] });
    expect(canonical.tools).toEqual([{ name: "apply_patch", description: "Edit", parameters: input_schema }]);
    expect((codecs.responses.writeRequest(canonical) as any).tools).toEqual([{ type: "function", name: "apply_patch", description: "Edit", parameters: input_schema, strict: false }]);
    expect((codecs.chat.writeRequest(canonical) as any).tools).toEqual([{ type: "function", function: { name: "apply_patch", description: "Edit", parameters: input_schema } }]);
  });

  it("thinking: enabled, adaptive with display, disabled, and effort alone", () => {
    const withThinking = (thinking: any, output_config?: any) => read({ model: "m", max_tokens: 5, messages: [], thinking, output_config }).reasoning;
    expect(withThinking({ type: "adaptive", display: "omitted" }, { effort: "medium" })).toEqual({ effort: "medium", includeThoughts: false });
    expect(withThinking({ type: "disabled" })).toEqual({ effort: "none" });
    expect(withThinking(undefined, { effort: "low" })).toEqual({ effort: "low" });
    expect(withThinking(undefined)).toBeUndefined();
  });

  it("tool_choice any → required, none, a named tool; disable_parallel_tool_use → parallelToolCalls false", () => {
    expect(read({ model: "m", messages: [], tool_choice: { type: "any", disable_parallel_tool_use: true } })).toMatchObject({ toolChoice: { type: "required" }, parallelToolCalls: false });
    expect(read({ model: "m", messages: [], tool_choice: { type: "tool", name: "x" } }).toolChoice).toEqual({ type: "tool", name: "x" });
    expect(read({ model: "m", messages: [], tool_choice: { type: "none" } }).toolChoice).toEqual({ type: "none" });
  });

  it("the older output_format reads as a JSON schema output", () => {
    expect(read({ model: "m", messages: [], output_format: { type: "json_schema", schema: { type: "object" } } }).output).toEqual({ type: "json_schema", name: "response", schema: { type: "object" } });
  });

  it.each([
    [{ tools: [{ type: "web_search_20250305", name: "web_search" }] }, "tools[0].type"],
    [{ tools: [{ type: "bash_20250124", name: "bash" }] }, "tools[0].type"],
    [{ tools: [{ name: "t", input_schema: {}, input_examples: [{ a: 1 }] }] }, "tools[0].input_examples"],
    [{ messages: [{ role: "assistant", content: [{ type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "user", content: [{ type: "search_result", source: "s", title: "t", content: [] }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "user", content: [{ type: "mcp_tool_result", tool_use_id: "x" }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "user", content: [{ type: "container_upload", file_id: "f" }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "assistant", content: [{ type: "text", text: "x", citations: [{ type: "char_location" }] }] }] }, "messages[0].content[0].citations"],
    [{ messages: [{ role: "user", content: [{ type: "document", source: { type: "file", file_id: "f" } }] }] }, "messages[0].content[0].source.type"],
    [{ messages: [{ role: "user", content: [{ type: "document", source: { type: "url", url: "u" }, citations: { enabled: true } }] }] }, "messages[0].content[0].citations"],
    [{ messages: [{ role: "user", content: [{ type: "image", source: { type: "file", file_id: "f" } }] }] }, "messages[0].content[0].source.type"],
    [{ messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "search_result" }] }] }] }, "messages[0].content[0].content[0].type"],
    [{ thinking: { type: "between_tools" } }, "thinking.type"],
    [{ output_config: { effort: "max" } }, "output_config.effort"],
    [{ inference_geo: "us" }, "inference_geo"],
    [{ container: "container_1" }, "container"],
    [{ mcp_servers: [] }, "mcp_servers"],
    [{ betas: ["context-1m-2025-08-07"] }, "betas"],
    [{ metadata: { user_id: "u", tenant: "t" } }, "metadata.tenant"],
    [{ messages: [{ role: "user", content: "x", name: "bob" }] }, "messages[0].name"],
    [{ tools: [{ input_schema: { type: "object" } }] }, "tools[0].name"],
    [{ tools: [{ name: "", input_schema: { type: "object" } }] }, "tools[0].name"],
  ])("refuses %j naming %s", (extra, field) => {
    const error = refusalOf(() => read({ model: "m", max_tokens: 5, messages: [], ...extra }));
    expect(error.field).toBe(field);
    expect(error.reason.length).toBeGreaterThan(10);
  });

  it("ignores cache_control, context_management, service_tier, speed, diagnostics and direct callers", () => {
    const canonical = read({
      model: "m",
      max_tokens: 5,
      cache_control: { type: "ephemeral" },
      context_management: { edits: [] },
      service_tier: "auto",
      speed: "standard",
      diagnostics: { previous_message_id: "msg_1" },
      tools: [{ name: "t", input_schema: { type: "object" }, eager_input_streaming: true, allowed_callers: ["direct"] }],
      messages: [{ role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "t", input: {}, caller: { type: "direct" } }] }],
    });
    expect(canonical.turns[0].parts[0]).toEqual({ type: "tool_call", id: "toolu_1", name: "t", arguments: "{}" });
  });
});

describe("messages request: Claude Code's tool search (deferred tools)", () => {
  it("declares a deferred tool in full, and reads a tool search's tool references as text", () => {
    const canonical = read({
      model: "m",
      max_tokens: 5,
      tools: [
        { name: "ToolSearch", description: "Search deferred tools.", input_schema: { type: "object", properties: { query: { type: "string" } } } },
        { name: "TaskList", description: "List tasks.", input_schema: { type: "object", properties: {} }, defer_loading: true },
      ],
      messages: [
        { role: "user", content: "List my tasks." },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "ToolSearch", input: { query: "task" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "tool_reference", tool_name: "TaskList" }] }] },
      ],
    });
    expect(canonical.tools.map((tool) => tool.name)).toEqual(["ToolSearch", "TaskList"]);
    expect(canonical.tools[1]).toEqual({ name: "TaskList", description: "List tasks.", parameters: { type: "object", properties: {} } });
    expect(canonical.turns[2].parts[0]).toMatchObject({ type: "tool_result", callId: "toolu_1", name: "ToolSearch", content: [{ type: "text", text: "Tool loaded: TaskList" }] });
    for (const format of ["chat", "responses", "generate-content"] as const) expect(JSON.stringify(codecs[format].writeRequest({ ...canonical, model: "m" }))).not.toContain("defer_loading");
  });
});

describe("messages request: reasoning carried from another origin", () => {
  it("a carried signature (and redacted data) read back gives the same opaque, byte-exact", () => {
    const gemini = { origin: "generate-content" as const, value: { thoughtSignature: "CiQB0e2Kb+/x==" } };
    const responses = { origin: "responses" as const, value: { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAAB..." } };
    const canonical = read({
      model: "m",
      max_tokens: 5,
      messages: [
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "", signature: carry(gemini, true) },
            { type: "thinking", thinking: "summary", signature: carry(responses) },
            { type: "redacted_thinking", data: carry(responses) },
          ],
        },
      ],
    });
    expect(canonical.turns[1].parts).toEqual([
      { type: "reasoning", opaque: gemini, attachesToNext: true },
      { type: "reasoning", text: "summary", opaque: responses },
      { type: "reasoning", opaque: responses },
    ]);
    expect(JSON.stringify((canonical.turns[1].parts[0] as any).opaque)).toBe(JSON.stringify(gemini));
  });
});

describe("messages request writer", () => {
  it("drops reasoning of another origin, keeps Anthropic's own block as read", () => {
    const own = { type: "thinking", thinking: "t", signature: "sig" };
    const body = messagesCodec.writeRequest(
      base({
        turns: [
          { role: "user", parts: [{ type: "text", text: "hi" }] },
          { role: "assistant", parts: [{ type: "reasoning", text: "x", opaque: { origin: "responses", value: { type: "reasoning" } } }, { type: "reasoning", opaque: { origin: "messages", value: own } }, { type: "reasoning", text: "unsigned" }, { type: "text", text: "ok" }] },
        ],
      }),
    ) as any;
    expect(body.messages[1].content).toEqual([own, { type: "text", text: "ok" }]);
    expect(body.messages[1].content[0]).toBe(own);
  });

  it("folds mid-conversation system turns into user text, merges same-role turns, tool results first", () => {
    const body = messagesCodec.writeRequest(
      base({
        system: [{ type: "text", text: "S" }],
        turns: [
          { role: "system", parts: [{ type: "text", text: "S2" }] },
          { role: "user", parts: [{ type: "text", text: "hi" }] },
          { role: "assistant", parts: [{ type: "tool_call", id: "call:1", name: "f", arguments: '{"a":1}' }] },
          { role: "system", parts: [{ type: "text", text: "be careful" }] },
          { role: "user", parts: [{ type: "tool_result", callId: "call:1", content: [{ type: "text", text: "r" }] }] },
          { role: "user", parts: [{ type: "text", text: "" }, { type: "text", text: "next" }] },
        ],
      }),
    ) as any;
    expect(body.system).toEqual([{ type: "text", text: "S" }, { type: "text", text: "S2" }]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "f", input: { a: 1 } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "r" }, { type: "text", text: "<system>\nbe careful\n</system>" }, { type: "text", text: "next" }] },
    ]);
  });

  it("defaults max_tokens to 8192, thinking from effort and budget, tool choice and parallel calls", () => {
    expect(messagesCodec.writeRequest(base())).toMatchObject({ max_tokens: 8192 });
    expect(messagesCodec.writeRequest(base({ reasoning: { effort: "high", summary: "auto" } }))).toMatchObject({ thinking: { type: "adaptive", display: "summarized" }, output_config: { effort: "high" } });
    expect(messagesCodec.writeRequest(base({ reasoning: { budgetTokens: 10000, includeThoughts: true } }))).toMatchObject({ max_tokens: 18192, thinking: { type: "enabled", budget_tokens: 10000, display: "summarized" } });
    expect(messagesCodec.writeRequest(base({ reasoning: { effort: "none" } }))).toMatchObject({ thinking: { type: "disabled" } });
    const tools = [{ name: "f", parameters: {} }];
    expect(messagesCodec.writeRequest(base({ tools, parallelToolCalls: false }))).toMatchObject({ tools: [{ name: "f", input_schema: { type: "object", properties: {} } }], tool_choice: { type: "auto", disable_parallel_tool_use: true } });
    expect(messagesCodec.writeRequest(base({ tools, toolChoice: { type: "required" } }))).toMatchObject({ tool_choice: { type: "any" } });
    expect(messagesCodec.writeRequest(base({ user: "u1", stop: ["END"] }))).toMatchObject({ metadata: { user_id: "u1" }, stop_sequences: ["END"] });
  });

  it("a forced tool choice keeps its tool and leaves thinking off (Anthropic refuses the two together)", () => {
    const tools = [{ name: "f", parameters: {} }];
    for (const toolChoice of [{ type: "required" }, { type: "tool", name: "f" }] as const) {
      const body = messagesCodec.writeRequest(base({ tools, toolChoice, reasoning: { budgetTokens: 10000, includeThoughts: true }, temperature: 0.2 }));
      expect(body).toMatchObject({ tool_choice: toolChoice.type === "required" ? { type: "any" } : { type: "tool", name: "f" }, thinking: { type: "disabled" }, max_tokens: 8192, temperature: 0.2 });
      expect(messagesCodec.writeRequest(base({ tools, toolChoice, reasoning: { effort: "high" } }))).toMatchObject({ thinking: { type: "disabled" }, output_config: { effort: "high" } });
    }
    expect(messagesCodec.writeRequest(base({ tools, toolChoice: { type: "auto" }, reasoning: { effort: "high" } }))).toMatchObject({ thinking: { type: "adaptive" } });
  });

  it("drops the sampling settings Anthropic refuses: with thinking on, and top_p beside a temperature", () => {
    const sampling = (extra: Partial<CanonicalRequest>) => {
      const { temperature, top_p, top_k } = messagesCodec.writeRequest(base(extra)) as Record<string, unknown>;
      return { temperature, top_p, top_k };
    };
    // Gemini CLI's utility calls: temperature 0, topP 1 and a thinking budget. Thinking stays, temperature 0 goes.
    expect(sampling({ temperature: 0, topP: 1, reasoning: { budgetTokens: 8192, includeThoughts: true } })).toEqual({ top_p: 1 });
    // Gemini CLI's chat calls: temperature 1, topP 0.95, topK 64 and thoughts (adaptive thinking): only temperature 1 is left.
    expect(sampling({ temperature: 1, topP: 0.95, topK: 64, reasoning: { includeThoughts: true } })).toEqual({ temperature: 1 });
    expect(sampling({ topP: 0.9, reasoning: { effort: "high" } })).toEqual({});
    // Without thinking: Claude Sonnet 4.5 and later refuse temperature beside top_p; temperature is kept.
    expect(sampling({ temperature: 0.2, topP: 0.9, topK: 5 })).toEqual({ temperature: 0.2, top_k: 5 });
    expect(sampling({ temperature: 0.3, topK: 5, reasoning: { effort: "none" } })).toEqual({ temperature: 0.3, top_k: 5 });
    expect(sampling({ topP: 0.5 })).toEqual({ top_p: 0.5 });
    // A temperature that would not be sent is not refused; one above Anthropic's 1 goes as 1.
    expect(sampling({ temperature: 2.5, reasoning: { budgetTokens: 2048 } })).toEqual({});
    expect(sampling({ temperature: 1.5 })).toEqual({ temperature: 1 });
  });

  it("writes media: data URLs as base64, documents with their filename as title", () => {
    const body = messagesCodec.writeRequest(
      base({
        turns: [
          {
            role: "user",
            parts: [
              { type: "image", source: { kind: "url", url: "data:image/png;base64,AAAA" }, detail: "high" },
              { type: "document", source: { kind: "base64", mediaType: "application/pdf", data: "JVBE" }, filename: "a.pdf" },
            ],
          },
        ],
      }),
    ) as any;
    expect(body.messages[0].content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBE" }, title: "a.pdf" },
    ]);
  });

  it.each([
    [{ temperature: 2.5 }, "temperature"],
    [{ seed: 1 }, "seed"],
    [{ presencePenalty: 0.5 }, "presencePenalty"],
    [{ frequencyPenalty: 0.5 }, "frequencyPenalty"],
    [{ output: { type: "json_object" } }, "output"],
    [{ reasoning: { effort: "minimal" } }, "reasoning.effort"],
    [{ turns: [{ role: "user", parts: [{ type: "image", source: { kind: "base64", mediaType: "image/tiff", data: "x" } }] }] }, "part:image"],
    [{ turns: [{ role: "user", parts: [{ type: "document", source: { kind: "base64", mediaType: "application/msword", data: "x" } }] }] }, "part:document"],
    [{ turns: [{ role: "user", parts: [{ type: "tool_result", callId: "c", content: [{ type: "image", source: { kind: "base64", mediaType: "image/bmp", data: "x" } }] }] }] }, "part:tool_result.image"],
    [{ turns: [{ role: "assistant", parts: [{ type: "tool_call", id: "c", name: "f", arguments: "[1]" }] }] }, "part:tool_call"],
  ])("refuses %j as %s, and the caller's name for it is known", (extra, key) => {
    const error = refusalOf(() => messagesCodec.writeRequest(base(extra as Partial<CanonicalRequest>)));
    expect(error.field).toBe(key);
    expect(messagesCodec.fieldName(key)).toBeTruthy();
  });

  it("field names in the caller's terms", () => {
    expect(messagesCodec.fieldName("topK")).toBe("top_k");
    expect(messagesCodec.fieldName("stop")).toBe("stop_sequences");
    expect(messagesCodec.fieldName("maxOutputTokens")).toBe("max_tokens");
    expect(messagesCodec.fieldName("part:document")).toBe("messages[].content[] document block");
    expect(messagesCodec.fieldName("part:tool_result.image")).toBe("messages[].content[] tool_result block's image");
  });
});

describe("messages request writer: the prompt caching the caller asked for", () => {
  const thinking = { type: "thinking", thinking: "t", signature: "sig" };
  /** A second agent turn: instructions, two tools, the user's ask, a call, its result and a follow-up. */
  const agentTurn = (extra: Partial<CanonicalRequest> = {}) =>
    base({
      system: [{ type: "text", text: "You are a coding agent." }, { type: "text", text: "Project rules." }],
      tools: [
        { name: "exec_command", parameters: { type: "object", properties: { cmd: { type: "string" } } } },
        { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } },
      ],
      turns: [
        { role: "user", parts: [{ type: "text", text: "What does README.md say?" }] },
        { role: "assistant", parts: [{ type: "reasoning", opaque: { origin: "messages", value: thinking } }, { type: "tool_call", id: "call_1", name: "exec_command", arguments: '{"cmd":"cat README.md"}' }] },
        { role: "user", parts: [{ type: "tool_result", callId: "call_1", content: [{ type: "text", text: "readme" }] }, { type: "text", text: "And NOTES.md?" }] },
      ],
      ...extra,
    });


  it("without the caller asking (no prompt_cache_key), no breakpoint: a cache write costs 1.25x the input it holds", () => {
    expect(cacheBreakpoints(messagesCodec.writeRequest(agentTurn()))).toEqual({});
  });

  it("asked: the last tool, the last system block, the last block of the last message and of the previous turn's — 4 at most", () => {
    const body = messagesCodec.writeRequest(agentTurn({ promptCache: { ttl: "5m" } })) as any;
    const ephemeral = { type: "ephemeral" };
    expect(cacheBreakpoints(body)).toEqual({ "tools[1]": ephemeral, "system[1]": ephemeral, "messages[0].content[0]": ephemeral, "messages[2].content[1]": ephemeral });
    // The rest of the body is what it is without caching.
    const unmarked = messagesCodec.writeRequest(agentTurn()) as any;
    expect(JSON.parse(JSON.stringify(body, (key, value) => (key === "cache_control" ? undefined : value)))).toEqual(unmarked);
    // Anthropic's own thinking block goes back as it was read, unmarked.
    expect(body.messages[1].content[0]).toBe(thinking);
    expect(thinking).not.toHaveProperty("cache_control");
  });

  it("OpenAI's extended retention asks for Anthropic's 1-hour cache on every breakpoint", () => {
    const body = messagesCodec.writeRequest(agentTurn({ promptCache: { ttl: "1h" } }));
    const marks = Object.values(cacheBreakpoints(body));
    expect(marks).toHaveLength(4);
    for (const mark of marks) expect(mark).toEqual({ type: "ephemeral", ttl: "1h" });
  });

  it("a first turn without tools or system: its one message; a thinking block takes no breakpoint", () => {
    expect(cacheBreakpoints(messagesCodec.writeRequest(base({ promptCache: { ttl: "5m" } })))).toEqual({ "messages[0].content[0]": { type: "ephemeral" } });
    const prefilled = base({
      promptCache: { ttl: "5m" },
      turns: [
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        { role: "assistant", parts: [{ type: "text", text: "Well" }, { type: "reasoning", opaque: { origin: "messages", value: { ...thinking } } }] },
      ],
    });
    expect(cacheBreakpoints(messagesCodec.writeRequest(prefilled))).toEqual({ "messages[1].content[0]": { type: "ephemeral" } });
  });
});

describe("messages request writer: an allowed-tools choice (OpenAI's allowed_tools)", () => {
  const tool = (name: string) => ({ name, parameters: { type: "object", properties: {} } });
  const allowedOf = (required: boolean) => base({ tools: ["read_file", "write_file", "search", "apply_patch"].map(tool), toolChoice: { type: "allowed", names: ["search", "read_file"], required } });

  it("declares only the allowed tools, in their declared order: any when one must be called, auto otherwise", () => {
    for (const required of [true, false]) {
      const written: any = messagesCodec.writeRequest(allowedOf(required));
      expect(written.tools.map((t: any) => t.name)).toEqual(["read_file", "search"]);
      expect(written.tool_choice).toEqual({ type: required ? "any" : "auto" });
    }
  });

  it("required forces a tool, so thinking is disabled as for any; parallel calls are said on the choice", () => {
    const written: any = messagesCodec.writeRequest({ ...allowedOf(true), reasoning: { effort: "high" }, parallelToolCalls: false });
    expect(written.thinking).toEqual({ type: "disabled" });
    expect(written.tool_choice).toEqual({ type: "any", disable_parallel_tool_use: true });
  });
});
