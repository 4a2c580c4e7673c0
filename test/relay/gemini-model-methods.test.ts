// A Gemini model object's supportedGenerationMethods (`supportedActions` in @google/genai) say
// what the caller's key can call on that model through Tollgate — checked against the calls
// themselves: a group that does not take the generateContent interface lists none; one without a
// channel for the model lists countTokens only (Tollgate estimates it); one served natively or by
// translation lists all three.
import { ApiError, GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
const keys: Record<string, string> = {};
const all = ["generateContent", "streamGenerateContent", "countTokens"];

beforeAll(async () => {
  env = await startRelayEnv();
  // A Family A group that also takes generateContent, translated to its Anthropic channel.
  const claude = env.groups.get("claude-smart")!;
  const patched = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: claude.id } }, body: { translated_interfaces: ["generate-content"] } });
  expect(patched.data?.translated_interfaces).toEqual(["generate-content"]);
  // A Family C group created after start: no channel serves it yet.
  const lab = await env.operator.POST("/api/admin/groups", {
    body: { name: "Gemini Lab", identifier: "gemini-lab", multiplier_milli: 1000, visibility: "public", models: [{ model_id: "gemini-lab-1", display_name: "Gemini Lab 1", prices: { input: 1, output: 1 } }] },
  });
  expect(lab.response.status).toBe(201);
  for (const identifier of ["gemini-official", "gpt-trial", "claude-smart"]) keys[identifier] = await env.key(identifier);
  keys["gemini-lab"] = await createKey(env.tenant.owner, lab.data!.id);
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
});
afterAll(async () => {
  await env?.stop();
});

const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: env.tollgate.url } });

async function listed(key: string): Promise<Record<string, string[] | undefined>> {
  const actions: Record<string, string[] | undefined> = {};
  for await (const model of await genai(key).models.list()) actions[model.name!] = model.supportedActions;
  return actions;
}

const contents = [{ role: "user", parts: [{ text: "Say hi." }] }];
const outcome = (call: Promise<unknown>) => call.then(() => "ok", (error) => (error instanceof ApiError ? error.status : String(error)));

describe("supportedGenerationMethods", () => {
  it("a Family C group with its channel: all three, and each answers", async () => {
    expect(await listed(keys["gemini-official"])).toEqual({ "models/gemini-2.5-pro": all, "models/gemini-2.5-flash": all });
    expect((await genai(keys["gemini-official"]).models.get({ model: "gemini-2.5-flash" })).supportedActions).toEqual(all);
    const ai = genai(keys["gemini-official"]);
    expect(await outcome(ai.models.generateContent({ model: "gemini-2.5-flash", contents }))).toBe("ok");
    expect(await outcome(ai.models.countTokens({ model: "gemini-2.5-flash", contents }))).toBe("ok");
  });

  it("a group that does not take the generateContent interface: none, as every such call is refused", async () => {
    const actions = await listed(keys["gpt-trial"]);
    expect(Object.keys(actions)).toContain("models/gpt-5");
    for (const methods of Object.values(actions)) expect(methods).toEqual([]);
    expect((await genai(keys["gpt-trial"]).models.get({ model: "gpt-5" })).supportedActions).toEqual([]);
    const ai = genai(keys["gpt-trial"]);
    expect(await outcome(ai.models.generateContent({ model: "gpt-5", contents }))).toBe(404); // interface_mismatch
    expect(await outcome(ai.models.countTokens({ model: "gpt-5", contents }))).toBe(404);
  });

  it("a group that takes generateContent by translation: all three, and the call is translated to its channel", async () => {
    const actions = await listed(keys["claude-smart"]);
    expect(actions["models/claude-sonnet-4-6"]).toEqual(all);
    const before = env.mocks.anthropic.requests.length;
    expect(await outcome(genai(keys["claude-smart"]).models.generateContent({ model: "claude-sonnet-4-6", contents }))).toBe("ok");
    expect(env.mocks.anthropic.requests.length).toBe(before + 1);
  });

  it("a model no channel serves: countTokens only (Tollgate's estimate), as generateContent finds no channel", async () => {
    expect(await listed(keys["gemini-lab"])).toEqual({ "models/gemini-lab-1": ["countTokens"] });
    const ai = genai(keys["gemini-lab"]);
    expect(await outcome(ai.models.countTokens({ model: "gemini-lab-1", contents }))).toBe("ok");
    expect(await outcome(ai.models.generateContent({ model: "gemini-lab-1", contents }))).toBe(503);
  });
});
