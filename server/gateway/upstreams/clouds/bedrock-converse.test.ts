import { describe, expect, it } from "vitest";
import { eventMessage, exceptionMessage, checkSigV4 } from "../../../../test/mock-upstreams/clouds/aws.ts";
import { converseProblem } from "../../../../test/mock-upstreams/clouds/bedrock-converse.ts";
import { kindServesFamily, upstreamFormatOf } from "../../../domain/group-interfaces.ts";
import { catalogCapabilities, modelCapabilities } from "../../../domain/model-capabilities.ts";
import { isGatewayError } from "../../../domain/errors.ts";
import { usageFromChat } from "../../../domain/usage.ts";
import { channelAdapter } from "../by-kind.ts";
import { chatAdapter } from "../openai-chat.ts";
import { type ClientRequest, errorChunkOf } from "../adapter.ts";
import { SseSplitter } from "../sse.ts";
import { openaiErrorObjectStatus } from "../../errors/openai.ts";
import { converseRequestOf } from "./bedrock-converse.ts";
import { chatCompletionOfConverse, converseErrorAnswer } from "./bedrock-converse-answer.ts";
import { chatSseOfConverseStream } from "./bedrock-converse-stream.ts";

const passthrough = { passthrough: true };
const translated = { passthrough: false };
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** The refusal a conversion throws: the gateway's 400 naming the field. */
function refusal(run: () => unknown): { field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isGatewayError(error) && error.kind === "invalid_request") return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("channel kinds: bedrock serves chat through Converse beside Claude's Messages", () => {
  it("a Claude group's bedrock channel still takes Messages; a compatible or domestic group's takes chat", () => {
    expect(upstreamFormatOf("bedrock", "A")).toBe("messages");
    expect(upstreamFormatOf("bedrock", "compatible")).toBe("chat");
    expect(upstreamFormatOf("bedrock", "domestic")).toBe("chat");
    expect(kindServesFamily("bedrock", "compatible")).toBe(true);
    expect(kindServesFamily("bedrock", "C")).toBe(false);
  });

  it("the catalog knows Bedrock's Llama, Mistral and Nova ids, with their geography prefixes, and their output limits", () => {
    expect(catalogCapabilities("meta.llama3-3-70b-instruct-v1:0")).toMatchObject({ maxOutputTokens: 8192, source: "family", images: false, temperature: { min: 0, max: 1 } });
    expect(catalogCapabilities("us.meta.llama3-3-70b-instruct-v1:0").maxOutputTokens).toBe(8192);
    expect(catalogCapabilities("mistral.mistral-large-2407-v1:0").maxOutputTokens).toBe(8192);
    expect(catalogCapabilities("amazon.nova-pro-v1:0")).toMatchObject({ maxOutputTokens: 10_000, contextWindow: 300_000, images: true });
    expect(catalogCapabilities("eu.amazon.nova-lite-v1:0").maxOutputTokens).toBe(10_000);
    expect(catalogCapabilities("amazon.nova-micro-v1:0")).toMatchObject({ maxOutputTokens: 10_000, contextWindow: 128_000, images: false });
    // Another Nova (Nova 2 Lite thinks, and takes more) is not taken for these.
    expect(catalogCapabilities("amazon.nova-2-lite-v1:0").source).toBe("default");
  });
});

describe("chat → Converse request", () => {
  it("hoists system and developer messages, merges same-role turns, and writes tool calls and results as Converse blocks", () => {
    const request = converseRequestOf(
      {
        model: "llama",
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Read the readme." },
          { role: "user", content: [{ type: "text", text: "Please." }] },
          { role: "assistant", content: "Reading it.", tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"README.md"}' } }] },
          { role: "tool", tool_call_id: "call_1", content: "# Tollgate" },
          { role: "developer", content: [{ type: "text", text: "Quote it." }] },
          { role: "user", content: "What does it say?" },
        ],
        tools: [{ type: "function", function: { name: "read_file", description: "Reads a file", parameters: { type: "object", properties: { path: { type: "string" } } }, strict: true } }],
        tool_choice: "auto",
        max_tokens: 512,
        temperature: 0.2,
        top_p: 0.9,
        stop: "END",
        stream: true,
        stream_options: { include_usage: true },
        user: "someone",
      },
      passthrough,
    );
    expect(request).toEqual({
      system: [{ text: "Be brief." }, { text: "Quote it." }],
      messages: [
        { role: "user", content: [{ text: "Read the readme." }, { text: "Please." }] },
        { role: "assistant", content: [{ text: "Reading it." }, { toolUse: { toolUseId: "call_1", name: "read_file", input: { path: "README.md" } } }] },
        { role: "user", content: [{ toolResult: { toolUseId: "call_1", content: [{ text: "# Tollgate" }] } }, { text: "What does it say?" }] },
      ],
      inferenceConfig: { maxTokens: 512, temperature: 0.2, topP: 0.9, stopSequences: ["END"] },
      toolConfig: {
        tools: [{ toolSpec: { name: "read_file", description: "Reads a file", inputSchema: { json: { type: "object", properties: { path: { type: "string" } } } }, strict: true } }],
        toolChoice: { auto: {} },
      },
    });
    // The mock holds it to Bedrock's rules: alternating roles, every toolUse answered in the next user turn.
    expect(converseProblem(request, "meta.llama3-3-70b-instruct-v1:0", 8192)).toBeNull();
  });

  it("parallel tool results land in one user turn; an empty result says so rather than send a blank block", () => {
    const request = converseRequestOf(
      {
        messages: [
          { role: "user", content: "Both files." },
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "a", type: "function", function: { name: "read", arguments: '{"path":"A"}' } },
              { id: "b", type: "function", function: { name: "read", arguments: "" } },
            ],
          },
          { role: "tool", tool_call_id: "a", content: "alpha" },
          { role: "tool", tool_call_id: "b", content: "" },
        ],
        tools: [{ type: "function", function: { name: "read", parameters: { type: "object" } } }],
      },
      passthrough,
    );
    expect(request.messages).toEqual([
      { role: "user", content: [{ text: "Both files." }] },
      { role: "assistant", content: [{ toolUse: { toolUseId: "a", name: "read", input: { path: "A" } } }, { toolUse: { toolUseId: "b", name: "read", input: {} } }] },
      { role: "user", content: [{ toolResult: { toolUseId: "a", content: [{ text: "alpha" }] } }, { toolResult: { toolUseId: "b", content: [{ text: "(no output)" }] } }] },
    ]);
    expect(converseProblem(request, "amazon.nova-pro-v1:0", 10_000)).toBeNull();
  });

  it("takes images and documents as their bytes; refuses images by URL", () => {
    const request = converseRequestOf(
      {
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "What is this?" },
              { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
              { type: "file", file: { filename: "Q3 report (final).pdf", file_data: "data:application/pdf;base64,JVBERi0=" } },
              { type: "file", file: { filename: "Q3 report (final).pdf", file_data: "data:application/pdf;base64,JVBERi0=" } },
            ],
          },
        ],
      },
      passthrough,
    );
    expect(request.messages[0].content).toEqual([
      { text: "What is this?" },
      { image: { format: "png", source: { bytes: PNG } } },
      { document: { format: "pdf", name: "Q3 report (final)", source: { bytes: "JVBERi0=" } } },
      { document: { format: "pdf", name: "Q3 report (final) 2", source: { bytes: "JVBERi0=" } } },
    ]);
    expect(converseProblem(request, "amazon.nova-pro-v1:0", 10_000)).toBeNull();
    expect(converseProblem(request, "meta.llama3-3-70b-instruct-v1:0", 8192)?.message).toMatch(/doesn't support the image content block/);
    const byUrl = refusal(() => converseRequestOf({ messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://example.com/cat.png" } }] }] }, passthrough));
    expect(byUrl).toMatchObject({ field: "messages[0].content[0].image_url.url", message: expect.stringMatching(/bytes, not a URL/) });
  });

  it("leaves out blank text (Converse refuses it) and the assistant's reasoning_content", () => {
    const request = converseRequestOf(
      {
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello.", reasoning_content: "The user greets." },
          { role: "user", content: [{ type: "text", text: "  " }, { type: "text", text: "Again" }] },
        ],
      },
      passthrough,
    );
    expect(request.messages).toEqual([
      { role: "user", content: [{ text: "Hi" }] },
      { role: "assistant", content: [{ text: "Hello." }] },
      { role: "user", content: [{ text: "Again" }] },
    ]);
  });

  it("maps tool choices, structured output, and a model's own parameters to additionalModelRequestFields", () => {
    const tools = [{ type: "function", function: { name: "f", parameters: { type: "object" } } }];
    const base = { messages: [{ role: "user", content: "x" }], tools };
    expect(converseRequestOf({ ...base, tool_choice: "required" }, passthrough).toolConfig.toolChoice).toEqual({ any: {} });
    expect(converseRequestOf({ ...base, tool_choice: { type: "function", function: { name: "f" } } }, passthrough).toolConfig.toolChoice).toEqual({ tool: { name: "f" } });
    // "none" with no tool calls in the conversation: the tools are not declared.
    expect(converseRequestOf({ ...base, tool_choice: "none" }, passthrough).toolConfig).toBeUndefined();
    const schema = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };
    expect(converseRequestOf({ ...base, response_format: { type: "json_schema", json_schema: { name: "out", schema } } }, passthrough).outputConfig).toEqual({
      textFormat: { type: "json_schema", structure: { jsonSchema: { schema: JSON.stringify(schema), name: "out" } } },
    });
    const own = converseRequestOf({ ...base, top_k: 40, seed: 7, reasoning_effort: "high", n: 1, logprobs: false, parallel_tool_calls: true, max_completion_tokens: 100, max_tokens: 50 }, passthrough);
    expect(own.additionalModelRequestFields).toEqual({ top_k: 40, seed: 7, reasoning_effort: "high" });
    expect(own.inferenceConfig).toEqual({ maxTokens: 100 });
  });

  it("refuses, naming the field, what chat defines and Converse cannot carry", () => {
    const base = { messages: [{ role: "user", content: "x" }] };
    expect(refusal(() => converseRequestOf({ ...base, n: 2 }, passthrough)).field).toBe("n");
    expect(refusal(() => converseRequestOf({ ...base, logprobs: true }, passthrough)).field).toBe("logprobs");
    expect(refusal(() => converseRequestOf({ ...base, logit_bias: { "1": 5 } }, passthrough)).field).toBe("logit_bias");
    expect(refusal(() => converseRequestOf({ ...base, response_format: { type: "json_object" } }, passthrough)).message).toMatch(/no JSON mode/);
    expect(refusal(() => converseRequestOf({ ...base, modalities: ["text", "audio"] }, passthrough)).field).toBe("modalities");
    expect(refusal(() => converseRequestOf({ ...base, parallel_tool_calls: false }, passthrough)).field).toBe("parallel_tool_calls");
    const history = {
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "c", content: "done" },
      ],
      tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
    };
    expect(refusal(() => converseRequestOf({ ...history, tool_choice: "none" }, passthrough)).field).toBe("tool_choice");
    const badArgs = { ...history, messages: [history.messages[0], { ...history.messages[1], tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "[1,2]" } }] }, history.messages[2]] };
    expect(refusal(() => converseRequestOf(badArgs, passthrough)).field).toBe("messages[1].tool_calls[0].function.arguments");
  });

  it("a translated call's hints Converse has no field for are left out, and its temperature held to 0–1", () => {
    const request = converseRequestOf({ messages: [{ role: "user", content: "x" }], reasoning_effort: "high", parallel_tool_calls: false, temperature: 1.6 }, translated);
    expect(request.additionalModelRequestFields).toBeUndefined();
    expect(request.inferenceConfig).toEqual({ temperature: 1 });
  });
});

describe("the Converse adapter", () => {
  const target = { baseUrl: "https://bedrock-runtime.us-west-2.amazonaws.com/", credential: "AKIDTEST:SECRETTEST", upstreamModel: "us.meta.llama3-3-70b-instruct-v1:0", region: "us-west-2" };
  const client = (body: Record<string, any>): ClientRequest => ({ body, raw: null, stream: body.stream === true, headers: {}, query: {} });

  it("aims at converse or converse-stream with the model in the path, and signs the body it sends", async () => {
    const adapter = channelAdapter("bedrock", "chat", chatAdapter, true);
    const built = adapter.build(client({ model: "llama-3.3-70b", messages: [{ role: "user", content: "hi" }], max_tokens: 20_000 }), {
      ...target,
      capabilities: modelCapabilities(target.upstreamModel),
    });
    expect(built.url).toBe("https://bedrock-runtime.us-west-2.amazonaws.com/model/us.meta.llama3-3-70b-instruct-v1:0/converse");
    expect(built.stream).toBe(false);
    // The chat adapter clamped the limit to the model's (the catalog's 8,192).
    expect(JSON.parse(String(built.body))).toEqual({ messages: [{ role: "user", content: [{ text: "hi" }] }], inferenceConfig: { maxTokens: 8192 } });
    await built.authorize!();
    const rawUrl = new URL(built.url).pathname;
    const problem = await checkSigV4(
      { method: "POST", rawUrl, headers: built.headers, body: Buffer.from(String(built.body)) },
      { keys: { AKIDTEST: { secretAccessKey: "SECRETTEST" } }, region: "us-west-2", service: "bedrock" },
    );
    expect(problem).toBeNull();
    const streamed = adapter.build(client({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true }), target);
    expect(streamed.url).toMatch(/\/converse-stream$/);
    expect(streamed.streamText).toBeDefined();
    expect(streamed.answerText).toBeUndefined();
    // Claude's Messages on a bedrock channel are still InvokeModel's.
    expect(channelAdapter("bedrock", "messages", chatAdapter, true).build(client({ model: "m", messages: [] }), target).url).toMatch(/\/invoke$/);
  });
});

describe("Converse answer → chat.completion", () => {
  it("joins text, writes tool calls and reasoning, maps the stop reason and the usage (cache reads inside prompt_tokens)", () => {
    const answer = JSON.stringify({
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "Think.", signature: "sig" } } },
            { text: "Reading " },
            { text: "it." },
            { toolUse: { toolUseId: "tooluse_1", name: "read_file", input: { path: "README.md" } } },
          ],
        },
      },
      stopReason: "tool_use",
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 18, cacheReadInputTokens: 3 },
      metrics: { latencyMs: 100 },
    });
    const chat = JSON.parse(chatCompletionOfConverse(answer, "llama-3.3-70b"));
    expect(chat).toMatchObject({
      object: "chat.completion",
      model: "llama-3.3-70b",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: { role: "assistant", content: "Reading it.", reasoning_content: "Think.", tool_calls: [{ id: "tooluse_1", type: "function", function: { name: "read_file", arguments: '{"path":"README.md"}' } }] },
        },
      ],
      usage: { prompt_tokens: 13, completion_tokens: 5, total_tokens: 18, prompt_tokens_details: { cached_tokens: 3 } },
    });
    expect(chat.id).toMatch(/^chatcmpl-/);
    expect(usageFromChat(chat.usage)).toMatchObject({ input: 10, cacheRead: 3, output: 5 });
  });

  it.each([
    ["end_turn", "stop"],
    ["stop_sequence", "stop"],
    ["max_tokens", "length"],
    ["guardrail_intervened", "content_filter"],
    ["content_filtered", "content_filter"],
  ])("stopReason %s → finish_reason %s", (stopReason, finish) => {
    const chat = JSON.parse(chatCompletionOfConverse(JSON.stringify({ output: { message: { role: "assistant", content: [{ text: "x" }] } }, stopReason, usage: {} }), "m"));
    expect(chat.choices[0].finish_reason).toBe(finish);
  });

  it("leaves a body that is not JSON as it came", () => {
    expect(chatCompletionOfConverse("<html>", "m")).toBe("<html>");
  });

  it("says Bedrock's HTTP errors as OpenAI's, with the status each means", () => {
    const say = (status: number, type: string) => {
      const { status: mapped, text } = converseErrorAnswer(status, JSON.stringify({ message: "said" }), { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });
      return { status: mapped, error: JSON.parse(text).error };
    };
    expect(say(400, "ValidationException")).toEqual({ status: 400, error: { message: "ValidationException: said", type: "invalid_request_error", param: null, code: null } });
    expect(say(429, "ThrottlingException")).toMatchObject({ status: 429, error: { type: "rate_limit_exceeded", code: "rate_limit_exceeded" } });
    expect(say(429, "ModelNotReadyException").status).toBe(429);
    expect(say(400, "ServiceQuotaExceededException").status).toBe(429);
    expect(say(503, "ServiceUnavailableException")).toMatchObject({ status: 503, error: { type: "server_error" } });
    expect(say(403, "AccessDeniedException").status).toBe(403);
    expect(say(403, "UnrecognizedClientException").status).toBe(403);
  });
});

describe("ConverseStream → chat.completion.chunk SSE", () => {
  /** The chat chunks the stream makes of these event-stream messages, fed in pieces of `size` bytes. */
  function chunksOf(frames: Buffer[], size = 7): { data: any[]; raw: string[] } {
    const text = chatSseOfConverseStream("nova-pro");
    const bytes = Buffer.concat(frames);
    const splitter = new SseSplitter();
    const events = [];
    for (let at = 0; at < bytes.length; at += size) events.push(...splitter.pushText(text.push(bytes.subarray(at, at + size))));
    events.push(...splitter.pushText(text.end()), ...splitter.end());
    return { raw: events.map((event) => event.raw), data: events.map((event) => (event.data === "[DONE]" ? "[DONE]" : JSON.parse(event.data))) };
  }

  it("streams text, tool-call deltas and reasoning as chat does, then the usage chunk and [DONE]", () => {
    const { data } = chunksOf([
      eventMessage("messageStart", { role: "assistant" }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 0, delta: { reasoningContent: { text: "Think" } } }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 0, delta: { reasoningContent: { signature: "sig" } } }),
      eventMessage("contentBlockStop", { contentBlockIndex: 0 }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 1, delta: { text: "Let me look." } }),
      eventMessage("contentBlockStop", { contentBlockIndex: 1 }),
      eventMessage("contentBlockStart", { contentBlockIndex: 2, start: { toolUse: { toolUseId: "tooluse_1", name: "read_file" } } }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 2, delta: { toolUse: { input: '{"path":' } } }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 2, delta: { toolUse: { input: '"README.md"}' } } }),
      eventMessage("contentBlockStop", { contentBlockIndex: 2 }),
      eventMessage("contentBlockStart", { contentBlockIndex: 3, start: { toolUse: { toolUseId: "tooluse_2", name: "read_file" } } }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 3, delta: { toolUse: { input: "{}" } } }),
      eventMessage("messageStop", { stopReason: "tool_use" }),
      eventMessage("metadata", { usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19 }, metrics: { latencyMs: 80 } }),
    ]);
    const deltas = data.slice(0, -2).map((chunk) => chunk.choices[0].delta);
    expect(deltas).toEqual([
      { role: "assistant", content: "" },
      { reasoning_content: "Think" },
      { content: "Let me look." },
      { tool_calls: [{ index: 0, id: "tooluse_1", type: "function", function: { name: "read_file", arguments: "" } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"README.md"}' } }] },
      { tool_calls: [{ index: 1, id: "tooluse_2", type: "function", function: { name: "read_file", arguments: "" } }] },
      { tool_calls: [{ index: 1, function: { arguments: "{}" } }] },
      {},
    ]);
    expect(data.at(-3).choices[0].finish_reason).toBe("tool_calls");
    expect(data.at(-2)).toMatchObject({ object: "chat.completion.chunk", choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } });
    expect(data.at(-1)).toBe("[DONE]");
    // One completion: every chunk has its id and model.
    expect(new Set(data.slice(0, -1).map((chunk) => chunk.id)).size).toBe(1);
    expect(data[0].model).toBe("nova-pro");
  });

  it("the chat adapter reads its finish and usage, and drops the usage chunk when the caller did not ask for it", () => {
    const frames = [
      eventMessage("messageStart", { role: "assistant" }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Hi" } }),
      eventMessage("messageStop", { stopReason: "end_turn" }),
      eventMessage("metadata", { usage: { inputTokens: 4, outputTokens: 2, totalTokens: 6 } }),
    ];
    const session = chatAdapter.startStream({ body: { stream: true }, raw: null, stream: true, headers: {}, query: {} });
    const text = chatSseOfConverseStream("m");
    const splitter = new SseSplitter();
    const forwarded = [...splitter.pushText(text.push(Buffer.concat(frames))), ...splitter.pushText(text.end()), ...splitter.end()].map((event) => session.onEvent(event)).filter((out) => out !== null);
    expect(session.finishReason?.()).toBe("stop");
    expect(session.usage()).toMatchObject({ input: 4, output: 2 });
    expect(forwarded.join("")).not.toContain('"usage"');
    expect(forwarded.at(-1)).toBe("data: [DONE]\n\n");
  });

  it("an exception message ends the stream as chat's error chunk, typed as Bedrock means it", () => {
    const { raw, data } = chunksOf([
      eventMessage("messageStart", { role: "assistant" }),
      eventMessage("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Hel" } }),
      exceptionMessage("throttlingException", "Too many tokens, please wait before trying again."),
    ]);
    expect(data.at(-1)).toEqual({ error: { message: "throttlingException: Too many tokens, please wait before trying again.", type: "rate_limit_exceeded", param: null, code: "rate_limit_exceeded" } });
    // Throttled right after messageStart: the error is the stream's first word, so the relay can still fail over.
    expect(chunksOf([eventMessage("messageStart", { role: "assistant" }), exceptionMessage("throttlingException", "slow down")]).data).toEqual([
      { error: expect.objectContaining({ type: "rate_limit_exceeded" }) },
    ]);
    const said = errorChunkOf({ raw: raw.at(-1)!, data: JSON.stringify(data.at(-1)) }, openaiErrorObjectStatus);
    expect(said).toMatchObject({ status: 429, requestFault: false });
    const validation = chunksOf([exceptionMessage("validationException", "bad input")]).data[0];
    expect(validation.error.type).toBe("invalid_request_error");
    const model = chunksOf([exceptionMessage("modelStreamErrorException", "broke")]).data[0];
    expect(model.error.type).toBe("server_error");
  });

  it("refuses a broken frame, and a stream cut inside one", () => {
    const text = chatSseOfConverseStream("m");
    const frame = eventMessage("messageStart", { role: "assistant" });
    expect(() => text.push(frame.subarray(0, 20))).not.toThrow();
    expect(() => text.end()).toThrow(/ended inside a message/);
    const corrupt = Buffer.from(eventMessage("messageStart", { role: "assistant" }));
    corrupt[corrupt.length - 6] ^= 0xff;
    expect(() => chatSseOfConverseStream("m").push(corrupt)).toThrow(/failed its checks/);
  });
});
