// The OpenAI Responses format (`POST /v1/responses`, what Codex CLI speaks) for translation:
// request reader (caller side), request writer (upstream side), stream reader and writer, the
// non-stream response writer; its errors are OpenAI's, read as chat's are. Which request fields
// are ignored or refused, and why, is said at the top of each piece.
import { readError } from "../chat/response.ts";
import type { Codec } from "../codec.ts";
import { writeResponse } from "./items.ts";
import { readRequest } from "./request-read.ts";
import { writeRequest } from "./request-write.ts";
import { ResponsesStreamReader } from "./stream-read.ts";
import { ResponsesStreamWriter } from "./stream-write.ts";

const fieldNames: Record<string, string> = {
  model: "model",
  system: "instructions",
  turns: "input",
  tools: "tools",
  toolChoice: "tool_choice",
  parallelToolCalls: "parallel_tool_calls",
  output: "text.format",
  maxOutputTokens: "max_output_tokens",
  temperature: "temperature",
  topP: "top_p",
  topK: "top_k (not a Responses field)",
  stop: "stop (not a Responses field)",
  seed: "seed (not a Responses field)",
  presencePenalty: "presence_penalty (not a Responses field)",
  frequencyPenalty: "frequency_penalty (not a Responses field)",
  reasoning: "reasoning",
  user: "safety_identifier",
  stream: "stream",
  "part:image": "input[].content[] input_image",
  "part:document": "input[].content[] input_file",
  "part:tool_result.image": "input[] function_call_output.output[] input_image",
  "part:tool_result.document": "input[] function_call_output.output[] input_file",
  "part:reasoning": "input[] reasoning",
  "part:refusal": "input[].content[] refusal",
  "part:tool_call": "input[] function_call",
  "part:tool_result": "input[] function_call_output",
};

export function fieldName(canonical: string): string {
  return fieldNames[canonical] ?? canonical;
}

export const responsesCodec: Codec = {
  format: "responses",
  toolsReadFrom: ["tools"],
  readRequest,
  writeRequest,
  streamReader: () => new ResponsesStreamReader(),
  streamWriter: (context) => new ResponsesStreamWriter(context),
  writeResponse,
  readError,
  fieldName,
};
