import { describe, expect, it } from "vitest";
import { chatAdapter } from "./openai-chat.ts";

const client = (body: Record<string, unknown>) => ({ body, raw: null, stream: true, headers: {}, query: {} });
const event = (data: string) => ({ raw: `data: ${data}\n\n`, data });

describe("chat stream: what is read from the events", () => {
  it.each([
    ["compact JSON", ",", ":"],
    ["JSON with a space after each separator, as Python's json.dumps writes it", ", ", ": "],
  ])("%s: the finish reason and the usage are read, the usage chunk dropped when not asked for", (_, comma, colon) => {
    const json = (value: unknown) => JSON.stringify(value).replaceAll('","', `"${comma}"`).replaceAll('":', `"${colon}`);
    const session = chatAdapter.startStream(client({ model: "m", stream: true }));
    const chunks = [
      json({ id: "c", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: null }], usage: null }),
      json({ id: "c", choices: [{ index: 0, delta: {}, finish_reason: "length" }], usage: null }),
      json({ id: "c", choices: [], usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 } }),
    ].map(event);
    const out = chunks.map((chunk) => session.onEvent(chunk));
    expect(out).toEqual([chunks[0].raw, chunks[1].raw, null]);
    expect(session.finishReason!()).toBe("length");
    expect(session.usage()).toMatchObject({ input: 11, output: 4 });
  });

  it("keeps the usage chunk for a client that asked for it", () => {
    const session = chatAdapter.startStream(client({ model: "m", stream: true, stream_options: { include_usage: true } }));
    const usageChunk = event(JSON.stringify({ id: "c", choices: [], usage: { prompt_tokens: 2, completion_tokens: 1 } }));
    expect(session.onEvent(usageChunk)).toBe(usageChunk.raw);
    expect(session.usage()).toMatchObject({ input: 2, output: 1 });
  });
});
