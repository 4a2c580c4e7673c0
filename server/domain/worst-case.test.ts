import { describe, expect, it } from "vitest";
import { dataUrl, png } from "../../test/helpers/images.ts";
import { costMicros } from "./pricing.ts";
import { estimatedInputTokens, inputTokensOf, maxInputTokens, maxOutputTokens, mediaAllowanceTokens, worstCaseCost } from "./worst-case.ts";

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));
const image = "iVBORw0KGgo".repeat(50_000); // 550 KB of base64

describe("maxInputTokens", () => {
  it("is one token per decoded byte of a text-only body, in every format", () => {
    const text = "naïve 文字 text ".repeat(1000);
    const bodies = {
      messages: { model: "m", max_tokens: 1, system: text, messages: [{ role: "user", content: text }] },
      chat: { model: "m", messages: [{ role: "user", content: [{ type: "text", text }] }] },
      responses: { model: "m", input: [{ role: "user", content: [{ type: "input_text", text }] }] },
      "generate-content": { contents: [{ parts: [{ text }] }], systemInstruction: { parts: [{ text }] } },
    } as const;
    for (const [iface, body] of Object.entries(bodies)) {
      const tokens = maxInputTokens(iface as keyof typeof bodies, body, bytes(body));
      expect(tokens, iface).toBe(bytes(body));
      // A tokenizer never makes more tokens than UTF-8 bytes: the text alone is below the bound.
      expect(tokens, iface).toBeGreaterThan(Buffer.byteLength(text));
    }
  });

  it("holds an allowance for each image instead of its base64, and for media referenced by URL or file id", () => {
    const cases = [
      ["messages", { messages: [{ role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: image } }] }] }, image.length],
      ["messages", { messages: [{ role: "user", content: [{ type: "tool_result", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: image } }] }] }] }, image.length],
      ["chat", { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${image}` } }] }] }, image.length + 22],
      ["responses", { input: [{ role: "user", content: [{ type: "input_image", image_url: `data:image/png;base64,${image}` }] }] }, image.length + 22],
      ["generate-content", { contents: [{ parts: [{ inlineData: { mimeType: "image/png", data: image } }] }] }, image.length],
      ["messages", { messages: [{ role: "user", content: [{ type: "document", source: { type: "url", url: "https://example.com/a.pdf" } }] }] }, 0],
      ["chat", { messages: [{ role: "user", content: [{ type: "file", file: { file_id: "file-1" } }] }] }, 0],
      ["responses", { input: [{ role: "user", content: [{ type: "input_file", file_id: "file-1" }] }] }, 0],
      ["generate-content", { contents: [{ parts: [{ fileData: { mimeType: "video/mp4", fileUri: "gs://b/v.mp4" } }] }] }, 0],
    ] as const;
    for (const [iface, body, uncounted] of cases) {
      expect(maxInputTokens(iface, body, bytes(body)), `${iface} ${JSON.stringify(body).slice(0, 80)}`).toBe(bytes(body) - uncounted + mediaAllowanceTokens);
    }
  });

  it("counts as text what only looks like an image where the model reads text (a tool call's input, a text part)", () => {
    const disguised = { type: "image", source: { type: "base64", media_type: "image/png", data: image } };
    const body = {
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "t", name: "n", input: disguised }] },
        { role: "user", content: `data:image/png;base64,${image}` },
      ],
    };
    expect(maxInputTokens("messages", body, bytes(body))).toBe(bytes(body));
  });

  it("documents still count their bytes on top of the allowance", () => {
    const pdf = "JVBERi0xLjQK".repeat(1000);
    const body = { contents: [{ parts: [{ inlineData: { mimeType: "application/pdf", data: pdf } }] }] };
    expect(maxInputTokens("generate-content", body, bytes(body))).toBe(bytes(body) + mediaAllowanceTokens);
  });

  it("holds an image whose header gives a size some family's rule charges more for at that much (Gemini's tiles of an 8000 × 8000 image)", () => {
    const huge = { contents: [{ parts: [{ inlineData: { mimeType: "image/png", data: png(8000, 8000).toString("base64") } }] }] };
    const data = huge.contents[0].parts[0].inlineData.data;
    expect(maxInputTokens("generate-content", huge, bytes(huge))).toBe(bytes(huge) - data.length + 258 * 11 * 11);
    // The same image sent in another format is held the same: a translated call's upstream may be Gemini.
    const inChat = { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: dataUrl(png(8000, 8000)) } }] }] };
    expect(maxInputTokens("chat", inChat, bytes(inChat))).toBe(bytes(inChat) - dataUrl(png(8000, 8000)).length + 258 * 11 * 11);
  });
});

describe("estimatedInputTokens", () => {
  it("is the text at three bytes a token plus each image by its interface's rule, not its base64 read as text", () => {
    const photo = dataUrl(png(1024, 1024, 300_000)); // 400 KB of base64
    const body = { model: "m", messages: [{ role: "user", content: [{ type: "text", text: "Describe it." }, { type: "image_url", image_url: { url: photo } }] }] };
    const input = inputTokensOf("chat", body, bytes(body));
    // OpenAI: 768 × 768 at high (auto) detail, four tiles: 85 + 4 × 170.
    expect(estimatedInputTokens(input)).toBe(Math.ceil((bytes(body) - photo.length) / 3) + 765);
    expect(estimatedInputTokens(input)).toBeLessThan(1000);
    const low = { ...body, messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: photo, detail: "low" } }] }] };
    expect(estimatedInputTokens(inputTokensOf("chat", low, bytes(low)))).toBe(Math.ceil((bytes(low) - photo.length) / 3) + 85);
  });
});

describe("maxOutputTokens", () => {
  it("chat holds the larger of max_completion_tokens and max_tokens: an upstream may honour either", () => {
    expect(maxOutputTokens("chat", { max_completion_tokens: 1, max_tokens: 8000 })).toBe(8000);
    expect(maxOutputTokens("chat", { max_completion_tokens: 9000, max_tokens: 10, n: 2 })).toBe(18000);
    expect(maxOutputTokens("chat", { max_tokens: null, max_completion_tokens: 50 })).toBe(50);
    expect(maxOutputTokens("chat", {})).toBe(4096);
  });

  it("generateContent reads the limits in the proto's snake_case as well as in camelCase", () => {
    const snake = { contents: [], generation_config: { max_output_tokens: 65536, candidate_count: 8 } };
    expect(maxOutputTokens("generate-content", snake)).toBe(65536 * 8);
    expect(maxOutputTokens("generate-content", { generationConfig: { maxOutputTokens: 100, max_output_tokens: 700 } })).toBe(700);
    expect(maxOutputTokens("generate-content", { generationConfig: {}, generation_config: { maxOutputTokens: 300 } })).toBe(300);
    expect(maxOutputTokens("generate-content", { generationConfig: { candidateCount: 2 } })).toBe(8192 * 2);
  });
});

describe("worstCaseCost", () => {
  it("prices the bound at the dearer input price plus the output limit", () => {
    const prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 };
    const body = { model: "m", max_tokens: 100, messages: [{ role: "user", content: "hi" }] };
    // (bytes × 3.75 µ + 100 × 15 µ) × 2.5, rounded up.
    expect(worstCaseCost("messages", body, bytes(body), prices, 2500)).toBe(Math.ceil((bytes(body) * 3.75 + 1500) * 2.5));
  });

  it("prices the bound at the 1-hour cache-write price where that is the dearest, so the hold covers any call", () => {
    const prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000, cache_write_1h: 6_000_000 };
    const body = { model: "m", max_tokens: 100, system: [{ type: "text", text: "cached for an hour", cache_control: { type: "ephemeral", ttl: "1h" } }], messages: [{ role: "user", content: "hi" }] };
    const hold = worstCaseCost("messages", body, bytes(body), prices, 2500);
    expect(hold).toBe(Math.ceil((bytes(body) * 6 + 1500) * 2.5));
    // The dearest call this body can make: every input token a 1-hour write, the whole output limit.
    expect(hold).toBeGreaterThanOrEqual(costMicros({ input: 0, output: 100, cache_read: 0, cache_write: 0, cache_write_1h: bytes(body) }, prices, 2500));
  });

  it("stays an exact integer even when the bound is beyond any balance", () => {
    const prices = { input: 1e15, output: 1e15, cache_read: 0, cache_write: 0 };
    expect(worstCaseCost("chat", { max_tokens: 2 ** 31 - 1, n: 128 }, 32 * 1024 * 1024, prices, 2 ** 31 - 1)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
