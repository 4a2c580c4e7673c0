import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { chatRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { base64, jpeg, png } from "../../test/helpers/images.ts";
import { estimateRequestTokens, estimateTextTokens } from "./estimate-tokens.ts";

// The bound the README states: within ±25% of OpenAI's o200k_base on each of these texts.
const texts: Record<string, string> = {
  english:
    "The quick brown fox jumps over the lazy dog. Tollgate is a model gateway that teams put in front of several providers; a client changes only its base URL and key, and every call is billed to the group it was made through. ".repeat(8),
  code: "export function upstreamBody(client: ClientRequest, changes: Record<string, unknown>): Buffer | string {\n  const { raw } = client;\n  if (!raw || raw.duplicateKeys) return JSON.stringify({ ...client.body, ...changes });\n}\n".repeat(6),
  json: JSON.stringify({ type: "object", properties: { path: { type: "string", description: "The file to read" }, limit: { type: "integer", minimum: 1 } }, required: ["path"] }).repeat(6),
  chinese: "模型网关让团队只需更换基础地址和密钥，就能通过一个入口调用多家供应商的模型，并按分组计费。".repeat(6),
  mixed: "Summarize: 今天的会议讨论了 gateway 的性能，CPU per request 降低了一半。Next steps — ship it → measure again.".repeat(6),
  "agent turn (chat format, 145 KB)": chatRequest("gpt-4o-mini", false),
};

describe("estimateTextTokens", () => {
  it.each(Object.entries(texts))("is within 25%% of o200k_base for %s", (_name, text) => {
    const reference = countTokens(text);
    expect(Math.abs(estimateTextTokens(text) - reference) / reference).toBeLessThanOrEqual(0.25);
  });
});

describe("estimateRequestTokens", () => {
  it("counts the text a model reads, not media bytes or signatures", () => {
    const withImage = {
      model: "m",
      messages: [{ role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "A".repeat(40_000) } }, { type: "text", text: "What is this?" }] }],
    };
    // Data that is no image the header reader knows costs what an image of unknown size does: ~1,600.
    expect(estimateRequestTokens("messages", withImage)).toBeGreaterThanOrEqual(1600);
    expect(estimateRequestTokens("messages", withImage)).toBeLessThan(1600 + 40);
    const gemini = { contents: [{ role: "user", parts: [{ text: "Hello there" }] }], systemInstruction: { parts: [{ text: "Be brief." }] } };
    expect(estimateRequestTokens("generate-content", gemini)).toBe(estimateRequestTokens("generate-content", { generateContentRequest: gemini }));
    expect(estimateRequestTokens("generate-content", gemini)).toBeGreaterThan(4);
  });
});

describe("estimateRequestTokens of images", () => {
  const question = { type: "text", text: "What is in these pictures?" };
  const textOnly = estimateRequestTokens("messages", { model: "m", messages: [{ role: "user", content: [question] }] });

  it("messages: each image at Anthropic's width × height / 750 after scaling, whatever its base64 weighs", () => {
    // 800 × 600 is kept as sent: 480,000 / 750 = 640. 1920 × 1080 is scaled to ~1,600 tokens.
    const images = [
      { type: "image", source: { type: "base64", media_type: "image/png", data: base64(png(800, 600, 200_000)) } },
      { type: "image", source: { type: "base64", media_type: "image/jpeg", data: base64(jpeg(1920, 1080, { payloadBytes: 600_000 })) } },
    ];
    const body = { model: "m", messages: [{ role: "user", content: [...images, question] }] };
    const imageTokens = estimateRequestTokens("messages", body) - textOnly;
    expect(imageTokens).toBeGreaterThanOrEqual(640 + 1500);
    expect(imageTokens).toBeLessThanOrEqual(640 + 1600 + 30); // the blocks' own keys ("source", "media_type", …) are a few tokens
    // One inside a tool result counts too; one by URL costs the ~1,600 of the largest.
    const nested = { model: "m", messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [images[0]] }, question] }] };
    expect(estimateRequestTokens("messages", nested) - textOnly).toBeGreaterThanOrEqual(640);
    const byUrl = { model: "m", messages: [{ role: "user", content: [{ type: "image", source: { type: "url", url: "https://example.com/a.png" } }, question] }] };
    expect(estimateRequestTokens("messages", byUrl) - textOnly).toBeGreaterThanOrEqual(1600);
  });

  it("generateContent: 258 per image up to 384 px, else 258 per 768-px tile; a file by URI one tile", () => {
    const textOnlyGemini = estimateRequestTokens("generate-content", { contents: [{ role: "user", parts: [{ text: "What is in these pictures?" }] }] });
    const parts = [
      { inlineData: { mimeType: "image/png", data: base64(png(300, 200, 50_000)) } }, // 258
      { inlineData: { mimeType: "image/jpeg", data: base64(jpeg(1920, 1080, { payloadBytes: 400_000 })) } }, // 3 × 2 tiles: 1548
      { fileData: { mimeType: "image/png", fileUri: "https://example.com/a.png" } }, // 258
      { text: "What is in these pictures?" },
    ];
    const request = { contents: [{ role: "user", parts }] };
    for (const body of [request, { generateContentRequest: { model: "models/m", ...request } }]) {
      const imageTokens = estimateRequestTokens("generate-content", body) - textOnlyGemini;
      expect(imageTokens).toBeGreaterThanOrEqual(258 + 1548 + 258);
      expect(imageTokens).toBeLessThanOrEqual(258 + 1548 + 258 + 40);
    }
  });
});
