// A coding agent's request, built in code so it is the same on every run: a long system prompt,
// 16 tools with JSON schemas, and 40 turns of tool calls and their results — about 150 KB, the
// shape Claude Code, Codex and Gemini CLI send on every turn. One conversation, written in the
// messages format and in the chat-completions format.

/** A tiny deterministic generator (an LCG), so the text is varied but identical run to run. */
function words(seed: number) {
  const vocabulary = (
    "the file function return value module import export const let type interface test build " +
    "error request response stream token cache channel group model budget lease worker route " +
    "config parse render update delete create index table query commit branch merge review " +
    "async await promise buffer string number object array map set key option default handler"
  ).split(" ");
  let state = seed;
  return (count: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      out.push(vocabulary[state % vocabulary.length]);
    }
    return out.join(" ");
  };
}

const text = words(42);

// A few characters outside ASCII, as real prompts have (dashes, arrows, quotes).
const systemPrompt = Array.from({ length: 40 }, (_, i) => `## Rule ${i + 1} — ${text(22)} → ${text(10)}.`).join("\n");

const tools = Array.from({ length: 16 }, (_, i) => ({
  name: `tool_${i}_${text(1)}`,
  description: text(40),
  schema: {
    type: "object",
    properties: {
      path: { type: "string", description: text(12) },
      pattern: { type: "string", description: text(10) },
      limit: { type: "integer", minimum: 1, maximum: 2000, description: text(8) },
      options: { type: "object", properties: { recursive: { type: "boolean" }, encoding: { type: "string", enum: ["utf-8", "latin1"] } } },
    },
    required: ["path"],
  },
}));

const turns = Array.from({ length: 40 }, (_, i) => ({
  id: `toolu_${String(i).padStart(4, "0")}_${"x".repeat(16)}`,
  tool: tools[i % tools.length].name,
  thought: `Next I look at ${text(18)}.`,
  input: { path: `src/${text(1)}/${text(1)}-${i}.ts`, pattern: text(3), limit: 200 },
  // A tool's result: a file's worth of text, the bulk of an agent's request.
  result: Array.from({ length: 40 }, (_, line) => `${String(line + 1).padStart(4)}\t${text(9)};`).join("\n"),
}));

const firstTask = `Please fix the failing test in ${text(4)} and explain the change.`;

/** The messages-format body (`POST /v1/messages`); without `max_tokens` and `stream`, a count_tokens body. */
export function messagesRequest(model: string, stream: boolean, count = false): string {
  const messages: object[] = [{ role: "user", content: firstTask }];
  for (const turn of turns) {
    messages.push({ role: "assistant", content: [{ type: "text", text: turn.thought }, { type: "tool_use", id: turn.id, name: turn.tool, input: turn.input }] });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: turn.id, content: turn.result }] });
  }
  return JSON.stringify({
    model,
    ...(count ? {} : { max_tokens: 16000 }),
    system: [{ type: "text", text: systemPrompt, cache_control: { type: "ephemeral" } }],
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.schema })),
    messages,
    ...(count ? {} : { stream }),
  });
}

/** The chat-completions body (`POST /v1/chat/completions`). */
export function chatRequest(model: string, stream: boolean): string {
  const messages: object[] = [
    { role: "system", content: systemPrompt },
    { role: "user", content: firstTask },
  ];
  for (const turn of turns) {
    messages.push({
      role: "assistant",
      content: turn.thought,
      tool_calls: [{ id: turn.id, type: "function", function: { name: turn.tool, arguments: JSON.stringify(turn.input) } }],
    });
    messages.push({ role: "tool", tool_call_id: turn.id, content: turn.result });
  }
  return JSON.stringify({
    model,
    max_tokens: 16000,
    tools: tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.schema } })),
    messages,
    stream,
  });
}
