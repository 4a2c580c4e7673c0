// Bedrock's other models (Llama, Mistral, Nova, …) through its Converse API, as chat completions
// (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html, …_ConverseStream.html).
// The chat adapter builds the chat body (the caller's own on passthrough, with the model's output
// limit clamped; a translated call's written by the chat writer), and this rewrites it as a
// Converse request: POST {base}/model/{modelId}/converse or /converse-stream, signed by SigV4 as
// InvokeModel is. The answer is turned back into chat's: a whole one by `answerText`, a stream's
// event-stream messages by `streamText` (bedrock-converse-stream.ts), errors by `upstreamError`,
// so the chat adapter, passthrough callers and translation read one grammar, chat's.
//
// The request, chat → Converse:
// - `system` and `developer` messages become `system` blocks, in order, wherever they stood
//   (Converse has no system turn); `tool` messages become `toolResult` blocks of a user turn;
//   consecutive turns of one role are merged, as Converse takes alternating roles only.
// - Text parts are text blocks (Converse refuses a blank one: such a part is left out, and a tool
//   result with no text says "(no output)"); a data-URL image is an image block (png, jpeg, gif,
//   webp: its bytes); a data-URL file is a document block (pdf, csv, doc, docx, xls, xlsx, html,
//   txt, md), named from its filename as Converse allows names. Converse fetches no URL: an image by
//   URL is refused, as audio parts are.
// - Assistant tool calls are toolUse blocks, their arguments parsed (arguments that are not a JSON
//   object are refused); the assistant's `reasoning_content` is not sent back (Converse's reasoning
//   blocks need the signature chat does not carry, and Bedrock's non-Claude models need no reasoning
//   of earlier turns); a `refusal` goes back as its text.
// - max_completion_tokens (else max_tokens), temperature, top_p and stop → inferenceConfig; tools →
//   toolConfig.tools (`strict` kept); tool_choice auto/required/{function} → auto/any/tool. Converse
//   has no "none": tools are then not declared, which a conversation holding tool calls cannot do
//   (Converse needs its tools declared): that is refused. response_format json_schema →
//   outputConfig.textFormat (Bedrock's structured output; the schema as JSON text).
// - Left out, as they change nothing of the answer or are said otherwise: model (in the path),
//   stream, stream_options (the usage chunk is always made), user, safety_identifier, metadata,
//   store, service_tier, prompt_cache_key and prompt_cache_retention; n 1, logprobs false,
//   parallel_tool_calls true. A translated call's hints that Converse has no field for are left out
//   too (reasoning_effort: the catalog already left it out for a model that does not reason, and
//   parallel_tool_calls false), as the chat writer leaves out a vendor's missing hints, and its
//   temperature is held to Converse's 0–1.
// - Refused, with a 400 naming the field: what chat defines and Converse cannot carry (n > 1,
//   logprobs, top_logprobs, logit_bias, audio output, modalities other than text, prediction,
//   web_search_options, the legacy functions and function_call, response_format json_object); on
//   passthrough, parallel_tool_calls false.
// - Any other member (a model's own parameter: top_k, seed, the penalties, reasoning_effort on
//   passthrough, …) goes in additionalModelRequestFields, which Bedrock hands to the model as it
//   is, and refuses (ValidationException, the caller's 400) where the model takes no such field.
//
// The answer and errors: bedrock-converse-answer.ts; the stream: bedrock-converse-stream.ts.
import { gatewayError } from "../../../domain/errors.ts";
import type { UpstreamAdapter } from "../adapter.ts";
import { trimSlash } from "../adapter.ts";
import { pathSegment } from "./paths.ts";
import { chatCompletionOfConverse, converseErrorAnswer } from "./bedrock-converse-answer.ts";
import { chatSseOfConverseStream } from "./bedrock-converse-stream.ts";
import { authorizeBedrock } from "./sigv4.ts";

type Json = Record<string, any>;

export function bedrockConverseAdapter(chat: UpstreamAdapter, passthrough: boolean): UpstreamAdapter {
  return {
    ...chat,
    build(client, target) {
      const built = chat.build(client, { ...target, bodyChanges: undefined });
      const text = typeof built.body === "string" ? built.body : built.body.toString("utf8");
      const body = JSON.stringify(converseRequestOf(JSON.parse(text), { passthrough }));
      const url = `${trimSlash(target.baseUrl)}/model/${pathSegment(target.upstreamModel)}/${built.stream ? "converse-stream" : "converse"}`;
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      const region = target.region ?? "us-east-1";
      // The caller's own name for the model, as the answer says it (a translated call's writer says its own).
      const model = typeof client.body.model === "string" ? client.body.model : target.upstreamModel;
      return {
        url,
        headers,
        body,
        stream: built.stream,
        authorize: () => authorizeBedrock(target.credential, region, url, headers, body),
        streamText: built.stream ? () => chatSseOfConverseStream(model) : undefined,
        answerText: built.stream ? undefined : (answer) => chatCompletionOfConverse(answer, model),
        upstreamError: converseErrorAnswer,
      };
    },
  };
}

// ---- the request ----

/** A refusal of the caller's request, named by its chat field. */
const refuse = (field: string, reason: string): never => {
  throw gatewayError("invalid_request", `\`${field}\`: ${reason} (this channel serves the model through Amazon Bedrock's Converse API).`, { field });
};

/** Members that change nothing of the answer, or that the conversion says otherwise: left out. */
const leftOut = new Set(["model", "messages", "stream", "stream_options", "user", "safety_identifier", "metadata", "store", "service_tier", "prompt_cache_key", "prompt_cache_retention"]);
/** Members read into Converse's own fields below. */
const mapped = new Set(["max_tokens", "max_completion_tokens", "temperature", "top_p", "stop", "tools", "tool_choice", "response_format", "n", "logprobs", "parallel_tool_calls"]);
/** Chat's own members that Converse cannot carry: refused whenever set. */
const refused: Record<string, string> = {
  top_logprobs: "Converse returns no log probabilities",
  logit_bias: "Converse takes no logit bias",
  audio: "Converse answers in text only",
  prediction: "Converse takes no predicted output",
  web_search_options: "Converse has no web search",
  functions: "send `tools` instead of the legacy `functions`",
  function_call: "send `tool_choice` instead of the legacy `function_call`",
};

const absent = (value: unknown) => value === null || value === undefined;

const imageFormats: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/jpg": "jpeg", "image/gif": "gif", "image/webp": "webp" };
const documentFormats: Record<string, string> = {
  "application/pdf": "pdf",
  "text/csv": "csv",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "text/plain": "txt",
  "text/markdown": "md",
};

/** A data URL's media type and base64 data; null when it is no base64 data URL. */
function dataUrlOf(url: unknown): { mediaType: string; data: string } | null {
  if (typeof url !== "string") return null;
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i.exec(url);
  return match ? { mediaType: match[1].toLowerCase(), data: url.slice(match[0].length) } : null;
}

/** The blocks of one request: document names must differ (Converse refuses two alike). */
type Writing = { names: Set<string> };

function documentName(filename: unknown, writing: Writing): string {
  const stem = typeof filename === "string" ? filename.replace(/\.[A-Za-z0-9]+$/, "") : "";
  // Converse takes letters, digits, single spaces, hyphens, parentheses and square brackets.
  const clean = stem.replace(/[^A-Za-z0-9\s\-()[\]]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 200) || "document";
  let name = clean;
  for (let n = 2; writing.names.has(name); n++) name = `${clean} ${n}`;
  writing.names.add(name);
  return name;
}

const blank = (text: string) => text.trim() === "";

/** A user or system message's content as Converse blocks. */
function userBlocks(content: unknown, at: string, writing: Writing, role: "user" | "system"): Json[] {
  if (absent(content)) return [];
  if (typeof content === "string") return blank(content) ? [] : [{ text: content }];
  if (!Array.isArray(content)) return refuse(`${at}.content`, "expected a string or an array of content parts");
  const blocks: Json[] = [];
  content.forEach((part: any, k) => {
    const where = `${at}.content[${k}]`;
    const type = part?.type;
    if (type === "text") {
      if (typeof part.text !== "string") refuse(`${where}.text`, "expected a string");
      if (!blank(part.text)) blocks.push({ text: part.text });
      return;
    }
    if (role === "system") return refuse(where, "system messages take text only");
    if (type === "image_url") {
      const url = typeof part.image_url === "string" ? part.image_url : part.image_url?.url;
      const inline = dataUrlOf(url);
      if (!inline) return refuse(`${where}.image_url.url`, "Converse takes an image's bytes, not a URL to fetch; send it as data:<type>;base64,…");
      const format = imageFormats[inline.mediaType];
      if (!format) return refuse(`${where}.image_url.url`, `Converse takes png, jpeg, gif and webp images, not ${inline.mediaType || "this type"}`);
      blocks.push({ image: { format, source: { bytes: inline.data } } });
      return;
    }
    if (type === "file") {
      const file = part.file ?? {};
      if (!absent(file.file_id)) return refuse(`${where}.file.file_id`, "Converse cannot read an uploaded file by its id; send its bytes in file_data");
      const inline = dataUrlOf(file.file_data);
      if (!inline) return refuse(`${where}.file.file_data`, "expected the document's bytes as data:<type>;base64,…");
      const format = documentFormats[inline.mediaType];
      if (!format) return refuse(`${where}.file.file_data`, `Converse takes pdf, csv, doc, docx, xls, xlsx, html, txt and md documents, not ${inline.mediaType || "this type"}`);
      blocks.push({ document: { format, name: documentName(file.filename, writing), source: { bytes: inline.data } } });
      return;
    }
    if (type === "input_audio") return refuse(where, "Converse takes no audio input");
    return refuse(`${where}.type`, `a ${String(type)} part cannot be sent`);
  });
  return blocks;
}

function assistantBlocks(message: Json, at: string): Json[] {
  const blocks: Json[] = [];
  const { content } = message;
  if (typeof content === "string") {
    if (!blank(content)) blocks.push({ text: content });
  } else if (Array.isArray(content)) {
    content.forEach((part: any, k) => {
      const text = part?.type === "text" ? part.text : part?.type === "refusal" ? part.refusal : undefined;
      if (typeof text !== "string") return refuse(`${at}.content[${k}]`, "assistant messages take text and refusal parts only");
      if (!blank(text)) blocks.push({ text });
    });
  } else if (!absent(content)) refuse(`${at}.content`, "expected a string or an array of content parts");
  if (typeof message.refusal === "string" && !blank(message.refusal) && blocks.length === 0) blocks.push({ text: message.refusal });
  if (!absent(message.audio)) refuse(`${at}.audio`, "Converse takes no audio");
  if (!absent(message.function_call)) refuse(`${at}.function_call`, "send tool_calls instead of the legacy function_call");
  const calls = absent(message.tool_calls) ? [] : message.tool_calls;
  if (!Array.isArray(calls)) return refuse(`${at}.tool_calls`, "expected an array");
  calls.forEach((call: any, k) => {
    const where = `${at}.tool_calls[${k}]`;
    if (call?.type !== undefined && call.type !== "function") refuse(`${where}.type`, "Converse takes function tool calls only");
    const name = call?.function?.name;
    if (typeof name !== "string" || typeof call.id !== "string") refuse(where, "a tool call needs its id and function name");
    const args = call.function.arguments;
    let input: unknown = {};
    if (typeof args === "string" && args.trim() !== "") {
      try {
        input = JSON.parse(args);
      } catch {
        refuse(`${where}.function.arguments`, "Converse takes a tool call's input as a JSON object; these arguments are not JSON");
      }
    } else if (args !== undefined && args !== null && typeof args !== "string") input = args;
    if (typeof input !== "object" || input === null || Array.isArray(input)) refuse(`${where}.function.arguments`, "Converse takes a tool call's input as a JSON object");
    blocks.push({ toolUse: { toolUseId: call.id, name, input } });
  });
  return blocks;
}

function toolResultBlock(message: Json, at: string): Json {
  if (typeof message.tool_call_id !== "string") refuse(`${at}.tool_call_id`, "a tool message names the call it answers");
  const { content } = message;
  const texts: string[] = [];
  if (typeof content === "string") texts.push(content);
  else if (Array.isArray(content)) {
    content.forEach((part: any, k) => {
      if (part?.type !== "text" || typeof part.text !== "string") refuse(`${at}.content[${k}]`, "tool messages take text parts only");
      texts.push(part.text);
    });
  } else if (!absent(content)) refuse(`${at}.content`, "expected a string or an array of text parts");
  const blocks = texts.filter((text) => !blank(text)).map((text) => ({ text }));
  // Converse refuses a blank text block, and a result must say something.
  return { toolResult: { toolUseId: message.tool_call_id, content: blocks.length > 0 ? blocks : [{ text: "(no output)" }] } };
}

const holdsToolBlocks = (messages: Json[]) => messages.some((message) => message.content.some((block: Json) => "toolUse" in block || "toolResult" in block));

function toolConfigOf(chat: Json, messages: Json[]): Json | undefined {
  const tools = absent(chat.tools) ? [] : chat.tools;
  if (!Array.isArray(tools)) return refuse("tools", "expected an array");
  const choice = chat.tool_choice;
  if (tools.length === 0) {
    if (!absent(choice) && choice !== "none" && choice !== "auto") refuse("tool_choice", "a tool choice needs tools");
    return undefined;
  }
  if (choice === "none") {
    if (holdsToolBlocks(messages)) refuse("tool_choice", `Converse has no "none" choice, and its tools cannot be left undeclared while the conversation holds tool calls; send "auto", or leave the tools out`);
    return undefined;
  }
  const specs = tools.map((tool: any, k) => {
    if (tool?.type !== "function" || typeof tool.function?.name !== "string") return refuse(`tools[${k}]`, "Converse takes function tools only");
    const fn = tool.function;
    const spec: Json = { name: fn.name };
    if (typeof fn.description === "string" && fn.description !== "") spec.description = fn.description;
    spec.inputSchema = { json: fn.parameters && typeof fn.parameters === "object" ? fn.parameters : { type: "object", properties: {} } };
    if (typeof fn.strict === "boolean") spec.strict = fn.strict;
    return { toolSpec: spec };
  });
  const config: Json = { tools: specs };
  if (choice === "required") config.toolChoice = { any: {} };
  else if (choice === "auto") config.toolChoice = { auto: {} };
  else if (typeof choice === "object" && choice !== null) {
    if (choice.type !== "function" || typeof choice.function?.name !== "string") refuse("tool_choice", "Converse takes auto, required or one named function");
    config.toolChoice = { tool: { name: choice.function.name } };
  } else if (!absent(choice)) refuse("tool_choice", "Converse takes auto, required or one named function");
  return config;
}

function outputConfigOf(format: any): Json | undefined {
  if (absent(format) || format.type === "text") return undefined;
  if (format.type === "json_object") return refuse("response_format", "Converse has no JSON mode; send a json_schema response format");
  if (format.type !== "json_schema" || typeof format.json_schema?.schema !== "object") return refuse("response_format", "expected a text or json_schema response format");
  const spec = format.json_schema;
  const jsonSchema: Json = { schema: JSON.stringify(spec.schema) };
  if (typeof spec.name === "string") jsonSchema.name = spec.name;
  if (typeof spec.description === "string") jsonSchema.description = spec.description;
  return { textFormat: { type: "json_schema", structure: { jsonSchema } } };
}

/** A chat body as a Converse request (the model goes in the path). `passthrough`: the caller spoke chat itself. */
export function converseRequestOf(chat: Json, { passthrough }: { passthrough: boolean }): Json {
  if (!Array.isArray(chat.messages)) refuse("messages", "expected an array of messages");
  const writing: Writing = { names: new Set() };
  const system: Json[] = [];
  const messages: Json[] = [];
  const add = (role: "user" | "assistant", blocks: Json[]) => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  chat.messages.forEach((message: any, i: number) => {
    const at = `messages[${i}]`;
    switch (message?.role) {
      case "system":
      case "developer":
        system.push(...userBlocks(message.content, at, writing, "system"));
        break;
      case "user":
        add("user", userBlocks(message.content, at, writing, "user"));
        break;
      case "assistant":
        add("assistant", assistantBlocks(message, at));
        break;
      case "tool":
        add("user", [toolResultBlock(message, at)]);
        break;
      case "function":
        refuse(`${at}.role`, "send tool messages instead of the legacy function role");
        break;
      default:
        refuse(`${at}.role`, "expected system, developer, user, assistant or tool");
    }
  });

  const request: Json = { messages };
  if (system.length > 0) request.system = system;
  const inference: Json = {};
  const limit = absent(chat.max_completion_tokens) ? chat.max_tokens : chat.max_completion_tokens;
  if (!absent(limit)) inference.maxTokens = limit;
  if (!absent(chat.temperature)) inference.temperature = passthrough || typeof chat.temperature !== "number" ? chat.temperature : Math.min(Math.max(chat.temperature, 0), 1);
  if (!absent(chat.top_p)) inference.topP = chat.top_p;
  if (!absent(chat.stop)) {
    const stops = typeof chat.stop === "string" ? [chat.stop] : chat.stop;
    if (!Array.isArray(stops) || stops.some((stop) => typeof stop !== "string")) refuse("stop", "expected a string or an array of strings");
    if (stops.length > 0) inference.stopSequences = stops;
  }
  if (Object.keys(inference).length > 0) request.inferenceConfig = inference;
  const toolConfig = toolConfigOf(chat, messages);
  if (toolConfig) request.toolConfig = toolConfig;
  const outputConfig = outputConfigOf(chat.response_format);
  if (outputConfig) request.outputConfig = outputConfig;

  if (!absent(chat.n) && chat.n !== 1) refuse("n", "Converse gives one choice per call");
  if (!absent(chat.logprobs) && chat.logprobs !== false) refuse("logprobs", "Converse returns no log probabilities");
  if (Array.isArray(chat.modalities) && chat.modalities.some((modality: unknown) => modality !== "text")) refuse("modalities", "Converse answers in text only");
  if (chat.parallel_tool_calls === false && passthrough) refuse("parallel_tool_calls", "Converse cannot keep a model to one tool call per turn");

  const additional: Json = {};
  for (const [key, value] of Object.entries(chat)) {
    if (leftOut.has(key) || mapped.has(key) || value === undefined) continue;
    if (key in refused) {
      if (!absent(value)) refuse(key, refused[key]);
      continue;
    }
    if (key === "modalities") continue;
    // A translated call's reasoning effort is the catalog's to fit: Converse has no field for it.
    if (key === "reasoning_effort" && !passthrough) continue;
    additional[key] = value;
  }
  if (Object.keys(additional).length > 0) request.additionalModelRequestFields = additional;
  return request;
}
