// A deliberately cheap upstream for the benchmark, in the chat-completions format and (on
// `/v1/messages`) the messages format, with its count_tokens: canned bodies, the request read as
// bytes but never decoded or parsed, so the gateway's overhead dominates what is measured.
import { createServer } from "node:http";
import { messagesStream } from "./scenarios/answers.ts";

const chatCompletion = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-mini",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello from the bench upstream." }, finish_reason: "stop" }],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
});

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }], usage: null })}\n\n`;
const chatStream =
  chunk({ role: "assistant", content: "" }) +
  ["Hello", " from", " the", " bench", " upstream."].map((text) => chunk({ content: text })).join("") +
  chunk({}, "stop") +
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n` +
  "data: [DONE]\n\n";

const message = JSON.stringify({
  id: "msg_bench",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-6",
  content: [{ type: "text", text: "Hello from the bench upstream." }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 7, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
});

/** DELAY_MS: how long the upstream "thinks" before answering (0 for the saturation runs). */
const delayMs = Number(process.env.DELAY_MS ?? 0);
const streamFlag = Buffer.from('"stream":true');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (part: Buffer) => chunks.push(part));
  req.on("end", () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer()));
  const answer = () => {
    const stream = Buffer.concat(chunks).includes(streamFlag);
    if (req.url!.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"input_tokens":36000}');
      return;
    }
    const messages = req.url!.startsWith("/v1/messages");
    res.writeHead(200, { "content-type": stream ? "text/event-stream" : "application/json" });
    res.end(messages ? (stream ? messagesStream : message) : stream ? chatStream : chatCompletion);
  };
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
