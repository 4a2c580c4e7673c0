import { EventStreamCodec } from "@smithy/eventstream-codec";
import { describe, expect, it } from "vitest";
import { bedrockErrorAnswer } from "./bedrock-errors.ts";
import { anthropicSseOfEventStream, EventStreamBroken } from "./event-stream.ts";

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString("utf8"),
  (text) => Buffer.from(text, "utf8"),
);
const header = (value: string) => ({ type: "string" as const, value });

const chunk = (event: object) =>
  Buffer.from(
    codec.encode({
      headers: { ":event-type": header("chunk"), ":content-type": header("application/json"), ":message-type": header("event") },
      body: Buffer.from(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString("base64"), p: "abc" })),
    }),
  );

const exception = (type: string, message: string) =>
  Buffer.from(
    codec.encode({
      headers: { ":exception-type": header(type), ":content-type": header("application/json"), ":message-type": header("exception") },
      body: Buffer.from(JSON.stringify({ message })),
    }),
  );

describe("Bedrock's event stream as Anthropic's SSE", () => {
  const start = { type: "message_start", message: { id: "msg_1", usage: { input_tokens: 3, output_tokens: 1 } } };
  const delta = { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hé" } };

  it("turns each chunk into the event it carries, whatever the network's cuts", () => {
    const bytes = Buffer.concat([chunk(start), chunk(delta)]);
    const expected = `event: message_start\ndata: ${JSON.stringify(start)}\n\nevent: content_block_delta\ndata: ${JSON.stringify(delta)}\n\n`;
    for (const cut of [1, 7, 12, 13, bytes.length - 1]) {
      const stream = anthropicSseOfEventStream();
      expect(stream.push(bytes.subarray(0, cut)) + stream.push(bytes.subarray(cut)) + stream.end(), `cut at ${cut}`).toBe(expected);
    }
    // Byte by byte, as a slow link would hand them over.
    const stream = anthropicSseOfEventStream();
    let out = "";
    for (const byte of bytes) out += stream.push(Buffer.from([byte]));
    expect(out + stream.end()).toBe(expected);
  });

  it("says an exception frame as Anthropic's error event, of the type that means the same", () => {
    const stream = anthropicSseOfEventStream();
    const out = stream.push(Buffer.concat([chunk(start), exception("throttlingException", "Too many tokens, please wait.")]));
    const last = out.trim().split("\n\n").at(-1)!;
    expect(last.split("\n")[0]).toBe("event: error");
    expect(JSON.parse(last.split("\n")[1].slice(6))).toEqual({ type: "error", error: { type: "rate_limit_error", message: "throttlingException: Too many tokens, please wait." } });
    // Each message's own headers: a chunk after the exception is read as a chunk again (headers are reused only while their bytes repeat).
    const again = anthropicSseOfEventStream().push(Buffer.concat([chunk(start), exception("throttlingException", "wait"), chunk(delta)]));
    expect(again.trim().split("\n\n").map((event) => event.split("\n")[0])).toEqual(["event: message_start", "event: error", "event: content_block_delta"]);
    const refused = anthropicSseOfEventStream().push(exception("validationException", "max_tokens: too many"));
    expect(refused).toContain('"type":"invalid_request_error"');
  });

  it("reads AWS's frames whatever other headers they carry, of every value type", () => {
    const headers = {
      ":message-type": header("event"),
      flag: { type: "boolean" as const, value: true },
      off: { type: "boolean" as const, value: false },
      small: { type: "byte" as const, value: 7 },
      short: { type: "short" as const, value: 300 },
      int: { type: "integer" as const, value: 70_000 },
      long: { type: "long" as const, value: { bytes: new Uint8Array(8), valueOf: () => 0 } as never },
      blob: { type: "binary" as const, value: new Uint8Array([1, 2, 3]) },
      when: { type: "timestamp" as const, value: new Date(0) },
      id: { type: "uuid" as const, value: "0b8a4fcb-4a8b-4b3c-8a6e-9d1f2e3a4b5c" },
      ":event-type": header("chunk"),
      "ünï": header("wörd"),
    };
    const frame = Buffer.from(codec.encode({ headers, body: Buffer.from(JSON.stringify({ p: "x", bytes: Buffer.from(JSON.stringify(delta)).toString("base64") })) }));
    expect(anthropicSseOfEventStream().push(frame)).toBe(`event: content_block_delta\ndata: ${JSON.stringify(delta)}\n\n`);
  });

  it("refuses a frame whose checksum fails, a length past AWS's cap, and a stream that ends inside a frame", () => {
    const corrupted = chunk(delta);
    corrupted[corrupted.length - 5] ^= 0xff;
    expect(() => anthropicSseOfEventStream().push(corrupted)).toThrow(EventStreamBroken);
    const prelude = chunk(delta);
    prelude[5] ^= 0x01; // the headers' length
    expect(() => anthropicSseOfEventStream().push(prelude)).toThrow(/prelude's checksum/);
    const huge = Buffer.alloc(16);
    huge.writeUInt32BE(64 * 1024 * 1024, 0);
    expect(() => anthropicSseOfEventStream().push(huge)).toThrow(/claims/);
    const cut = anthropicSseOfEventStream();
    cut.push(chunk(start).subarray(0, 20));
    expect(() => cut.end()).toThrow(/ended inside a message/);
  });
});

describe("Bedrock's HTTP errors as Anthropic's", () => {
  const answer = (type: string, status: number, message: string) => bedrockErrorAnswer(status, JSON.stringify({ message }), { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });

  it("gives each exception the status and type that say the same: refusals the caller's, capacity and credentials the channel's", () => {
    expect(answer("ValidationException", 400, "messages: field required")).toEqual({ status: 400, text: JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "ValidationException: messages: field required" } }) });
    expect(answer("ThrottlingException", 429, "slow down").status).toBe(429);
    expect(answer("ModelNotReadyException", 429, "warming").status).toBe(429);
    expect(answer("ServiceUnavailableException", 503, "down").status).toBe(529);
    expect(answer("UnrecognizedClientException", 403, "bad token")).toMatchObject({ status: 403 });
    expect(JSON.parse(answer("AccessDeniedException", 403, "no model access").text).error.type).toBe("permission_error");
    expect(answer("ModelTimeoutException", 408, "too slow").status).toBe(504);
  });

  it("keeps an unnamed error's status and says what it can", () => {
    const unnamed = bedrockErrorAnswer(502, "<html>bad gateway</html>", {});
    expect(unnamed.status).toBe(502);
    expect(JSON.parse(unnamed.text).error.message).toBe("Bedrock answered 502");
  });
});
