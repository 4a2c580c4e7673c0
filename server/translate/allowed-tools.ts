// OpenAI's `allowed_tools` tool choice (canonical `{type:"allowed"}`) on an upstream that has no
// way to say "only these": Anthropic, a chat vendor other than OpenAI, Gemini without a call forced.
// The model there is given only the allowed tools, in the order they were declared, and told to
// call one (`required`) or to choose (`auto`). What is lost is only the prompt cache's prefix over
// the tools, which OpenAI keeps by declaring them all.
import type { CanonicalRequest } from "./canonical.ts";

/** The request with only the allowed tools declared and the choice said as required or auto; any other request as it is. */
export function withOnlyAllowedTools(request: CanonicalRequest): CanonicalRequest {
  const choice = request.toolChoice;
  if (choice?.type !== "allowed") return request;
  const allowed = new Set(choice.names);
  return { ...request, tools: request.tools.filter((tool) => allowed.has(tool.name)), toolChoice: { type: choice.required ? "required" : "auto" } };
}
