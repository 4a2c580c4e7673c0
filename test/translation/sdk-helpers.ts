// Shared by the sdk-<caller>.test.ts suites: the official SDKs as clients of groups that accept
// their interface by translation, against the strict loopback mocks. What each suite asserts is
// what the SDK returned, what the upstream received (the mock's recorded body) and the ledger.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { ANTHROPIC_OUTPUT_TOKENS } from "../mock-upstreams/anthropic.ts";
import { GEMINI_OUTPUT_TOKENS } from "../mock-upstreams/gemini.ts";
import { OPENAI_OUTPUT_TOKENS } from "../mock-upstreams/openai.ts";
import { inputTokensOf, type RecordedRequest, THINKING_TOKENS } from "../mock-upstreams/server.ts";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

export { REASONING_TEXT, TOOL_ARGUMENT, toolReply } from "../mock-upstreams/conversation.ts";
export { ANTHROPIC_REPLY, ANTHROPIC_THINKING } from "../mock-upstreams/anthropic.ts";
export { GEMINI_REPLY } from "../mock-upstreams/gemini.ts";
export { OPENAI_REPLY } from "../mock-upstreams/openai.ts";

type Interface = "messages" | "chat" | "responses" | "generate-content";
export type MockName = "anthropic" | "openai" | "gemini";

/**
 * The seeded groups the suites call, each with a model it serves and its upstream, and `thinks`: a
 * model of the group that reasons (gpt-4o-mini does not, and the gateway sends it no reasoning, as
 * OpenAI refuses it: domain/model-capabilities.ts), for the suites' reasoning round trips.
 */
export const groups = {
  claude: { identifier: "claude-smart", model: "claude-sonnet-4-6", thinks: "claude-sonnet-4-6", mock: "anthropic", path: /^\/v1\/messages$/, output: ANTHROPIC_OUTPUT_TOKENS },
  gpt: { identifier: "gpt-trial", model: "gpt-4o-mini", thinks: "gpt-5", mock: "openai", path: /^\/v1\/responses$/, output: OPENAI_OUTPUT_TOKENS },
  gemini: { identifier: "gemini-official", model: "gemini-2.5-flash", thinks: "gemini-2.5-flash", mock: "gemini", path: /^\/v1beta\/models\/[^:]+:streamGenerateContent$/, output: GEMINI_OUTPUT_TOKENS },
  /** A domestic group: its OpenAI-compatible channel speaks chat completions (the OpenAI mock serves it). */
  qwen: { identifier: "qwen-trial", model: "qwen3-max", thinks: "Qwen/Qwen3-235B-A22B", mock: "openai", path: /^\/v1\/chat\/completions$/, output: OPENAI_OUTPUT_TOKENS },
} as const;
export type GroupName = keyof typeof groups;
export type Group = (typeof groups)[GroupName];

/** A relay with the given groups accepting `caller` by translation (the catalog reloaded). */
/**
 * One suite's gateway for the caller format: started before the suite (handed to `onStarted`),
 * stopped after it, and no scenario left queued on a mock after each test (a failed test's would
 * reach the next).
 */
export function useSdkEnv(caller: Interface, names: GroupName[], onStarted: (env: RelayEnv) => void): void {
  let env: RelayEnv | undefined;
  beforeAll(async () => {
    env = await startSdkEnv(caller, names);
    onStarted(env);
  });
  afterAll(async () => {
    await env?.stop();
  });
  afterEach(() => {
    for (const mock of Object.values(env?.mocks ?? {})) mock.dropQueued();
  });
}

async function startSdkEnv(caller: Interface, names: GroupName[]): Promise<RelayEnv> {
  const env = await startRelayEnv();
  for (const name of names) {
    const group = env.groups.get(groups[name].identifier)!;
    const { data, error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: [caller] } });
    if (error) throw new Error(JSON.stringify(error));
    expect(data?.translated_interfaces).toEqual([caller]);
  }
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
  return env;
}

/** A fresh key on the group, and its name (for the ledger). */
export async function keyFor(env: RelayEnv, group: Group, prefix: string) {
  const name = unique(prefix);
  return { name, secret: await env.key(group.identifier, name) };
}

/**
 * The upstream requests made since `since` (a mock's request count taken before the calls).
 * Every translated call streams upstream, so each is checked to have gone to the group's path.
 */
export function upstreamSince(env: RelayEnv, group: Group, since: number): RecordedRequest[] {
  const requests = env.mocks[group.mock].requests.slice(since);
  for (const request of requests) expect(request.path).toMatch(group.path);
  return requests;
}

export const mark = (env: RelayEnv, group: Group) => env.mocks[group.mock].requests.length;

/**
 * The ledger records of a key, oldest first, one per upstream request given: each ok, billed the
 * upstream's own usage — input counted from the body it received (no cache in these scenarios),
 * the family's output plus the reasoning tokens of a thinking turn.
 */
export async function expectLedger(env: RelayEnv, keyName: string, group: Group, upstream: RecordedRequest[], options: { interface: Interface | "responses/compact"; stream: boolean[] }) {
  const calls = (await env.ledger(keyName, upstream.length)).slice().reverse();
  expect(calls).toHaveLength(upstream.length);
  for (const [i, call] of calls.entries()) {
    const reasoning = upstream[i].scenario === "thinking" || upstream[i].scenario === "thinking-tool";
    expect(call, `ledger record ${i}`).toMatchObject({
      status: "ok",
      http_status: 200,
      interface: options.interface,
      stream: options.stream[i],
      input_tokens: inputTokensOf(upstream[i].body),
      output_tokens: group.output + (reasoning ? THINKING_TOKENS : 0),
      // Anthropic counts thinking inside output_tokens and reports no breakdown.
      reasoning_tokens: reasoning && group.mock !== "anthropic" ? THINKING_TOKENS : 0,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
    });
    expect(call.cost).toBeGreaterThan(0);
  }
  return calls;
}

/** A 2×2 red PNG. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

/** The base64 image of the last user turn of an upstream body, in whichever format it went. */
export function upstreamImage(group: Group, body: any): { mediaType: string; data: string } | undefined {
  if (group.mock === "anthropic") {
    const block = body.messages.at(-1).content.find((b: any) => b.type === "image");
    return block && { mediaType: block.source.media_type, data: block.source.data };
  }
  if (group.mock === "gemini") {
    const part = body.contents.at(-1).parts.find((p: any) => p.inlineData);
    return part && { mediaType: part.inlineData.mimeType, data: part.inlineData.data };
  }
  const item = body.input.at(-1).content.find((c: any) => c.type === "input_image");
  const match = item && /^data:([^;]+);base64,(.*)$/.exec(item.image_url);
  return match ? { mediaType: match[1], data: match[2] } : undefined;
}

/** The tool every tool loop declares; the mocks call it with {path: TOOL_ARGUMENT}. */
export const TOOL = {
  name: "read_file",
  description: "Reads a file of the repository.",
  parameters: { type: "object", properties: { path: { type: "string", description: "The file's path." } }, required: ["path"] },
};
export const TOOL_RESULT = "42 lines of markdown";

/** The tool result as the upstream received it, and the call it answers. */
export function upstreamToolResult(group: Group, body: any): { text: string; callName?: string } {
  if (group.mock === "anthropic") {
    const result = body.messages.at(-1).content.find((b: any) => b.type === "tool_result");
    const text = typeof result.content === "string" ? result.content : result.content.map((c: any) => c.text).join("");
    return { text, callName: body.messages.at(-2).content.find((b: any) => b.type === "tool_use" && b.id === result.tool_use_id)?.name };
  }
  if (group.mock === "gemini") {
    const response = body.contents.at(-1).parts.find((p: any) => p.functionResponse).functionResponse;
    return { text: JSON.stringify(response.response), callName: response.name };
  }
  const output = body.input.at(-1);
  expect(output.type).toBe("function_call_output");
  const text = typeof output.output === "string" ? output.output : output.output.map((c: any) => c.text).join("");
  return { text, callName: body.input.find((i: any) => i.type === "function_call" && i.call_id === output.call_id)?.name };
}

/**
 * The upstream's own reasoning proof in a response it gave, found where the gateway carried it to
 * the caller (a carried string is base64 JSON {tg:1,o,v}; decoded here independently of carry.ts).
 */
export function decodeCarried(text: string): { origin: string; value: any; attachesToNext: boolean } {
  const wrapped = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
  expect(wrapped.tg).toBe(1);
  return { origin: wrapped.o, value: wrapped.v, attachesToNext: wrapped.a === 1 };
}

/** The upstream's proof inside a carried value, by the upstream's format. */
export function proofIn(group: Group, carried: string): string {
  const { origin, value } = decodeCarried(carried);
  if (group.mock === "anthropic") {
    expect(origin).toBe("messages");
    return value.signature ?? value.data;
  }
  if (group.mock === "gemini") {
    expect(origin).toBe("generate-content");
    return value.thoughtSignature;
  }
  expect(origin).toBe("responses");
  return value.encrypted_content;
}

/**
 * The reasoning proofs the upstream received back in the assistant (model) turns of a request:
 * Anthropic thinking signatures, Responses reasoning items' encrypted_content, Gemini thoughtSignatures.
 */
export function proofsReceived(group: Group, body: any): string[] {
  if (group.mock === "anthropic") {
    return body.messages.filter((m: any) => m.role === "assistant" && Array.isArray(m.content)).flatMap((m: any) => m.content.filter((b: any) => b.type === "thinking").map((b: any) => b.signature));
  }
  if (group.mock === "gemini") {
    return body.contents.filter((c: any) => c.role === "model").flatMap((c: any) => c.parts.filter((p: any) => p.thoughtSignature).map((p: any) => p.thoughtSignature));
  }
  return body.input.filter((i: any) => i.type === "reasoning").map((i: any) => i.encrypted_content);
}

/** What each upstream's proof looks like (the mocks' `issue` prefixes), so a carried wrapper passed through unopened is caught. */
export const proofPattern: Record<MockName, RegExp> = {
  anthropic: /^Eq[A-Za-z0-9+/]+=*\+\/=$/,
  openai: /^gAAAAAB[A-Za-z0-9+/]+=*\+\/=$/,
  gemini: /^[A-Za-z0-9+/]+=*\+\/=$/,
};
