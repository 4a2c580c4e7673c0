import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type CanonicalRequest, TranslationRefusal } from "../canonical.ts";
import { carry } from "../carry.ts";
import { codecs } from "../codecs.ts";
import { messagesCodec } from "../messages/index.ts";
import { geminiCodec } from "./index.ts";
import { refusalOf } from "../../../test/helpers/translation.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const read = (body: Record<string, any>) => geminiCodec.readRequest(body, { stream: true, model: "gemini-2.5-flash" });
const text = (t: string) => [{ role: "user", parts: [{ text: t }] }];

const refusal = (body: Record<string, any>) => refusalOf(() => read(body));

function writeRefusal(request: CanonicalRequest): TranslationRefusal {
  try {
    geminiCodec.writeRequest(request);
  } catch (error) {
    if (error instanceof TranslationRefusal) return error;
    throw error;
  }
  throw new Error("no refusal");
}

const base = (over: Partial<CanonicalRequest>): CanonicalRequest => ({ model: "m", system: [], turns: [], tools: [], stream: true, ...over });

describe("generate-content request", () => {
  it("round-trips a recorded agent request exactly", () => {
    const body = fixture("request-agent.json");
    const canonical = read(body);
    expect(geminiCodec.writeRequest(canonical)).toEqual(body);
  });

  it("matches an id-less functionResponse to an id'd call of that name, and an id'd response takes its own call out of the queue", () => {
    const canonical = read({
      contents: [
        { role: "user", parts: [{ text: "Read both." }] },
        { role: "model", parts: [{ functionCall: { id: "toolu_a", name: "read_file", args: { path: "a" } } }, { functionCall: { id: "toolu_b", name: "read_file", args: { path: "b" } } }] },
        { role: "user", parts: [{ functionResponse: { id: "toolu_a", name: "read_file", response: { result: "A" } } }, { functionResponse: { name: "read_file", response: { result: "B" } } }] },
      ],
    });
    const results = canonical.turns[2].parts as any[];
    expect(results.map((part) => part.callId)).toEqual(["toolu_a", "toolu_b"]);
  });

  it("reads the agent request into canonical parts", () => {
    const canonical = read(fixture("request-agent.json"));
    expect(canonical.system).toEqual([{ type: "text", text: "You are an interactive CLI agent." }, { type: "text", text: "Be terse." }]);
    expect(canonical.turns[0].parts.map((part) => part.type)).toEqual(["text", "image", "document", "image"]);
    expect(canonical.turns[0].parts[3]).toEqual({ type: "image", source: { kind: "url", url: "https://example.com/street.jpg", mediaType: "image/jpeg" } });
    const [thought, signature, weather, time] = canonical.turns[1].parts as any[];
    expect(thought).toEqual({ type: "reasoning", text: "**Looking at the picture**\n\nA single pixel; then the weather tool." });
    expect(signature).toEqual({ type: "reasoning", opaque: { origin: "generate-content", value: { thoughtSignature: "CiQBVKhc7vB2Zr0pQ1a6L1xwq1JTq3C0m0yAg3CmfYb7q9Rkq2YSQAFUqFzu" } }, attachesToNext: true });
    expect(weather).toMatchObject({ type: "tool_call", name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' });
    expect(weather.id).toMatch(/^call_tggem_[0-9a-f]{20}$/);
    const [weatherResult, timeResult] = canonical.turns[2].parts as any[];
    // Id-less responses get their calls' made-up ids, matched by name in order.
    expect(weatherResult).toEqual({ type: "tool_result", callId: weather.id, name: "get_weather", content: [{ type: "text", text: "18C, light rain" }] });
    expect(timeResult).toEqual({ type: "tool_result", callId: time.id, name: "get_time", content: [{ type: "text", text: '{"hour":14,"minute":5}' }] });
    expect(canonical.turns[6].parts[0]).toEqual({ type: "tool_result", callId: "fc-7d2a", name: "run_shell_command", content: [{ type: "text", text: "Command exited with code 1" }], isError: true });
    expect(canonical.toolChoice).toEqual({ type: "tool", name: "run_shell_command" });
    expect(canonical.tools[3]).toEqual({ name: "list_directory", description: "Lists the working directory.", parameters: { type: "object", properties: {} } });
    expect(canonical.output).toEqual({ type: "json_schema", name: "response", schema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] } });
    expect(canonical.reasoning).toEqual({ budgetTokens: 8192, includeThoughts: true });
    expect(canonical).toMatchObject({ temperature: 1, topP: 0.95, topK: 64, maxOutputTokens: 8192, stop: ["<END>"], seed: 7, presencePenalty: 0.1, frequencyPenalty: 0.2 });
  });

  it("reads snake_case, Gemini Schema parameters, thinking levels and VALIDATED mode", () => {
    const canonical = read({
      contents: [{ role: "user", parts: [{ inline_data: { mime_type: "text/plain", data: "aGk=" } }] }],
      system_instruction: { parts: [{ text: "sys" }] },
      tools: [{ function_declarations: [{ name: "f", parameters: { type: "OBJECT", properties: { a: { type: "STRING", nullable: true } }, propertyOrdering: ["a"] } }] }],
      tool_config: { function_calling_config: { mode: "VALIDATED" } },
      generation_config: { max_output_tokens: 10, thinking_config: { thinking_level: "HIGH" }, response_mime_type: "application/json" },
    });
    expect(canonical.turns[0].parts[0]).toEqual({ type: "document", source: { kind: "base64", mediaType: "text/plain", data: "aGk=" } });
    expect(canonical.system).toEqual([{ type: "text", text: "sys" }]);
    expect(canonical.tools).toEqual([{ name: "f", parameters: { type: "object", properties: { a: { type: ["string", "null"] } } }, strict: true }]);
    expect(canonical.toolChoice).toEqual({ type: "auto" });
    expect(canonical.maxOutputTokens).toBe(10);
    expect(canonical.reasoning).toEqual({ effort: "high" });
    expect(canonical.output).toEqual({ type: "json_object" });
    // …and VALIDATED comes back from all-strict tools with choice auto.
    expect(geminiCodec.writeRequest(canonical).toolConfig).toEqual({ functionCallingConfig: { mode: "VALIDATED" } });
  });

  it("ignores what it documents as harmless", () => {
    const canonical = read({
      contents: text("hi"),
      labels: { team: "a" },
      session_id: "s-1",
      safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_NONE" }],
      generationConfig: { candidateCount: 1, responseModalities: ["TEXT"] },
    });
    expect(canonical.turns).toEqual([{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
  });

  it.each([
    [{ contents: [{ role: "user", parts: [{ inlineData: { mimeType: "audio/wav", data: "AA==" } }] }] }, "contents[0].parts[0].inlineData.mimeType"],
    [{ contents: [{ role: "user", parts: [{ fileData: { mimeType: "application/pdf", fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc" } }] }] }, "contents[0].parts[0].fileData.fileUri"],
    [{ contents: [{ role: "model", parts: [{ executableCode: { language: "PYTHON", code: "1" } }] }] }, "contents[0].parts[0]"],
    [{ contents: [{ role: "user", parts: [{ text: "a", videoMetadata: {} }] }] }, "contents[0].parts[0].videoMetadata"],
    [{ contents: text("x"), tools: [{ googleSearch: {} }] }, "tools[0].googleSearch"],
    [{ contents: text("x"), tools: [{ functionDeclarations: [] }, { codeExecution: {} }] }, "tools[1].codeExecution"],
    [{ contents: text("x"), tools: [{ urlContext: {} }] }, "tools[0].urlContext"],
    [{ contents: text("x"), tools: [{ functionDeclarations: [{ name: "a" }, { description: "no name" }] }] }, "tools[0].functionDeclarations[1].name"],
    [{ contents: text("x"), tools: [{ functionDeclarations: [{ name: "" }] }] }, "tools[0].functionDeclarations[0].name"],
    [{ contents: text("x"), generationConfig: { candidateCount: 2 } }, "generationConfig.candidateCount"],
    [{ contents: text("x"), generationConfig: { responseModalities: ["IMAGE"] } }, "generationConfig.responseModalities"],
    [{ contents: text("x"), generationConfig: { responseMimeType: "text/x.enum" } }, "generationConfig.responseMimeType"],
    [{ contents: text("x"), generationConfig: { speechConfig: {} } }, "generationConfig.speechConfig"],
    [{ contents: text("x"), safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_LOW_AND_ABOVE" }] }, "safetySettings[0].threshold"],
    [{ contents: text("x"), cachedContent: "cachedContents/abc" }, "cachedContent"],
    [{ contents: text("x"), serviceTier: "flex" }, "serviceTier"],
    [{ contents: text("x"), systemInstruction: { parts: [{ inlineData: { mimeType: "image/png", data: "AA==" } }] } }, "systemInstruction.parts[0]"],
    [
      { contents: text("x"), tools: [{ functionDeclarations: [{ name: "a" }, { name: "b" }] }], toolConfig: { functionCallingConfig: { mode: "AUTO", allowedFunctionNames: ["a"] } } },
      "toolConfig.functionCallingConfig.allowedFunctionNames",
    ],
    [
      { contents: text("x"), tools: [{ functionDeclarations: [{ name: "a" }, { name: "b" }] }], toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["a", "z"] } } },
      "toolConfig.functionCallingConfig.allowedFunctionNames[1]",
    ],
  ])("refuses %j naming %s", (body, field) => {
    expect(refusal(body).field).toBe(field);
  });

  it("uncarries another vendor's reasoning byte-exact", () => {
    const thinking = { origin: "messages" as const, value: { type: "thinking", thinking: "hmm", signature: "EqQBCkYIBxgCKkD+sig==" } };
    const onCall = { origin: "responses" as const, value: { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAAB" } };
    const canonical = read({
      contents: [
        ...text("q"),
        {
          role: "model",
          parts: [
            { text: "", thought: true, thoughtSignature: carry(thinking) },
            { functionCall: { name: "f", args: {} }, thoughtSignature: carry(onCall, true) },
          ],
        },
      ],
    });
    expect(canonical.turns[1].parts.slice(0, 2)).toEqual([
      { type: "reasoning", opaque: thinking },
      { type: "reasoning", opaque: onCall, attachesToNext: true },
    ]);
  });
});

// Gemini may leave functionCall.id out; the ids Tollgate makes up go upstream in every later request.
describe("made-up call ids of an id-less Gemini history", () => {
  const call = (path: string) => ({ functionCall: { name: "read_file", args: { path } } });
  const result = (output: string) => ({ functionResponse: { name: "read_file", response: { output } } });
  const twoTurns = [
    { role: "user", parts: [{ text: "Read a and b." }] },
    { role: "model", parts: [call("a"), call("b")] },
    { role: "user", parts: [result("A"), result("B")] },
    { role: "model", parts: [{ text: "Both read." }] },
    { role: "user", parts: [{ text: "Now c." }] },
  ];
  const threeTurns = [...twoTurns, { role: "model", parts: [call("c")] }, { role: "user", parts: [result("C")] }];
  const conversation = (format: "messages" | "chat" | "responses", contents: unknown[]) => {
    const body = codecs[format].writeRequest(read({ contents })) as any;
    return (format === "responses" ? body.input : body.messages) as any[];
  };
  /** [call id, argument path] and [result id, output] in the order the upstream gets them. */
  const pairsOf = (format: string, items: any[]) =>
    items.flatMap((item): string[][] => {
      if (format === "messages") return Array.isArray(item.content) ? item.content.flatMap((b: any) => (b.type === "tool_use" ? [[b.id, b.input.path]] : b.type === "tool_result" ? [[b.tool_use_id, b.content]] : [])) : [];
      if (format === "chat") return item.role === "tool" ? [[item.tool_call_id, item.content]] : (item.tool_calls ?? []).map((c: any) => [c.id, JSON.parse(c.function.arguments).path]);
      return item.type === "function_call" ? [[item.call_id, JSON.parse(item.arguments).path]] : item.type === "function_call_output" ? [[item.call_id, item.output]] : [];
    });

  it.each(["messages", "chat", "responses"] as const)("are the same each time the history is re-sent to %s, unique, and paired with their results", (format) => {
    const first = conversation(format, twoTurns);
    expect(JSON.stringify(conversation(format, twoTurns)), "the same request translated twice").toBe(JSON.stringify(first));
    const later = conversation(format, threeTurns);
    expect(JSON.stringify(later.slice(0, first.length)), "the earlier turns, one turn later").toBe(JSON.stringify(first));
    const pairs = pairsOf(format, later);
    const [a, b, c] = [pairs[0][0], pairs[1][0], pairs[4][0]];
    expect(new Set([a, b, c]).size).toBe(3);
    expect(pairs.map(([id, what]) => [[a, b, c].indexOf(id), String(what).toLowerCase()])).toEqual([
      [0, "a"],
      [1, "b"],
      [0, "a"],
      [1, "b"],
      [2, "c"],
      [2, "c"],
    ]);
  });
});

describe("generate-content request writer", () => {
  it("writes another format's conversation for Gemini", () => {
    const body = geminiCodec.writeRequest(
      base({
        system: [{ type: "text", text: "sys" }],
        turns: [
          { role: "user", parts: [{ type: "text", text: "hi" }, { type: "image", source: { kind: "url", url: "data:image/png;base64,AAAA" }, detail: "high" }] },
          { role: "system", parts: [{ type: "text", text: "now be brief" }] },
          { role: "user", parts: [{ type: "text", text: "go" }] },
          {
            role: "assistant",
            parts: [
              { type: "reasoning", text: "think", opaque: { origin: "messages", value: { type: "thinking", thinking: "think", signature: "s" } } },
              { type: "text", text: "calling" },
              { type: "tool_call", id: "toolu_01", name: "lookup", arguments: '{"q":"x"}' },
              { type: "tool_call", id: "toolu_call_tggem_0123456789abcdef0123", name: "other", arguments: "" },
            ],
          },
          {
            role: "user",
            parts: [
              { type: "tool_result", callId: "toolu_01", content: [{ type: "text", text: "found" }, { type: "image", source: { kind: "base64", mediaType: "image/png", data: "BBBB" } }] },
              { type: "tool_result", callId: "toolu_call_tggem_0123456789abcdef0123", content: [{ type: "text", text: "bad" }], isError: true },
            ],
          },
        ],
        tools: [{ name: "lookup", description: "d", parameters: { type: "object", properties: { q: { type: "string" } } }, strict: true }],
        toolChoice: { type: "required" },
        parallelToolCalls: false,
        user: "u-1",
        output: { type: "json_schema", name: "x", schema: { type: "object" }, description: "An answer", strict: true },
        reasoning: { effort: "medium" },
      }),
    );
    expect(body).toEqual({
      systemInstruction: { parts: [{ text: "sys" }] },
      contents: [
        { role: "user", parts: [{ text: "hi" }, { inlineData: { mimeType: "image/png", data: "AAAA" } }, { text: "[system]\nnow be brief" }, { text: "go" }] },
        { role: "model", parts: [{ text: "calling" }, { functionCall: { name: "lookup", args: { q: "x" }, id: "toolu_01" } }, { functionCall: { name: "other", args: {} } }] },
        {
          role: "user",
          parts: [
            { functionResponse: { id: "toolu_01", name: "lookup", response: { output: "found" }, parts: [{ inlineData: { mimeType: "image/png", data: "BBBB" } }] } },
            { functionResponse: { name: "other", response: { error: "bad" } } },
          ],
        },
      ],
      tools: [{ functionDeclarations: [{ name: "lookup", description: "d", parametersJsonSchema: { type: "object", properties: { q: { type: "string" } } } }] }],
      toolConfig: { functionCallingConfig: { mode: "ANY" } },
      generationConfig: {
        responseMimeType: "application/json",
        responseJsonSchema: { type: "object", description: "An answer" },
        thinkingConfig: { thinkingLevel: "MEDIUM", includeThoughts: true },
      },
    });
  });

  it("maps reasoning budgets and effort none", () => {
    expect(geminiCodec.writeRequest(base({ reasoning: { budgetTokens: 2048 } })).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } });
    expect(geminiCodec.writeRequest(base({ model: "gemini-2.5-flash", reasoning: { effort: "none" } })).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(geminiCodec.writeRequest(base({ reasoning: { effort: "none" } })).generationConfig).toEqual({ thinkingConfig: { thinkingLevel: "MINIMAL" } });
    expect(geminiCodec.writeRequest(base({ reasoning: { effort: "xhigh", includeThoughts: false } })).generationConfig).toEqual({ thinkingConfig: { thinkingLevel: "HIGH", includeThoughts: false } });
  });

  it("sends one of thinkingBudget and thinkingLevel, never both; a caller's budget wins", () => {
    const thinking = (model: string, reasoning: CanonicalRequest["reasoning"]) => (geminiCodec.writeRequest(base({ model, reasoning })) as any).generationConfig?.thinkingConfig;
    expect(thinking("gemini-3-pro-preview", { budgetTokens: 10000, effort: "high" })).toEqual({ thinkingBudget: 10000, includeThoughts: true });
    expect(thinking("gemini-3-flash-preview", { effort: "low" })).toEqual({ thinkingLevel: "LOW", includeThoughts: true });
    expect(thinking("gemini-2.5-flash", { budgetTokens: 2048, effort: "high" })).toEqual({ thinkingBudget: 2048, includeThoughts: true });
  });

  it("Gemini 2.x gets a budget for an effort (it refuses levels), within the model's range", () => {
    const budget = (model: string, reasoning: CanonicalRequest["reasoning"]) => {
      const config = (geminiCodec.writeRequest(base({ model, reasoning })) as any).generationConfig?.thinkingConfig;
      expect(config).not.toHaveProperty("thinkingLevel");
      return config?.thinkingBudget;
    };
    const efforts = ["minimal", "low", "medium", "high", "xhigh", "none"] as const;
    expect(efforts.map((effort) => budget("gemini-2.5-flash", { effort }))).toEqual([512, 1024, 8192, 24576, 24576, 0]);
    expect(efforts.map((effort) => budget("models/gemini-2.5-pro", { effort }))).toEqual([512, 1024, 8192, 24576, 32768, 128]);
    // 2.5 Pro cannot stop thinking (its least is 128); Flash-Lite thinks at 512 or not at all; −1 is dynamic everywhere.
    expect([0, 50, 40000, -1].map((budgetTokens) => budget("gemini-2.5-pro", { budgetTokens }))).toEqual([128, 128, 32768, -1]);
    expect([0, 100, 30000, -1].map((budgetTokens) => budget("gemini-2.5-flash-lite", { budgetTokens }))).toEqual([0, 512, 24576, -1]);
    expect([0, 31999].map((budgetTokens) => budget("gemini-2.5-flash", { budgetTokens }))).toEqual([0, 24576]);
    expect(budget("gemini-2.0-flash-thinking-exp", { effort: "medium" })).toBe(8192);
  });

  it("a model that does not think gets no thinkingConfig (Google refuses any, even includeThoughts alone)", () => {
    const config = (model: string, reasoning: CanonicalRequest["reasoning"]) => (geminiCodec.writeRequest(base({ model, reasoning, temperature: 0.5 })) as any).generationConfig;
    for (const model of ["gemini-2.0-flash", "models/gemini-2.0-flash-lite-001", "gemini-1.5-pro", "gemma-3-27b-it"]) {
      for (const reasoning of [{ effort: "high" }, { effort: "none" }, { budgetTokens: 2048 }, { includeThoughts: true }] as const) expect(config(model, reasoning)).toEqual({ temperature: 0.5 });
    }
  });

  it("the unversioned aliases get budgets in their 2.5 model's range (a 2.5 target refuses a level; later ones still take a budget)", () => {
    const thinking = (model: string, reasoning: CanonicalRequest["reasoning"]) => (geminiCodec.writeRequest(base({ model, reasoning })) as any).generationConfig?.thinkingConfig;
    const efforts = ["minimal", "low", "medium", "high", "xhigh", "none"] as const;
    const budgets = (model: string) => efforts.map((effort) => {
      const config = thinking(model, { effort });
      expect(config, `${model} ${effort}`).not.toHaveProperty("thinkingLevel");
      return config.thinkingBudget;
    });
    expect(budgets("gemini-flash-latest")).toEqual([512, 1024, 8192, 24576, 24576, 0]);
    expect(budgets("models/gemini-pro-latest")).toEqual([512, 1024, 8192, 24576, 32768, 128]);
    expect(budgets("gemini-flash-lite-latest")).toEqual([512, 1024, 8192, 24576, 24576, 0]);
    expect([100, -1].map((budgetTokens) => thinking("gemini-flash-lite-latest", { budgetTokens }).thinkingBudget)).toEqual([512, -1]);
    // Versioned ids keep their own rule: a 1.5 alias does not think, a Gemini 3 model takes a level.
    expect(thinking("gemini-1.5-flash-latest", { effort: "high" })).toBeUndefined();
    expect(thinking("gemini-3-flash-preview", { effort: "high" })).toEqual({ thinkingLevel: "HIGH", includeThoughts: true });
  });

  it("the 2.5 image and speech models, which do not think, get no thinkingConfig", () => {
    const config = (model: string, reasoning: CanonicalRequest["reasoning"]) => (geminiCodec.writeRequest(base({ model, reasoning, temperature: 0.5 })) as any).generationConfig;
    for (const model of ["gemini-2.5-flash-image", "models/gemini-2.5-flash-image-preview", "gemini-2.5-flash-preview-tts", "gemini-2.5-pro-preview-tts"]) {
      for (const reasoning of [{ effort: "high" }, { effort: "none" }, { budgetTokens: 2048 }, { includeThoughts: true }] as const) expect(config(model, reasoning), model).toEqual({ temperature: 0.5 });
    }
    // The models they are named after still think.
    expect(config("gemini-2.5-flash", { effort: "low" })).toEqual({ temperature: 0.5, thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } });
  });

  it("Gemini 3 gets the least level at or above the effort that the model takes: 3 Pro never stops thinking and has no medium", () => {
    const level = (model: string, reasoning: CanonicalRequest["reasoning"]) => (geminiCodec.writeRequest(base({ model, reasoning })) as any).generationConfig?.thinkingConfig;
    const efforts = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
    expect(efforts.map((effort) => level("gemini-3-pro-preview", { effort }).thinkingLevel)).toEqual(["LOW", "LOW", "LOW", "HIGH", "HIGH", "HIGH"]);
    expect(efforts.map((effort) => level("gemini-3-flash-preview", { effort }).thinkingLevel)).toEqual(["MINIMAL", "MINIMAL", "LOW", "MEDIUM", "HIGH", "HIGH"]);
    expect(efforts.map((effort) => level("gemini-3.1-pro-preview", { effort }).thinkingLevel)).toEqual(["LOW", "LOW", "LOW", "MEDIUM", "HIGH", "HIGH"]);
    // Asked not to think, the model is not asked to show thoughts; a budget of 0 is its least level too.
    expect(level("gemini-3-pro-preview", { effort: "none" })).toEqual({ thinkingLevel: "LOW" });
    expect(level("gemini-3-pro-preview", { budgetTokens: 0 })).toEqual({ thinkingLevel: "LOW" });
  });

  it("refuses what Gemini cannot carry, in canonical terms", () => {
    expect(writeRefusal(base({ temperature: 2.5 })).field).toBe("temperature");
    expect(writeRefusal(base({ turns: [{ role: "assistant", parts: [{ type: "tool_call", id: "c", name: "f", arguments: "[1]" }] }] })).field).toBe("part:tool_call");
    expect(writeRefusal(base({ turns: [{ role: "user", parts: [{ type: "tool_result", callId: "nope", content: [] }] }] })).field).toBe("part:tool_result");
    expect(geminiCodec.fieldName("topK")).toBe("generationConfig.topK");
    expect(geminiCodec.fieldName("part:document")).toBe("contents[].parts[] inlineData / fileData (document)");
  });

  it("reads upstream errors", () => {
    expect(geminiCodec.readError(429, '[{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}]')).toEqual({ status: 429, message: "Quota exceeded", type: "RESOURCE_EXHAUSTED" });
    expect(geminiCodec.readError(400, '{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}')).toEqual({ status: 400, message: "bad", type: "INVALID_ARGUMENT" });
    expect(geminiCodec.readError(502, "<html>bad gateway</html>")).toEqual({ status: 502, message: "<html>bad gateway</html>" });
  });
});

describe("gemini request reader: allowedFunctionNames", () => {
  const declarations = [{ functionDeclarations: [{ name: "a" }, { name: "b" }, { name: "c" }] }];
  const choiceOf = (calling: object) => geminiCodec.readRequest({ contents: text("x"), tools: declarations, toolConfig: { functionCallingConfig: calling } }, { stream: false, model: "gemini-2.5-flash" }).toolChoice;

  it("a subset under ANY is an allowed-tools choice a call is required from; under VALIDATED one the model may use", () => {
    expect(choiceOf({ mode: "ANY", allowedFunctionNames: ["c", "a"] })).toEqual({ type: "allowed", names: ["c", "a"], required: true });
    expect(choiceOf({ mode: "VALIDATED", allowedFunctionNames: ["b"] })).toEqual({ type: "allowed", names: ["b"], required: false });
    // One name under ANY forces it; all of them is ANY alone.
    expect(choiceOf({ mode: "ANY", allowedFunctionNames: ["b"] })).toEqual({ type: "tool", name: "b" });
    expect(choiceOf({ mode: "ANY", allowedFunctionNames: ["c", "b", "a"] })).toEqual({ type: "required" });
  });

  it("an empty allowedFunctionNames restricts nothing, as Gemini reads it (an empty repeated field is an unset one)", () => {
    expect(choiceOf({ mode: "ANY", allowedFunctionNames: [] })).toEqual({ type: "required" });
    expect(choiceOf({ mode: "VALIDATED", allowedFunctionNames: [] })).toEqual({ type: "auto" });
    // So every tool still reaches an Anthropic upstream: none is dropped as "not allowed".
    const request = geminiCodec.readRequest({ contents: text("x"), tools: declarations, toolConfig: { functionCallingConfig: { mode: "VALIDATED", allowedFunctionNames: [] } } }, { stream: false, model: "claude-sonnet-4-6" });
    expect((messagesCodec.writeRequest(request) as any).tools.map((tool: any) => tool.name)).toEqual(["a", "b", "c"]);
  });

  it("reaches an Anthropic upstream as only the allowed tools, a call required", () => {
    const request = geminiCodec.readRequest({ contents: text("x"), tools: declarations, toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["c", "a"] } } }, { stream: false, model: "claude-sonnet-4-6" });
    const body = messagesCodec.writeRequest(request) as any;
    expect(body.tools.map((tool: any) => tool.name)).toEqual(["a", "c"]);
    expect(body.tool_choice).toEqual({ type: "any" });
  });
});

describe("gemini request writer: an allowed-tools choice (OpenAI's allowed_tools)", () => {
  const tool = (name: string, strict?: boolean) => ({ name, parameters: { type: "object", properties: { q: { type: "string" } } }, ...(strict === undefined ? {} : { strict }) });
  const names = (body: any) => body.tools[0].functionDeclarations.map((d: any) => d.name);

  it("required: mode ANY with allowedFunctionNames, every tool still declared", () => {
    const body = geminiCodec.writeRequest(base({ tools: [tool("read"), tool("write"), tool("search")], toolChoice: { type: "allowed", names: ["search", "read"], required: true } }));
    expect(names(body)).toEqual(["read", "write", "search"]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["search", "read"] } });
  });

  it("auto: Gemini takes allowedFunctionNames with AUTO never, so only the allowed tools are declared, mode AUTO", () => {
    const body = geminiCodec.writeRequest(base({ tools: [tool("read"), tool("write", true), tool("search", true)], toolChoice: { type: "allowed", names: ["search", "read"], required: false } }));
    expect(names(body)).toEqual(["read", "search"]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: "AUTO" } });
  });

  it("auto among strict tools only: VALIDATED with allowedFunctionNames (schema-checked calls, as strict asks), every tool still declared", () => {
    const body = geminiCodec.writeRequest(base({ tools: [tool("read", true), tool("write"), tool("search", true)], toolChoice: { type: "allowed", names: ["search", "read"], required: false } }));
    expect(names(body)).toEqual(["read", "write", "search"]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: "VALIDATED", allowedFunctionNames: ["search", "read"] } });
  });
});
