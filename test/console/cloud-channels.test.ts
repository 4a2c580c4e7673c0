// The cloud kinds through the console API: each asks for what it needs (Bedrock a region, Vertex
// AI a region and a project, which a service-account key names itself; Azure OpenAI its resource's
// endpoint) and refuses, naming the field, what another kind would take; credentials are checked
// for their kind's form and shown only as hints, never in answers or the audit log; a channel moved
// to another region follows it to that region's endpoint unless it was on an endpoint of its own.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const ENTRA_SECRET = "entra~console~secret~value";
const claudeGroup = () => env.groups.get("claude-premium")!.id;
const gptGroup = () => env.groups.get("gpt-trial")!.id;
const path = (id: string) => ({ params: { path: { id } } });

function serviceAccountKey(projectId: string | undefined) {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return JSON.stringify({
    type: "service_account",
    ...(projectId ? { project_id: projectId } : {}),
    private_key_id: "0123456789abcdef",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: `relay@${projectId ?? "somewhere"}.iam.gserviceaccount.com`,
    token_uri: "https://oauth2.googleapis.com/token",
  });
}

async function create(body: Record<string, unknown>) {
  return env.operator.POST("/api/admin/channels", { body: { name: unique("cloud"), ...body } as never });
}

/** Everything the console and its audit log say about channels, as one text to search for secrets in. */
async function everythingSaid(): Promise<string> {
  const channels = await env.operator.GET("/api/admin/channels");
  const audit = await env.operator.GET("/api/audit", { params: { query: { limit: 200 } } });
  return JSON.stringify([channels.data, audit.data]);
}

describe("bedrock", () => {
  it("needs a region, takes its endpoint from it, and shows the access key only as a hint", async () => {
    const missing = await create({ kind: "bedrock", credentials: [`AKIAIOSFODNN7EXAMPLE:${AWS_SECRET}`], group_ids: [claudeGroup()] });
    expect(missing.response.status).toBe(400);
    expect(missing.error).toMatchObject({ error: { field: "region", message: expect.stringContaining("region") } });

    const made = await create({ kind: "bedrock", region: "us-west-2", credentials: [`AKIAIOSFODNN7EXAMPLE:${AWS_SECRET}`], group_ids: [claudeGroup()], model_mapping: { "claude-sonnet-4-5": "us.anthropic.claude-sonnet-4-5-20250929-v1:0" } });
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ kind: "bedrock", region: "us-west-2", base_url: "https://bedrock-runtime.us-west-2.amazonaws.com", project: null, api_version: null });
    expect(made.data!.credentials.hints[0]).toMatch(/^AKIA/);
    expect(made.data!.credentials.hints[0]).not.toContain("IOSFODNN7");
    expect(await everythingSaid()).not.toContain(AWS_SECRET);
  });

  it("refuses a credential not in one of its forms, naming the forms", async () => {
    for (const credential of ["AKIAIOSFODNN7EXAMPLE:", ":secret-only"]) {
      const refused = await create({ kind: "bedrock", region: "us-east-1", credentials: [credential], group_ids: [claudeGroup()] });
      expect(refused.response.status, credential).toBe(400);
      expect(refused.error, credential).toMatchObject({ error: { field: "credentials", message: expect.stringMatching(/ACCESS_KEY_ID|access key/i) } });
    }
    for (const credential of ["chain", "ABSKbedrock-api-key-example"]) {
      const made = await create({ kind: "bedrock", region: "us-east-1", credentials: [credential], group_ids: [claudeGroup()] });
      expect(made.response.status, credential).toBe(201);
    }
  });

  it("follows a new region to its endpoint, and stays on an endpoint of the operator's own", async () => {
    const onDefault = (await create({ kind: "bedrock", region: "us-east-1", credentials: ["chain"], group_ids: [claudeGroup()] })).data!;
    const moved = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(onDefault.id), body: { region: "eu-west-1" } });
    expect(moved.data).toMatchObject({ region: "eu-west-1", base_url: "https://bedrock-runtime.eu-west-1.amazonaws.com" });

    // As the console's form sends it: the new region with its endpoint, the credentials left as they are.
    const withEndpoint = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(onDefault.id), body: { region: "eu-central-1", base_url: "https://bedrock-runtime.eu-central-1.amazonaws.com" } });
    expect(withEndpoint.data).toMatchObject({ region: "eu-central-1", base_url: "https://bedrock-runtime.eu-central-1.amazonaws.com" });
    const elsewhere = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(onDefault.id), body: { base_url: "https://bedrock-proxy.example.net" } });
    expect(elsewhere.error).toMatchObject({ error: { field: "credentials" } });

    const own = "https://vpce-0abc-bedrock-runtime.us-east-1.vpce.amazonaws.com";
    const onOwn = (await create({ kind: "bedrock", region: "us-east-1", base_url: own, credentials: ["chain"], group_ids: [claudeGroup()] })).data!;
    const stayed = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(onOwn.id), body: { region: "us-east-2" } });
    expect(stayed.data).toMatchObject({ region: "us-east-2", base_url: own });
  });

  it("cannot serve a Gemini group: the binding is refused", async () => {
    const refused = await create({ kind: "bedrock", region: "us-east-1", credentials: ["chain"], group_ids: [env.groups.get("gemini-official")!.id] });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: { field: "group_ids" } });
  });
});

describe("vertex", () => {
  it("takes its project from the service-account key, its endpoint from the location, and shows the account's e-mail only", async () => {
    const key = serviceAccountKey("acme-ml-prod");
    const made = await create({ kind: "vertex", region: "global", credentials: [key], group_ids: [claudeGroup()] });
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ kind: "vertex", region: "global", project: "acme-ml-prod", base_url: "https://aiplatform.googleapis.com" });
    expect(made.data!.credentials.hints).toEqual(["relay@acme-ml-prod.iam.gserviceaccount.com"]);
    const regional = await create({ kind: "vertex", region: "us-east5", project: "other-project", credentials: [key], group_ids: [claudeGroup()] });
    expect(regional.data).toMatchObject({ project: "other-project", base_url: "https://us-east5-aiplatform.googleapis.com" });
    const said = await everythingSaid();
    expect(said).not.toContain("PRIVATE KEY");
    expect(said).not.toContain(JSON.parse(key).private_key.slice(40, 80));
  });

  it("needs a project when the key names none, and a service-account key as its credential", async () => {
    const noProject = await create({ kind: "vertex", region: "us-east5", credentials: [serviceAccountKey(undefined)], group_ids: [claudeGroup()] });
    expect(noProject.response.status).toBe(400);
    expect(noProject.error).toMatchObject({ error: { field: "project" } });
    const notAKey = await create({ kind: "vertex", region: "us-east5", project: "project-one", credentials: ["ya29.an-access-token"], group_ids: [claudeGroup()] });
    expect(notAKey.response.status).toBe(400);
    expect(notAKey.error).toMatchObject({ error: { field: "credentials", message: expect.stringMatching(/service.account/i) } });
  });
});

describe("azure-openai", () => {
  it("needs the resource's endpoint, keeps the api-version (an empty one clears it), and hides an Entra app's secret", async () => {
    const entra = JSON.stringify({ tenant_id: "00000000-0000-4000-8000-000000000001", client_id: "11111111-0000-4000-8000-000000000002", client_secret: ENTRA_SECRET });
    const noEndpoint = await create({ kind: "azure-openai", api_version: "2024-10-21", credentials: [entra], group_ids: [gptGroup()] });
    expect(noEndpoint.response.status).toBe(400);
    expect(noEndpoint.error).toMatchObject({ error: { field: "base_url" } });
    const made = await create({ kind: "azure-openai", base_url: "https://acme.openai.azure.com", api_version: "2024-10-21", credentials: [entra], group_ids: [gptGroup()], model_mapping: { "gpt-4o": "gpt4o-prod" } });
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ api_version: "2024-10-21", region: null });
    expect(made.data!.credentials.hints).toEqual(["Entra app 11111111-0000-4000-8000-000000000002"]);
    const cleared = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(made.data!.id), body: { api_version: "" } });
    expect(cleared.data!.api_version).toBeNull();
    const incomplete = await create({ kind: "azure-openai", base_url: "https://acme.openai.azure.com", credentials: [JSON.stringify({ tenant_id: "t", client_id: "c" })], group_ids: [gptGroup()] });
    expect(incomplete.response.status).toBe(400);
    expect(incomplete.error).toMatchObject({ error: { field: "credentials", message: expect.stringContaining("client_secret") } });
    expect(await everythingSaid()).not.toContain(ENTRA_SECRET);
  });
});

describe("the other kinds", () => {
  it("refuse a cloud's fields, naming them", async () => {
    for (const field of ["region", "project", "api_version"]) {
      const refused = await create({ kind: "anthropic", base_url: "http://127.0.0.1:9", credentials: ["sk-x"], group_ids: [claudeGroup()], [field]: field === "api_version" ? "2024-10-21" : "us-east-1" });
      expect(refused.response.status, field).toBe(400);
      expect(refused.error, field).toMatchObject({ error: { field } });
    }
  });
});
