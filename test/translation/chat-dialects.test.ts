// Domestic chat vendors' departures from OpenAI's chat (server/domain/channel-presets.ts), through
// the real HTTP path: the official SDKs of the other formats call a GLM and a MiniMax group, and GPT
// models behind a plain OpenAI-compatible channel, whose channels the OpenAI mock serves, refusing
// what each vendor refuses. What each test asserts is the body the upstream received, and that the
// caller got its answer.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { REASONING_TEXT, TOOL_ARGUMENT } from "../mock-upstreams/conversation.ts";
import { MINIMAX_REASONING_DETAIL, OPENAI_REPLY } from "../mock-upstreams/openai.ts";
import type { RecordedRequest } from "../mock-upstreams/server.ts";

let env: RelayEnv;
const keys: Record<"glm" | "minimax" | "openai", string> = { glm: "", minimax: "", openai: "" };
/** OpenAI reasoning models that refuse chat's `stop`, served with gpt-4.1 by the OpenAI-compatible group. */
const stopRefusers = ["o4-mini", "gpt-5"];

beforeAll(async () => {
  env = await startRelayEnv();
  for (const [preset, identifier] of [["glm", "glm-official"], ["minimax", "minimax-trial"]] as const) {
    const group = env.groups.get(identifier)!;
    // The GLM group offers the models whose reasoning differs (glm-5.2 and glm-5.3 take reasoning_effort) beside glm-4.6.
    const models = preset === "glm" ? { models: ["glm-4.6", "glm-5.2", "glm-5.3"].map((model_id) => ({ model_id, prices: { input: 1, output: 1 } })) } : {};
    const patched = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: ["messages", "responses", "generate-content"], ...models } });
    if (patched.error) throw new Error(JSON.stringify(patched.error));
    const channel = await env.operator.POST("/api/admin/channels", {
      body: { name: unique(preset), kind: "openai-compatible", preset, base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.id], priority: 0 },
    });
    if (channel.error) throw new Error(JSON.stringify(channel.error));
    keys[preset] = await createKey(env.tenant.owner, group.id);
  }
  // A GPT model behind an OpenAI-compatible channel of no preset: OpenAI's own chat fields, by translation.
  const identifier = unique("compat-chat").toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: { name: identifier, identifier, family: "compatible", multiplier_milli: 1000, visibility: "public", translated_interfaces: ["messages", "generate-content"], models: ["gpt-4.1", ...stopRefusers, "o3-mini"].map((model_id) => ({ model_id, prices: { input: 1, output: 1 } })) },
  });
  if (group.error) throw new Error(JSON.stringify(group.error));
  const channel = await env.operator.POST("/api/admin/channels", {
    body: { name: identifier, kind: "openai-compatible", base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.data!.id], priority: 0 },
  });
  if (channel.error) throw new Error(JSON.stringify(channel.error));
  keys.openai = await createKey(env.tenant.owner, group.data!.id);
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
}, 60_000);
afterAll(async () => {
  await env?.stop();
});
afterEach(() => {
  env.mocks.openai.dropQueued();
});

const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });
const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: env.tollgate.url } });

/** Runs `call` (which must succeed) and returns the one chat request it made of the OpenAI mock. */
async function upstreamOf(call: () => Promise<unknown>): Promise<RecordedRequest> {
  const before = env.mocks.openai.requests.length;
  await call();
  const made = env.mocks.openai.requests.slice(before);
  expect(made).toHaveLength(1);
  expect(made[0].path).toBe("/v1/chat/completions");
  return made[0];
}

describe("GLM: sampling outside its range is moved to the nearest value it takes", () => {
  const model = "glm-4.6";
  it("a Responses caller's temperature 1.5 (OpenAI takes up to 2) reaches GLM (at most 1) as 1", async () => {
    const upstream = await upstreamOf(() => openai(keys.glm).responses.create({ model, input: "Hi.", temperature: 1.5 }));
    expect(upstream.body.temperature).toBe(1);
  });

  it("a Gemini caller's temperature 2 reaches GLM as 1; its topP 0 as GLM's least, 0.01", async () => {
    const upstream = await upstreamOf(() => genai(keys.glm).models.generateContent({ model, contents: "Hi.", config: { temperature: 2, topP: 0 } }));
    expect(upstream.body).toMatchObject({ temperature: 1, top_p: 0.01 });
  });

  it("an Anthropic caller's temperature 0 and top_p 0.5, within GLM's range, go as sent", async () => {
    // The SDK's types no longer name the sampling settings newer Claude models refuse; the API takes them.
    const params = { model, max_tokens: 64, messages: [{ role: "user", content: "Hi." }], temperature: 0, top_p: 0.5 } as Anthropic.MessageCreateParamsNonStreaming;
    const upstream = await upstreamOf(() => anthropic(keys.glm).messages.create(params));
    expect(upstream.body).toMatchObject({ temperature: 0, top_p: 0.5 });
  });
});

describe("GLM takes one stop word: a caller's several reach it as the first", () => {
  const model = "glm-4.6";
  it("an Anthropic caller's three stop_sequences go as the first alone, and the call is answered", async () => {
    const upstream = await upstreamOf(async () => {
      const message = await anthropic(keys.glm).messages.create({ model, max_tokens: 64, messages: [{ role: "user", content: "Hi." }], stop_sequences: ["\n\nHuman:", "END", "STOP"] });
      expect(message.content[0]).toMatchObject({ type: "text" });
    });
    expect(upstream.body.stop).toEqual(["\n\nHuman:"]);
  });

  it("a Gemini caller's two stopSequences, streamed, go as the first alone", async () => {
    const upstream = await upstreamOf(async () => {
      for await (const chunk of await genai(keys.glm).models.generateContentStream({ model, contents: "Hi.", config: { stopSequences: ["x", "y"] } })) void chunk;
    });
    expect(upstream.body.stop).toEqual(["x"]);
  });
});

describe("GLM's reasoning by model: reasoning_effort from GLM-5.2 on, and GLM-5.3 takes low, high or max and always thinks", () => {
  it("a Gemini caller's thinkingBudget 0 (no thinking) reaches GLM-5.3, which cannot stop thinking, as thinking on at low, and is answered", async () => {
    const upstream = await upstreamOf(async () => {
      const answer = await genai(keys.glm).models.generateContent({ model: "glm-5.3", contents: "Hi.", config: { thinkingConfig: { thinkingBudget: 0 } } });
      expect(answer.text).toBe(OPENAI_REPLY);
    });
    expect(upstream.body).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: "low" });
  });

  it("a Responses caller's efforts reach GLM-5.3 as the nearest it takes: xhigh as max, medium as high", async () => {
    for (const [effort, sent] of [
      ["xhigh", "max"],
      ["medium", "high"],
    ] as const) {
      const upstream = await upstreamOf(() => openai(keys.glm).responses.create({ model: "glm-5.3", input: "Hi.", reasoning: { effort } }));
      expect(upstream.body, effort).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: sent });
    }
  });

  it("an Anthropic caller's thinking budget reaches GLM-5.2 as its effort beside the switch, and GLM-4.6 as the switch alone", async () => {
    const params = (model: string) => ({ model, max_tokens: 4096, messages: [{ role: "user" as const, content: "Hi." }], thinking: { type: "enabled" as const, budget_tokens: 2048 } });
    const newer = await upstreamOf(() => anthropic(keys.glm).messages.create(params("glm-5.2")));
    expect(newer.body).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: "low" });
    const older = await upstreamOf(() => anthropic(keys.glm).messages.create(params("glm-4.6")));
    expect(older.body.thinking).toEqual({ type: "enabled" });
    expect(older.body).not.toHaveProperty("reasoning_effort");
  });
});

describe("MiniMax: sampling outside (0, 1] is moved to the nearest value it takes", () => {
  const model = "MiniMax-M2";
  it("a Responses caller's temperature 1.5 reaches MiniMax as 1", async () => {
    const upstream = await upstreamOf(() => openai(keys.minimax).responses.create({ model, input: "Hi.", temperature: 1.5 }));
    expect(upstream.body.temperature).toBe(1);
  });

  it("an Anthropic caller's temperature 0 (MiniMax refuses 0) reaches it as 0.01", async () => {
    const params = { model, max_tokens: 64, messages: [{ role: "user", content: "Hi." }], temperature: 0 } as Anthropic.MessageCreateParamsNonStreaming;
    const upstream = await upstreamOf(() => anthropic(keys.minimax).messages.create(params));
    expect(upstream.body.temperature).toBe(0.01);
  });

  it("a Gemini caller's topP 0 reaches MiniMax as 0.01, its temperature 0.7 as sent", async () => {
    const upstream = await upstreamOf(() => genai(keys.minimax).models.generateContent({ model, contents: "Hi.", config: { temperature: 0.7, topP: 0 } }));
    expect(upstream.body).toMatchObject({ temperature: 0.7, top_p: 0.01 });
  });
});

describe("MiniMax: its reasoning comes back as reasoning, never as answer text", () => {
  const model = "MiniMax-M2";
  const question = { model, max_tokens: 1024, messages: [{ role: "user" as const, content: "Hi." }], thinking: { type: "enabled" as const, budget_tokens: 2048 } };
  /** Runs `call` with the mock thinking, checks MiniMax was asked to split its reasoning out, and returns what the caller got. */
  async function thinking<T>(call: () => Promise<T>): Promise<T> {
    env.mocks.openai.next("thinking");
    let answer: T;
    const upstream = await upstreamOf(async () => {
      answer = await call();
    });
    expect(JSON.stringify(answer!)).not.toContain("<think>");
    expect(upstream.body.reasoning_split).toBe(true);
    return answer!;
  }

  it.each([false, true])("Anthropic caller (stream %s): a thinking block, then the answer alone", async (stream) => {
    const client = anthropic(keys.minimax);
    const message = await thinking(async () => (stream ? await client.messages.stream(question).finalMessage() : await client.messages.create(question)));
    expect(message.content).toMatchObject([{ type: "thinking", thinking: REASONING_TEXT }, { type: "text", text: OPENAI_REPLY }]);
  });

  it.each([false, true])("Responses caller (stream %s): a reasoning item, then the answer alone", async (stream) => {
    const client = openai(keys.minimax);
    const params = { model, input: "Hi.", reasoning: { effort: "low" as const, summary: "auto" as const } };
    const response = await thinking(async () => (stream ? await client.responses.stream(params).finalResponse() : await client.responses.create(params)));
    expect(response.output_text).toBe(OPENAI_REPLY);
    expect(response.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
    expect(JSON.stringify(response.output[0])).toContain(REASONING_TEXT);
  });

  it.each([false, true])("Gemini caller (stream %s): thought parts, then the answer alone", async (stream) => {
    const ai = genai(keys.minimax);
    const params = { model, contents: "Hi.", config: { thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } } };
    const parts = await thinking(async () => {
      if (!stream) return (await ai.models.generateContent(params)).candidates?.[0]?.content?.parts ?? [];
      const all = [];
      for await (const chunk of await ai.models.generateContentStream(params)) all.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
      return all;
    });
    expect(parts.filter((part) => part.thought).map((part) => part.text).join("")).toBe(REASONING_TEXT);
    expect(parts.filter((part) => !part.thought).map((part) => part.text ?? "").join("")).toBe(OPENAI_REPLY);
  });

  it("across a tool loop, the reasoning goes back to MiniMax in reasoning_details, whole, as MiniMax asks", async () => {
    const client = anthropic(keys.minimax);
    const tools = [{ name: "read_file", description: "Reads a file.", input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] } }];
    env.mocks.openai.next("thinking-tool", "thinking-tool");
    const first = await client.messages.create({ ...question, tools });
    expect(first.content.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
    const call = first.content[1] as Anthropic.ToolUseBlock;
    expect(call.input).toEqual({ path: TOOL_ARGUMENT });
    const upstream = await upstreamOf(() =>
      client.messages.create({
        ...question,
        tools,
        messages: [...question.messages, { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "# Tollgate" }] }],
      }),
    );
    const assistant = upstream.body.messages.find((message: { role: string }) => message.role === "assistant");
    expect(assistant.reasoning_details).toEqual([{ ...MINIMAX_REASONING_DETAIL, text: REASONING_TEXT }]);
    expect(assistant).not.toHaveProperty("reasoning_content");
  });
});

describe("a same-format call is not translated", () => {
  it("a chat caller on the MiniMax group: the caller's bytes go as sent, no reasoning_split added", async () => {
    const body = '{"model":"MiniMax-M2", "messages":[{"role":"user","content":"Hi."}],"temperature":1}';
    const upstream = await upstreamOf(() =>
      fetch(`${env.tollgate.url}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${keys.minimax}`, "content-type": "application/json" }, body }).then(async (response) => {
        expect(response.status).toBe(200);
        await response.text();
      }),
    );
    expect(upstream.raw).toBe(body);
  });
});

describe("OpenAI's chat: stop sequences beyond its four", () => {
  it("an Anthropic caller's six stop_sequences reach OpenAI's chat as the first four (OpenAI takes four), not its 400", async () => {
    const stops = ["END", "STOP", "###", "\n\n", "Human:", "Assistant:"];
    const upstream = await upstreamOf(() => anthropic(keys.openai).messages.create({ model: "gpt-4.1", max_tokens: 64, stop_sequences: stops, messages: [{ role: "user", content: "Hi." }] }));
    expect(upstream.body.stop).toEqual(stops.slice(0, 4));
  });

  it("the gateway keeps the two OpenAI was not sent: the answer ends before the fifth, as Anthropic says a stop", async () => {
    // The mock answers "Hello from the OpenAI mock." in deltas "Hello", " from the", " OpenAI", " mock.": "the Open" spans two.
    const stops = ["END", "STOP", "###", "\n\n", "the Open", "Assistant:"];
    let answer: Anthropic.Message | undefined;
    const upstream = await upstreamOf(async () => {
      answer = await anthropic(keys.openai).messages.create({ model: "gpt-4.1", max_tokens: 64, stop_sequences: stops, messages: [{ role: "user", content: "Hi." }] });
    });
    expect(upstream.body.stop).toEqual(stops.slice(0, 4));
    expect(answer!.content).toMatchObject([{ type: "text", text: "Hello from " }]);
    expect(answer!.content).toHaveLength(1);
    expect(answer).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: "the Open" });
    // Billed as the upstream metered the call: the usage is the upstream's, not cut with the text.
    expect(answer!.usage.output_tokens).toBeGreaterThan(0);
  });
});

describe("GLM takes one stop word: the gateway keeps the rest", () => {
  it("a streamed Anthropic caller's second stop sequence ends the answer GLM wrote past it", async () => {
    let text = "";
    let stop: { reason: string | null; sequence: string | null } = { reason: null, sequence: null };
    const upstream = await upstreamOf(async () => {
      const stream = anthropic(keys.glm).messages.stream({ model: "glm-4.6", max_tokens: 64, stop_sequences: ["END", "mock"], messages: [{ role: "user", content: "Hi." }] });
      for await (const event of stream) {
        if (event.type === "content_block_delta" && event.delta.type === "text_delta") text += event.delta.text;
        if (event.type === "message_delta") stop = { reason: event.delta.stop_reason, sequence: event.delta.stop_sequence };
      }
    });
    expect(upstream.body.stop).toEqual(["END"]);
    expect(text).toBe("Hello from the OpenAI ");
    expect(stop).toEqual({ reason: "stop_sequence", sequence: "mock" });
  });
});

describe("OpenAI's reasoning models refuse stop: a caller's stop words do not reach them, and the call is answered", () => {
  it("an Anthropic caller's stop_sequences to o4-mini and GPT-5 go without stop, as their temperature goes", async () => {
    for (const model of stopRefusers) {
      const params = { model, max_tokens: 64, stop_sequences: ["END"], temperature: 0.2, messages: [{ role: "user", content: "Hi." }] } as Anthropic.MessageCreateParamsNonStreaming;
      const upstream = await upstreamOf(async () => expect((await anthropic(keys.openai).messages.create(params)).content).toMatchObject([{ type: "text", text: OPENAI_REPLY }]));
      expect(upstream.body, model).not.toHaveProperty("stop");
      expect(upstream.body, model).not.toHaveProperty("temperature");
    }
  });

  it("a Gemini caller's stopSequences, streamed, to GPT-5 go without stop", async () => {
    let text = "";
    const upstream = await upstreamOf(async () => {
      for await (const chunk of await genai(keys.openai).models.generateContentStream({ model: "gpt-5", contents: "Hi.", config: { stopSequences: ["x", "y"] } })) text += chunk.text ?? "";
    });
    expect(upstream.body).not.toHaveProperty("stop");
    expect(text).toBe(OPENAI_REPLY);
  });

  it("the gateway keeps them instead: the answer ends before the first, stream and not, in the caller's words for a stop", async () => {
    const params = { model: "gpt-5", max_tokens: 64, stop_sequences: ["OpenAI"], messages: [{ role: "user", content: "Hi." }] } as Anthropic.MessageCreateParamsNonStreaming;
    const answer = await anthropic(keys.openai).messages.create(params);
    expect(answer.content).toMatchObject([{ type: "text", text: "Hello from the " }]);
    expect(answer.content).toHaveLength(1);
    expect(answer).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: "OpenAI" });
    let text = "";
    let finishReason: string | undefined;
    for await (const chunk of await genai(keys.openai).models.generateContentStream({ model: "gpt-5", contents: "Hi.", config: { stopSequences: ["zzz", "OpenAI"] } })) {
      text += chunk.text ?? "";
      finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
    }
    expect(text).toBe("Hello from the ");
    expect(finishReason).toBe("STOP");
  });

  it("o3-mini, which takes stop, still gets the caller's", async () => {
    const upstream = await upstreamOf(() => anthropic(keys.openai).messages.create({ model: "o3-mini", max_tokens: 64, stop_sequences: ["END"], messages: [{ role: "user", content: "Hi." }] }));
    expect(upstream.body.stop).toEqual(["END"]);
  });
});
