// OpenAI Chat Completions (POST /v1/chat/completions), also spoken by DeepSeek, Qwen, GLM, Kimi
// and MiniMax: the caller-side reader and writers and the upstream-side writer and readers.
// read-request.ts and write-request.ts list what is ignored, normalized and refused.
import type { Codec } from "../codec.ts";
import { readRequest } from "./read-request.ts";
import { chatStreamReader } from "./read-stream.ts";
import { fieldName, readError, writeResponse } from "./response.ts";
import { writeRequest } from "./write-request.ts";
import { chatStreamWriter } from "./write-stream.ts";

export const chatCodec: Codec = {
  format: "chat",
  toolsReadFrom: ["tools"],
  readRequest,
  writeRequest,
  streamReader: chatStreamReader,
  streamWriter: chatStreamWriter,
  writeResponse,
  readError,
  fieldName,
};
