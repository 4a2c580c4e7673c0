// An upstream's refusal that quotes a tool name quotes the stand-in it was sent (tool-names.ts:
// `files.read` goes to Anthropic as `files_read`, a 100-character MCP name to OpenAI as 55
// characters and a hash). The caller never sent that name: it hears its own, in the HTTP error and
// in a stream's error event alike. A scripted upstream says the refusal.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { hashedName } from "../../server/translate/tool-names.ts";
import { unique } from "../helpers/fixtures.ts";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { sseEvent, type ScriptedUpstream, useScriptedRelay } from "../helpers/scripted-upstream.ts";

let env: RelayEnv;
let scripted: ScriptedUpstream;
useScriptedRelay({ quietCircuits: true }, (started) => ({ env, scripted } = started));

const parameters = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
const geminiTools = [
  {
    functionDeclarations: [
      { name: "files.read", description: "Reads a file.", parametersJsonSchema: parameters },
      { name: "github:create_issue", description: "Opens an issue.", parametersJsonSchema: parameters },
    ],
  },
];
// Anthropic's words for a tool it will not take, naming the stand-ins it got.
const anthropicRefusal = "tools.0.custom.input_schema: JSON schema is invalid for tool 'files_read' (and 'github_create_issue'); files_read_v2 is no tool of this request";

describe("an upstream refusal quoting a stand-in, translated", () => {
  it("reaches a Gemini caller on a Claude group (HTTP 400) naming files.read and github:create_issue, not their stand-ins", async () => {
    scripted.play({ status: 400, events: [JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: anthropicRefusal } })] });
    const ai = new GoogleGenAI({ apiKey: await env.key("claude-smart", unique("tn-errors")), httpOptions: { baseUrl: env.tollgate.url } });
    const error = await ai.models
      .generateContent({ model: "claude-sonnet-4-6", contents: "Read the README, please.", config: { tools: geminiTools } })
      .catch((e) => e);
    expect(error.status).toBe(400);
    const said = JSON.parse(error.message).error.message as string;
    // Only whole stand-ins are put back: a longer word that begins with one is left as it was.
    expect(said).toBe("tools.0.custom.input_schema: JSON schema is invalid for tool 'files.read' (and 'github:create_issue'); files_read_v2 is no tool of this request");
  });

  it("reaches a Gemini caller on a Claude group as a stream's error event naming files.read", async () => {
    scripted.play([sseEvent("error", { type: "error", error: { type: "invalid_request_error", message: anthropicRefusal } })]);
    const response = await fetch(`${env.tollgate.url}/v1beta/models/claude-sonnet-4-6:streamGenerateContent?alt=sse`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": await env.key("claude-smart", unique("tn-errors")) },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Read the README, please." }] }], tools: geminiTools }),
    });
    const text = await response.text();
    expect(text).toContain("for tool 'files.read' (and 'github:create_issue')");
    expect(text).not.toMatch(/'files_read'|github_create_issue/);
  });

  it("reaches an Anthropic caller on a GPT group naming its 100-character MCP tool, not the 64-character stand-in OpenAI got", async () => {
    const longName = `mcp__acme-internal-knowledge-base-server__${"search_engineering_design_documents_by_topic".padEnd(58, "x")}`;
    const standIn = hashedName(longName);
    expect(standIn).toHaveLength(64);
    scripted.play({
      status: 400,
      events: [JSON.stringify({ error: { message: `Invalid schema for function '${standIn}': 'path' is not of type 'object'.`, type: "invalid_request_error", param: "tools[0].parameters", code: "invalid_function_parameters" } })],
    });
    const client = new Anthropic({ apiKey: await env.key("gpt-trial", unique("tn-errors")), baseURL: env.tollgate.url, maxRetries: 0 });
    const error = await client.messages
      .create({ model: "gpt-5", max_tokens: 64, tools: [{ name: longName, input_schema: parameters as Anthropic.Tool.InputSchema }], messages: [{ role: "user", content: "Find the design document." }] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.error.error.message).toBe(`Invalid schema for function '${longName}': 'path' is not of type 'object'.`);
  });
});
