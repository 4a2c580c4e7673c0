// A deliberately cheap upstream for the benchmark, in the chat-completions format and (on
// `/v1/messages`) the messages format, with its count_tokens, and (on `/model/{id}/invoke` and
// `/model/{id}/invoke-with-response-stream`) AWS Bedrock's InvokeModel for Claude: canned bodies,
// the request read as bytes but never decoded or parsed, so the gateway's overhead dominates what
// is measured.
import { createServer } from "node:http";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { messagesStream, messagesStreamEvents } from "./scenarios/answers.ts";

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

// Bedrock's InvokeModelWithResponseStream: the same 10 events, each a `chunk` event of AWS's binary
// event-stream framing whose payload is `{"bytes": <base64 of the event's JSON>, "p": <padding>}`,
// as Bedrock sends them. Encoded once here, so a streamed Bedrock answer costs the upstream no more
// than the SSE one.
const eventStreamCodec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"),
  (text) => Buffer.from(text, "utf8"),
);
const chunkHeaders = {
  ":event-type": { type: "string", value: "chunk" },
  ":content-type": { type: "string", value: "application/json" },
  ":message-type": { type: "string", value: "event" },
} as const;
const bedrockStream = Buffer.concat(
  messagesStreamEvents.map(({ json }) =>
    eventStreamCodec.encode({ headers: chunkHeaders, body: Buffer.from(JSON.stringify({ bytes: Buffer.from(json).toString("base64"), p: "abcd" })) }),
  ),
);
const bedrockPath = /^\/model\/[^/]+\/(invoke|invoke-with-response-stream)(?:\?|$)/;

/** DELAY_MS: how long the upstream "thinks" before answering (0 for the saturation runs). */
const delayMs = Number(process.env.DELAY_MS ?? 0);
const streamFlag = Buffer.from('"stream":true');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (part: Buffer) => chunks.push(part));
  req.on("end", () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer()));
  const answer = () => {
    const bedrock = bedrockPath.exec(req.url!);
    if (bedrock) {
      // Only that the request was signed (SigV4 by the channel's key) is checked, not the signature.
      if (!req.headers.authorization?.startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") || !req.headers["x-amz-date"]) {
        res.writeHead(403, { "content-type": "application/json", "x-amzn-errortype": "UnrecognizedClientException" });
        res.end('{"message":"The security token included in the request is invalid."}');
        return;
      }
      const streamed = bedrock[1] === "invoke-with-response-stream";
      res.writeHead(200, { "content-type": streamed ? "application/vnd.amazon.eventstream" : "application/json", "x-amzn-requestid": "bench" });
      res.end(streamed ? bedrockStream : message);
      return;
    }
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
