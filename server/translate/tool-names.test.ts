import { describe, expect, it } from "vitest";
import type { CanonicalRequest, ToolDefinition } from "./canonical.ts";
import { UpstreamToolNames, portableName } from "./tool-names.ts";

const tool = (name: string): ToolDefinition => ({ name, parameters: { type: "object", properties: {} } });
const request = (tools: ToolDefinition[], turns: CanonicalRequest["turns"] = [], toolChoice?: CanonicalRequest["toolChoice"]): CanonicalRequest => ({
  model: "m",
  system: [],
  turns,
  tools,
  toolChoice,
  stream: true,
});
const history = (name: string): CanonicalRequest["turns"] => [
  { role: "user", parts: [{ type: "text", text: "go" }] },
  { role: "assistant", parts: [{ type: "tool_call", id: "c1", name, arguments: "{}" }] },
  { role: "user", parts: [{ type: "tool_result", callId: "c1", name, content: [{ type: "text", text: "ok" }] }] },
];

describe("tool names an upstream refuses", () => {
  it("puts an allowed-tools choice's names under the same stand-ins as the declared tools", () => {
    const given = request([tool("files.read"), tool("files.write"), tool("search")], [], { type: "allowed", names: ["search", "files.read"], required: true });
    const upstream = UpstreamToolNames.of(given.tools, "chat").upstreamRequest(given);
    expect(upstream.tools.map((t) => t.name)).toEqual(["files_read", "files_write", "search"]);
    expect(upstream.toolChoice).toEqual({ type: "allowed", names: ["search", "files_read"], required: true });
  });

  it("leaves a request whose names the upstream takes as the same object", () => {
    const given = request([tool("read_file"), tool("mcp__server__tool")], history("read_file"));
    const names = UpstreamToolNames.of(given.tools, "chat");
    expect(names.upstreamRequest(given)).toBe(given);
    expect(names.renames).toBe(false);
  });

  it("takes each format's rule: dots and colons go to Gemini as they are, a leading digit does not", () => {
    expect(UpstreamToolNames.of([tool("files.read"), tool("github:create_issue")], "generate-content").renames).toBe(false);
    expect(UpstreamToolNames.of([tool("7zip")], "messages").renames).toBe(false);
    expect(UpstreamToolNames.of([tool("7zip")], "generate-content").upstreamName("7zip")).toBe("_7zip");
    const long = "x".repeat(100);
    expect(UpstreamToolNames.of([tool(long)], "messages").renames).toBe(false);
    expect(UpstreamToolNames.of([tool(long)], "responses").upstreamName(long)).toMatch(/^x{55}_[0-9a-f]{8}$/);
  });

  it("renames declarations, tool_choice and the history's calls and results, and maps calls back", () => {
    const given = request([tool("files.read"), tool("grep")], history("files.read"), { type: "tool", name: "files.read" });
    const names = UpstreamToolNames.of(given.tools, "messages");
    const sent = names.upstreamRequest(given);
    expect(sent.tools.map((t) => t.name)).toEqual(["files_read", "grep"]);
    expect(sent.toolChoice).toEqual({ type: "tool", name: "files_read" });
    expect(sent.turns[1].parts[0]).toMatchObject({ type: "tool_call", name: "files_read" });
    expect(sent.turns[2].parts[0]).toMatchObject({ type: "tool_result", name: "files_read" });
    expect(given.tools[0].name).toBe("files.read"); // the caller's request is not touched
    expect(names.callerEvent({ type: "block_start", index: 0, block: { type: "tool_call", id: "c2", name: "files_read" } })).toEqual({
      type: "block_start",
      index: 0,
      block: { type: "tool_call", id: "c2", name: "files.read" },
    });
    expect(names.callerName("invented")).toBe("invented");
  });

  it("keeps names that would collide apart with a hash, the same every turn whatever the history holds", () => {
    const tools = [tool("files.read"), tool("files:read"), tool("fs.write"), tool("fs_write")];
    const first = UpstreamToolNames.of(tools, "chat").upstreamRequest(request(tools)).tools.map((t) => t.name);
    expect(new Set(first).size).toBe(4);
    for (const name of first) expect(name).toMatch(portableName);
    expect(first[0]).toMatch(/^files_read_[0-9a-f]{8}$/);
    expect(first[3]).toBe("fs_write");
    const later = UpstreamToolNames.of(tools, "chat").upstreamRequest(request(tools, history("old.tool"))).tools.map((t) => t.name);
    expect(later).toEqual(first);
  });

  it("gives a call in the history to a tool no longer declared a stand-in that no declared tool has", () => {
    const names = UpstreamToolNames.of([tool("old_tool")], "chat");
    const sent = names.upstreamRequest(request([tool("old_tool")], history("old.tool")));
    const standIn = (sent.turns[1].parts[0] as { name: string }).name;
    expect(standIn).toMatch(/^old_tool_[0-9a-f]{8}$/);
    expect(names.callerName(standIn)).toBe("old.tool");
  });

  it("puts the caller's names back into an upstream's words, whole stand-ins only, longest first", () => {
    const names = UpstreamToolNames.of([tool("a.b"), tool("a.b_c"), tool("plain")], "messages");
    names.upstreamRequest(request([tool("a.b"), tool("a.b_c"), tool("plain")], history("gone.tool")));
    expect(names.callerMessage("tools.0: 'a_b' and a_b_c; not a_b_cd nor xa_b; plain; gone_tool")).toBe("tools.0: 'a.b' and a.b_c; not a_b_cd nor xa_b; plain; gone.tool");
    // Nothing renamed: the same words.
    const said = "tools.0: 'read_file'";
    expect(UpstreamToolNames.of([tool("read_file")], "messages").callerMessage(said)).toBe(said);
  });
});
