import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../test/helpers/translation.ts";
import type { StreamEvent } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { codecs } from "../codecs.ts";
import { responsesCodec } from "./index.ts";
import { qualifiedName } from "./namespaces.ts";

const read = (body: Record<string, unknown>) => responsesCodec.readRequest({ model: "claude-sonnet-4-6", ...body }, { stream: true, model: "claude-sonnet-4-6" });
const object = (properties: Record<string, unknown>) => ({ type: "object", properties, additionalProperties: false });

// The shapes Codex 0.169 declares by default (descriptions and schemas cut short): plain functions,
// its sub-agent functions in a namespace, and the hosted web_search in cached mode.
const codexTools = [
  { type: "function", name: "exec_command", description: "Runs a command in a PTY.", strict: false, parameters: object({ cmd: { type: "string" } }) },
  {
    type: "namespace",
    name: "multi_agent_v1",
    description: "Tools for spawning and managing sub-agents.",
    tools: [
      { type: "function", name: "close_agent", description: "Close an agent.", strict: false, parameters: object({ target: { type: "string" } }) },
      { type: "function", name: "spawn_agent", description: "Spawn a sub-agent.", strict: false, parameters: object({ message: { type: "string" } }) },
    ],
  },
  { type: "function", name: "get_goal", description: "Get the current goal.", strict: false, parameters: object({}) },
  { type: "web_search", external_web_access: false },
];

describe("responses request reader: Codex's default tools", () => {
  it("carries a namespace's functions under qualified names, each told what its namespace is for, and leaves web_search out", () => {
    const { tools } = read({ input: "hi", tools: codexTools });
    expect(tools.map((tool) => tool.name)).toEqual(["exec_command", "multi_agent_v1__close_agent", "multi_agent_v1__spawn_agent", "get_goal"]);
    expect(tools[1]).toEqual({
      name: "multi_agent_v1__close_agent",
      description: "Tools for spawning and managing sub-agents.\n\nClose an agent.",
      parameters: object({ target: { type: "string" } }),
      strict: false,
      inNamespace: { namespace: "multi_agent_v1", name: "close_agent", description: "Tools for spawning and managing sub-agents." },
    });
    expect(tools[0]).not.toHaveProperty("inNamespace");
  });

  it("reads a call into a namespace, sent back in `input`, under the same qualified name, and its output with it", () => {
    const input = [
      { type: "message", role: "user", content: [{ type: "input_text", text: "close it" }] },
      { type: "function_call", id: "fc_1", status: "completed", call_id: "call_1", name: "close_agent", namespace: "multi_agent_v1", arguments: '{"target":"a1"}' },
      { type: "function_call_output", call_id: "call_1", output: "closed" },
    ];
    const { turns } = read({ input, tools: codexTools });
    expect(turns[1].parts).toEqual([{ type: "tool_call", id: "call_1", name: "multi_agent_v1__close_agent", arguments: '{"target":"a1"}' }]);
    expect(turns[2].parts[0]).toMatchObject({ type: "tool_result", callId: "call_1", name: "multi_agent_v1__close_agent" });
  });

  it("each translated upstream gets the qualified names as plain function tools, and no web_search", () => {
    const request = read({ input: "hi", tools: codexTools });
    const names = {
      messages: (codecs.messages.writeRequest(request) as any).tools.map((tool: any) => tool.name),
      chat: (codecs.chat.writeRequest(request) as any).tools.map((tool: any) => tool.function.name),
      "generate-content": (codecs["generate-content"].writeRequest(request) as any).tools[0].functionDeclarations.map((d: any) => d.name),
    };
    for (const written of Object.values(names)) expect(written).toEqual(["exec_command", "multi_agent_v1__close_agent", "multi_agent_v1__spawn_agent", "get_goal"]);
  });

  it("refuses a tool_choice that forces a hosted tool, and `required` when only hosted tools were declared", () => {
    const forced = refusalOf(() => read({ input: "hi", tools: codexTools, tool_choice: { type: "web_search_preview" } }));
    expect(forced.field).toBe("tool_choice");
    expect(forced.reason).toMatch(/runs on OpenAI's platform/);
    const required = refusalOf(() => read({ input: "hi", tools: [{ type: "web_search" }], tool_choice: "required" }));
    expect(required.field).toBe("tool_choice");
    expect(required.reason).toMatch(/left out upstream/);
    expect(read({ input: "hi", tools: [{ type: "web_search" }], tool_choice: "auto" }).tools).toEqual([]);
  });

  it("refuses what a namespace carries that has no place upstream, naming where it is", () => {
    const namespace = (tools: unknown[], extra = {}) => ({ input: "hi", tools: [{ type: "namespace", name: "crm", description: "CRM", tools, ...extra }] });
    const cases: [string, Record<string, unknown>, string][] = [
      ["a custom tool inside", namespace([{ type: "custom", name: "patch" }]), "tools[0].tools[0].type"],
      ["a function's output_schema", namespace([{ type: "function", name: "find", output_schema: {} }]), "tools[0].tools[0].output_schema"],
      ["a function without a name", namespace([{ type: "function" }]), "tools[0].tools[0].name"],
      ["a namespace without tools", { input: "hi", tools: [{ type: "namespace", name: "crm" }] }, "tools[0].tools"],
      ["an unknown key on the namespace", namespace([], { allowed_callers: ["direct"] }), "tools[0].allowed_callers"],
    ];
    for (const [what, body, field] of cases) expect(refusalOf(() => read(body)).field, what).toBe(field);
    // defer_loading (found through tool search on OpenAI) is simply declared upstream.
    expect(read(namespace([{ type: "function", name: "find", defer_loading: true }])).tools.map((tool) => tool.name)).toEqual(["crm__find"]);
  });

  it("refuses a namespace whose qualified name another tool has: a call to it could not be told apart", () => {
    const error = refusalOf(() => read({ input: "hi", tools: [{ type: "function", name: "crm__find" }, { type: "namespace", name: "crm", description: "", tools: [{ type: "function", name: "find" }] }] }));
    expect(error.field).toBe("tools[1]");
    expect(error.reason).toMatch(/`find` of namespace `crm` goes upstream as `crm__find`/);
  });
});

describe("qualifiedName", () => {
  it("joins as Codex does: `__` between, none after a namespace that ends in `__` (its MCP servers')", () => {
    expect(qualifiedName("multi_agent_v1", "spawn_agent")).toBe("multi_agent_v1__spawn_agent");
    expect(qualifiedName("mcp__github__", "create_issue")).toBe("mcp__github__create_issue");
  });

  it("makes a name no upstream would take portable (Gemini's first character, 64 at most, no dots), distinct per pair and the same every time", () => {
    const portable = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
    const long = qualifiedName("n".repeat(40), "f".repeat(40));
    const dotted = qualifiedName("1st.server", "read.file");
    for (const name of [long, dotted]) expect(name).toMatch(portable);
    expect(qualifiedName("n".repeat(40), `${"f".repeat(39)}g`)).not.toBe(long);
    expect(qualifiedName("1st.server", "read_file")).not.toBe(dotted);
    expect(qualifiedName("1st.server", "read.file")).toBe(dotted);
  });
});

describe("responses writer: a call into a namespace goes back as Codex declared it", () => {
  const context = (): CallerContext => ({ model: "claude-sonnet-4-6", includeUsage: false, request: read({ input: "hi", tools: codexTools }), estimatedInputTokens: 10 });
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
  const events: StreamEvent[] = [
    { type: "start", id: "msg_1", model: "claude-sonnet-4-6", created: 1757540000 },
    { type: "block_start", index: 0, block: { type: "tool_call", id: "toolu_1", name: "multi_agent_v1__close_agent" } },
    { type: "tool_arguments_delta", index: 0, json: '{"target":"a1"}' },
    { type: "block_stop", index: 0 },
    { type: "block_start", index: 1, block: { type: "tool_call", id: "toolu_2", name: "exec_command" } },
    { type: "tool_arguments_delta", index: 1, json: '{"cmd":"ls"}' },
    { type: "block_stop", index: 1 },
    { type: "finish", stopReason: "tool_use", usage },
  ];
  const stream = () => {
    const writer = responsesCodec.streamWriter(context());
    return events.map((event) => writer.write(event)).join("") + writer.end();
  };
  const client = (body: string, contentType: string) =>
    new OpenAI({ apiKey: "k", baseURL: "http://tollgate.test/v1", maxRetries: 0, fetch: async () => new Response(body, { headers: { "content-type": contentType } }) });

  it("streamed: the function_call item has the function's own name and `namespace`, from output_item.added on; a plain call has no namespace", async () => {
    const text = stream();
    const added = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)))
      .filter((event) => event.type === "response.output_item.added");
    expect(added[0].item).toMatchObject({ type: "function_call", name: "close_agent", namespace: "multi_agent_v1" });
    const final = await client(text, "text/event-stream").responses.stream({ model: "claude-sonnet-4-6", input: "hi" }).finalResponse();
    expect(final.output[0]).toMatchObject({ type: "function_call", call_id: "toolu_1", name: "close_agent", namespace: "multi_agent_v1", arguments: '{"target":"a1"}' });
    expect(final.output[1]).toMatchObject({ type: "function_call", name: "exec_command" });
    expect(final.output[1]).not.toHaveProperty("namespace");
    // The response echoes the tools as declared: the namespace's functions grouped under it again.
    expect(final.tools.map((tool: any) => [tool.type, tool.name, tool.tools?.map((t: any) => t.name)])).toEqual([
      ["function", "exec_command", undefined],
      ["namespace", "multi_agent_v1", ["close_agent", "spawn_agent"]],
      ["function", "get_goal", undefined],
    ]);
  });

  it("not streamed: the same items", async () => {
    const response = responsesCodec.writeResponse(
      {
        id: "msg_1",
        model: "claude-sonnet-4-6",
        created: 1757540000,
        content: [{ type: "tool_call", id: "toolu_1", name: "multi_agent_v1__close_agent", arguments: '{"target":"a1"}' }],
        stopReason: "tool_use",
        usage,
      },
      context(),
    );
    const read = await client(JSON.stringify(response), "application/json").responses.create({ model: "claude-sonnet-4-6", input: "hi" });
    expect(read.output[0]).toMatchObject({ type: "function_call", name: "close_agent", namespace: "multi_agent_v1" });
  });
});

describe("responses tool_choice naming a function inside a namespace", () => {
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
  const echoed = (request: ReturnType<typeof read>) =>
    (responsesCodec.writeResponse({ id: "m", model: "claude-sonnet-4-6", created: 1, content: [], stopReason: "end_turn", usage }, { model: "claude-sonnet-4-6", includeUsage: false, request, estimatedInputTokens: 1 }) as any).tool_choice;

  it("forces the function under the name it goes upstream as, and echoes it as the caller named it", () => {
    for (const tool_choice of [{ type: "function", name: "spawn_agent" }, { type: "function", name: "spawn_agent", namespace: "multi_agent_v1" }]) {
      const request = read({ input: "hi", tools: codexTools, tool_choice });
      expect(request.toolChoice).toEqual({ type: "tool", name: "multi_agent_v1__spawn_agent" });
      expect((codecs.messages.writeRequest(request) as any).tool_choice).toEqual({ type: "tool", name: "multi_agent_v1__spawn_agent" });
      expect((codecs.chat.writeRequest(request) as any).tool_choice).toEqual({ type: "function", function: { name: "multi_agent_v1__spawn_agent" } });
      expect((codecs["generate-content"].writeRequest(request) as any).toolConfig.functionCallingConfig.allowedFunctionNames).toEqual(["multi_agent_v1__spawn_agent"]);
      expect(echoed(request)).toEqual({ type: "function", name: "spawn_agent", namespace: "multi_agent_v1" });
    }
    // A top-level function of that name is the one named.
    const plain = read({ input: "hi", tools: [...codexTools, { type: "function", name: "spawn_agent" }], tool_choice: { type: "function", name: "spawn_agent" } });
    expect(plain.toolChoice).toEqual({ type: "tool", name: "spawn_agent" });
    expect(echoed(plain)).toEqual({ type: "function", name: "spawn_agent" });
    // A custom tool of that name is not a function: `{type:"function"}` still names the namespace's.
    const custom = read({ input: "hi", tools: [...codexTools, { type: "custom", name: "spawn_agent" }], tool_choice: { type: "function", name: "spawn_agent" } });
    expect(custom.toolChoice).toEqual({ type: "tool", name: "multi_agent_v1__spawn_agent" });
    expect(echoed(custom)).toEqual({ type: "function", name: "spawn_agent", namespace: "multi_agent_v1" });
  });

  it("refuses a name two namespaces have, or a namespace that has no such function, saying what to send", () => {
    const other = { type: "namespace", name: "crm", description: "", tools: [{ type: "function", name: "spawn_agent" }] };
    const ambiguous = refusalOf(() => read({ input: "hi", tools: [...codexTools, other], tool_choice: { type: "function", name: "spawn_agent" } }));
    expect(ambiguous.field).toBe("tool_choice");
    expect(ambiguous.reason).toMatch(/`multi_agent_v1` and `crm`.*`namespace`/);
    const missing = refusalOf(() => read({ input: "hi", tools: codexTools, tool_choice: { type: "function", name: "find", namespace: "multi_agent_v1" } }));
    expect(missing.field).toBe("tool_choice");
    expect(missing.reason).toMatch(/no function `find` in namespace `multi_agent_v1`/);
  });
});

describe("responses input: a custom tool call made inside a namespace", () => {
  it("keeps its namespace, as a function call's does: it is not taken for a top-level tool of the same name", () => {
    const input = [
      { type: "custom_tool_call", call_id: "call_1", name: "apply_patch", namespace: "editor", input: "*** Begin Patch" },
      { type: "custom_tool_call_output", call_id: "call_1", output: "done" },
    ];
    const { turns } = read({ input, tools: [{ type: "custom", name: "apply_patch" }] });
    expect(turns[0].parts).toEqual([{ type: "tool_call", id: "call_1", name: "editor__apply_patch", arguments: '{"input":"*** Begin Patch"}' }]);
    expect(turns[1].parts[0]).toMatchObject({ type: "tool_result", callId: "call_1", name: "editor__apply_patch" });
  });
});
