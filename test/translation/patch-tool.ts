// Codex's apply_patch as a custom (freeform) tool, shared by the chat and Responses callers' suites:
// its grammar, its result, and what a translated upstream must have received over two turns.
import { expect } from "vitest";
import { APPLY_PATCH } from "../mock-upstreams/conversation.ts";
import type { RecordedRequest } from "../mock-upstreams/server.ts";
import { upstreams } from "./pairs.ts";
import type { Group } from "./sdk-helpers.ts";

/** A grammar in the shape of Codex's apply_patch format (written for these tests). */
export const PATCH_GRAMMAR = [
  "start: begin_patch hunk+ end_patch",
  'begin_patch: "*** Begin Patch" LF',
  'end_patch: "*** End Patch" LF?',
  'hunk: "*** Update File: " filename LF change+',
  "filename: /(.+)/",
  "change: /[ +@-][^\\n]*/ LF",
  "%import common.LF",
].join("\n");
export const PATCH_RESULT = 'Success. Updated the following files:\nM src/greet.ts "ok"';
export const PATCH_DESCRIPTION = "Use the `apply_patch` tool to edit files.";

/** The apply_patch declaration as the upstream received it, in its own format. */
function declaredPatchTool(group: Group, body: any): { description: string; schema: unknown } {
  if (group.mock === "anthropic") {
    const tool = body.tools.find((t: any) => t.name === "apply_patch");
    return { description: tool.description, schema: tool.input_schema };
  }
  if (group.mock === "gemini") {
    const declaration = body.tools[0].functionDeclarations.find((d: any) => d.name === "apply_patch");
    return { description: declaration.description, schema: declaration.parametersJsonSchema };
  }
  const tool = body.tools.find((t: any) => t.function?.name === "apply_patch");
  expect(tool.type).toBe("function");
  return { description: tool.function.description, schema: tool.function.parameters };
}

const upstreamFormat = { anthropic: upstreams.messages, openai: upstreams.chat, gemini: upstreams["generate-content"] } as const;

/**
 * Two turns as the upstream received them: the tool declared as a function of one string, `input`,
 * its grammar in that argument's description; then the call, with the exact patch, and its result.
 */
export function expectPatchToolUpstream(group: Group, upstream: RecordedRequest[]): void {
  expect(upstream).toHaveLength(2);
  expect(declaredPatchTool(group, upstream[0].body)).toEqual({
    description: PATCH_DESCRIPTION,
    schema: {
      type: "object",
      properties: { input: { type: "string", description: `The tool's whole input, as freeform text that follows this Lark grammar:\n${PATCH_GRAMMAR}` } },
      required: ["input"],
      additionalProperties: false,
    },
  });
  expect(upstreamFormat[group.mock].toolPairs(upstream[1].body)).toEqual([{ name: "apply_patch", args: { input: APPLY_PATCH }, result: PATCH_RESULT }]);
}
