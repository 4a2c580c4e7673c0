// The Call Guide's Gemini snippets (web/src/pages/call-guide/snippets.ts), run as pasted against the
// gateway for a group that takes generateContent translated to an OpenAI-compatible channel: a model
// id of more `/` segments than a model path takes (`accounts/fireworks/models/…`, as Fireworks names
// its models) is written with its `/` percent-encoded and reaches the upstream whole; an ordinary
// name is written as it reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleComponents } from "../../client/index.ts";
import { snippetsFor } from "../../web/src/pages/call-guide/snippets.ts";
import { pythonReason, runSnippet } from "../browser/browser-helpers.ts";
import { createKey } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { OPENAI_REPLY } from "../mock-upstreams/openai.ts";

type Schemas = ConsoleComponents["schemas"];

const longId = "accounts/fireworks/models/llama-v3p1-8b-instruct";
const plainId = "llama3.1:8b";

let env: RelayEnv;
let key: string;
let group: Schemas["CallGuideGroup"];
let urls: Schemas["SdkBaseUrls"];

beforeAll(async () => {
  env = await startRelayEnv();
  const prices = { input: 100_000, output: 200_000 };
  const made = await env.operator.POST("/api/admin/groups", {
    body: {
      name: "Fireworks Cloud",
      identifier: "fireworks",
      family: "compatible",
      multiplier_milli: 1000,
      visibility: "public",
      translated_interfaces: ["generate-content"],
      models: [{ model_id: longId, prices }, { model_id: plainId, prices }],
    },
  });
  if (!made.data) throw new Error(JSON.stringify(made.error));
  const channel = await env.operator.POST("/api/admin/channels", {
    body: { name: "fireworks", kind: "openai-compatible", preset: "custom", base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [made.data.id] },
  });
  if (!channel.data) throw new Error(JSON.stringify(channel.error));
  key = await createKey(env.tenant.owner, made.data.id, "fireworks-key");
  const guide = (await env.tenant.owner.GET("/api/call-guide")).data!;
  group = guide.groups.find((entry) => entry.identifier === "fireworks")!;
  urls = guide.base_urls;
});
afterAll(async () => {
  await env?.stop();
});

/** The code of the group's snippet with this id, for this model, as the Call Guide shows it. */
function snippet(model: string, id: string): string {
  const found = snippetsFor(group, urls, model).find((entry) => entry.id === id);
  if (!found) throw new Error(`no snippet ${id} for ${model}`);
  return found.code;
}

/** The model names the OpenAI mock received, in order. */
const modelsUpstream = () => env.mocks.openai.requests.map((request) => (request.body as { model?: string }).model);

describe("Call Guide: Gemini snippets for a model id with many `/`", () => {
  it("write the id's `/` as %2F, in the SDKs' and curl's path and in Gemini CLI's -m", () => {
    expect(snippet(longId, "typescript-gemini")).toContain('model: "accounts%2Ffireworks%2Fmodels%2Fllama-v3p1-8b-instruct"');
    expect(snippet(longId, "python-gemini")).toContain('model="accounts%2Ffireworks%2Fmodels%2Fllama-v3p1-8b-instruct"');
    expect(snippet(longId, "curl-gemini")).toContain("/v1beta/models/accounts%2Ffireworks%2Fmodels%2Fllama-v3p1-8b-instruct:generateContent");
    expect(snippet(longId, "gemini-cli")).toContain("gemini -m accounts%2Ffireworks%2Fmodels%2Fllama-v3p1-8b-instruct");
    // The typed client encodes its path parameter itself, and the OpenAI-format snippets put the name in the body.
    expect(snippetsFor(group, urls, longId).find((entry) => entry.id === "typescript-gemini")!.alternative!.code).toContain(`model: "${longId}"`);
    expect(snippet(longId, "curl")).toContain(`"model":"${longId}"`);
  });

  it("run Gemini CLI with its own settings: no model alias to take out its default topK, which translation leaves out", () => {
    expect(snippet(plainId, "gemini-cli")).not.toContain("customAliases");
    expect(snippet(plainId, "gemini-cli")).toMatch(/^# Choose "Use Gemini API key"/);
  });

  it("run Codex with its own settings on a group that translates it: no switching off web search or multi_agent, which translation carries or leaves out", () => {
    const translating = { ...group, interfaces: [...group.interfaces, "/v1/responses"], translated_interfaces: [...group.translated_interfaces, "responses"] } as typeof group;
    const codex = snippetsFor(translating, urls, plainId).find((entry) => entry.id === "codex")!.code;
    expect(codex).toContain('wire_api = "responses"');
    expect(codex).not.toMatch(/web_search =|multi_agent|\[features\]/);
    expect(codex).toContain("hosted web search");
  });

  it("leave an ordinary name as it reads", () => {
    expect(snippet(plainId, "typescript-gemini")).toContain(`model: "${plainId}"`);
    expect(snippet(plainId, "curl-gemini")).toContain(`/v1beta/models/${plainId}:generateContent`);
    expect(snippetsFor({ ...group, models: [] }, urls, "Qwen/Qwen3-235B-A22B").find((entry) => entry.id === "curl-gemini")!.code).toContain("/v1beta/models/Qwen/Qwen3-235B-A22B:generateContent");
  });

  it("curl and @google/genai reach the model as pasted, and the upstream gets the whole id", async () => {
    for (const model of [longId, plainId]) {
      for (const [kind, id] of [["curl", "curl-gemini"], ["typescript", "typescript-gemini"]]) {
        const before = env.mocks.openai.requests.length;
        expect(await runSnippet(kind, snippet(model, id), key), `${id} for ${model}`).toContain(OPENAI_REPLY);
        expect(modelsUpstream().slice(before), `${id} for ${model}`).toEqual([model]);
      }
    }
  });

  it.skipIf(!!pythonReason)(`google-genai (Python) reaches the model as pasted${pythonReason ? ` (skipped: ${pythonReason})` : ""}`, async () => {
    const before = env.mocks.openai.requests.length;
    expect(await runSnippet("python", snippet(longId, "python-gemini"), key)).toContain(OPENAI_REPLY);
    expect(modelsUpstream().slice(before)).toEqual([longId]);
  });
});
