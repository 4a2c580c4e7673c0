// The official SDKs as the arbiter of a stream: the raw SSE text the gateway sent is replayed to the
// SDK's own stream helper (through a fetch that answers with it), and what the helper assembles is
// what an SDK user keeps and sends back on the next turn.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import type { Format } from "../../server/translate/canonical.ts";

const replay = (raw: string) => async () => new Response(raw, { status: 200, headers: { "content-type": "text/event-stream" } });

/** The assistant turn the caller format's SDK assembles from `raw`, as its user appends it to the history (null: no helper used). */
export async function sdkAssistant(format: Format, raw: string): Promise<unknown[] | null> {
  if (format === "messages") {
    const client = new Anthropic({ apiKey: "replay", baseURL: "http://sdk.invalid", maxRetries: 0, fetch: replay(raw) });
    const message = await client.messages.stream({ model: "m", max_tokens: 1, messages: [{ role: "user", content: "x" }] }).finalMessage();
    return [{ role: "assistant", content: message.content }];
  }
  const client = new OpenAI({ apiKey: "replay", baseURL: "http://sdk.invalid/v1", maxRetries: 0, fetch: replay(raw) });
  if (format === "chat") {
    const completion = await client.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "x" }] }).finalChatCompletion();
    return [completion.choices[0].message];
  }
  if (format === "responses") {
    const response = await client.responses.stream({ model: "m", input: "x" }).finalResponse();
    return response.output;
  }
  return null; // google-genai has no accumulator: its users keep every chunk's parts, as the suite's reader does
}
