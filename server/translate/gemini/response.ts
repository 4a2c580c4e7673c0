// Caller side: a canonical response → the GenerateContentResponse a non-stream generateContent
// caller gets: candidate 0 (role model, finishReason, index 0), usageMetadata (common.ts),
// modelVersion (the caller's model name), responseId (the upstream's id). Parts as the stream
// writer makes them: text (a refusal's text too), thought parts for reasoning text, function calls
// with their id; signatures placed as stream-write.ts explains, a Gemini thought part's own
// signature on that thought part.
import type { CanonicalResponse } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { finishReasonOf, usageMetadata } from "./common.ts";
import { Signatures, functionCallPart } from "./stream-write.ts";

type Json = Record<string, any>;

export function writeResponse(response: CanonicalResponse, context: CallerContext): Json {
  const parts: Json[] = [];
  const signatures = new Signatures();
  for (const part of response.content) {
    switch (part.type) {
      case "reasoning": {
        if (part.opaque?.origin === "generate-content" && !part.attachesToNext) {
          parts.push({ text: part.text ?? "", thought: true, ...part.opaque.value });
          break;
        }
        if (part.text) parts.push({ text: part.text, thought: true });
        if (part.opaque) parts.push(...signatures.add(part.opaque, part.attachesToNext));
        break;
      }
      case "text":
      case "refusal":
        parts.push(signatures.onto({ text: part.text }));
        break;
      case "tool_call":
        parts.push(signatures.onto(functionCallPart(part.id, part.name, part.arguments)));
        break;
      default:
        // Images, documents and tool results are never model output.
        break;
    }
  }
  parts.push(...signatures.flush());
  const body: Json = {
    candidates: [{ content: { role: "model", parts }, finishReason: finishReasonOf(response.stopReason), index: 0 }],
    usageMetadata: usageMetadata(response.usage),
    modelVersion: context.model,
  };
  if (response.id) body.responseId = response.id;
  return body;
}
