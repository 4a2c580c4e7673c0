// The content parts of a request, where each format puts them — and only there: the same shape
// inside free-form JSON (a tool call's input) is text the model reads, not media. The hold
// (worst-case.ts) and the count estimate (estimate-tokens.ts) find a request's media here.
import type { CallInterface } from "./families.ts";

type Json = Record<string, any>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const objectsIn = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export function contentParts(iface: CallInterface, body: Json): Json[] {
  const parts: Json[] = [];
  const lists: unknown[] = [];
  switch (iface) {
    case "messages":
      lists.push(body.system, ...objectsIn(body.messages).map((message) => message.content));
      break;
    case "chat":
      lists.push(...objectsIn(body.messages).map((message) => message.content));
      break;
    case "responses":
      for (const item of objectsIn(body.input)) lists.push([item], item.content, item.output);
      break;
    case "generate-content":
      lists.push(...objectsIn(body.contents).map((content) => content.parts));
      for (const instruction of [body.systemInstruction, body.system_instruction]) if (isObject(instruction)) lists.push(instruction.parts);
      break;
  }
  while (lists.length > 0) {
    for (const part of objectsIn(lists.pop())) {
      parts.push(part);
      // Family A nests blocks in tool results and in documents made of content.
      if (iface === "messages" && part.type === "tool_result") lists.push(part.content);
      if (iface === "messages" && part.type === "document" && isObject(part.source)) lists.push(part.source.content);
    }
  }
  return parts;
}
