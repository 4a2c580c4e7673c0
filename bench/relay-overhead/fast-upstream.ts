// A deliberately cheap chat-completions upstream for the benchmark: canned bodies, no parsing
// beyond reading the request, so the gateway's overhead dominates what is measured.
import { createServer } from "node:http";

const completion = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-mini",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello from the bench upstream." }, finish_reason: "stop" }],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
});

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }], usage: null })}\n\n`;
const stream =
  chunk({ role: "assistant", content: "" }) +
  ["Hello", " from", " the", " bench", " upstream."].map((text) => chunk({ content: text })).join("") +
  chunk({}, "stop") +
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n` +
  "data: [DONE]\n\n";

/** DELAY_MS: how long the upstream "thinks" before answering (0 for the saturation runs). */
const delayMs = Number(process.env.DELAY_MS ?? 0);

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (part) => (body += part));
  req.on("end", () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer()));
  const answer = () => {
    if (body.includes('"stream":true')) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(stream);
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(completion);
    }
  };
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
