import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { chatRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
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
    expect(estimateRequestTokens("messages", withImage)).toBeLessThan(40);
    const gemini = { contents: [{ role: "user", parts: [{ text: "Hello there" }] }], systemInstruction: { parts: [{ text: "Be brief." }] } };
    expect(estimateRequestTokens("generate-content", gemini)).toBe(estimateRequestTokens("generate-content", { generateContentRequest: gemini }));
    expect(estimateRequestTokens("generate-content", gemini)).toBeGreaterThan(4);
  });
});
