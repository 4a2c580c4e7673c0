// The cloud channel kinds in the console, in a real browser (docs/cloud-channels.md): the operator
// adds an AWS Bedrock channel (a region preset, `ACCESS_KEY_ID:SECRET_ACCESS_KEY`), a Google Vertex
// AI channel (a pasted service-account JSON key whose project_id becomes the channel's project) and
// an Azure OpenAI channel (endpoint and api-version); a missing region or project and a malformed
// credential are refused with a message that names the field. What was saved is read back from the
// card, the edit form and GET /api/admin/channels; no secret is ever shown. No request reaches a
// cloud: the channels are only configured, and the service account's token URI is a closed local port.
import { generateKeyPairSync } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, freePort, startTollgate } from "../helpers/tollgate.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let tollgate: Tollgate;
let browser: Browser;
let operator: Console;
let page: Page;

const accessKeyId = "AKIAEXAMPLE7Q2W1234";
const secretAccessKey = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYzzXq9W";

const projectId = "tollgate-vertex-test";
const clientEmail = `relay@${projectId}.iam.gserviceaccount.com`;
/** A service account's JSON key as Google's console downloads it (pretty-printed, several lines), with a fresh RSA key. */
function serviceAccountKey(tokenUri: string, fields: { project_id?: string } = { project_id: projectId }): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  return JSON.stringify(
    {
      type: "service_account",
      ...fields,
      private_key_id: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c",
      private_key: privateKey,
      client_email: clientEmail,
      client_id: "109876543210987654321",
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: tokenUri,
    },
    null,
    2,
  );
}

const azureKey = "3f9c1d2e4b5a69788796a5b4c3d2e1f0";

async function storedChannel(name: string) {
  const { data, error } = await operator.GET("/api/admin/channels");
  if (error) throw new Error(JSON.stringify(error));
  const channel = data.data.find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`no channel "${name}" in ${data.data.map((candidate) => candidate.name).join(", ")}`);
  return channel;
}

/** The form's error note, once it says something. */
async function alertOf(form: Locator): Promise<string> {
  const alert = form.getByRole("alert");
  await alert.waitFor();
  return alert.innerText();
}

/** The card of the channel the form just added; while there is none, what the form says instead (so a refusal fails the test with its words). */
async function addedCard(form: Locator, name: string): Promise<Locator> {
  const card = page.locator(`[data-channel="${name}"]`);
  const state = async () => ((await card.count()) > 0 ? "added" : (await form.getByRole("alert").allInnerTexts()).join(" ") || "not yet");
  await expect.poll(state, { timeout: 10_000 }).toBe("added");
  return card;
}

suite(skipped ? `cloud channels in the console (skipped: ${skipped})` : "cloud channels in the console", () => {
  let tokenUri: string;

  beforeAll(async () => {
    tollgate = await startTollgate();
    operator = await signInOperator(tollgate.url);
    // Nothing listens there: the token the catalog fetches ahead of the first call is refused at once, and nothing leaves the machine.
    tokenUri = `http://127.0.0.1:${await freePort()}/token`;
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Channels" }).waitFor();
    await page.goto(`${tollgate.url}/#/operator/channels`);
    await page.getByText("New channel").click();
    // The groups have loaded: the form offers the default kind's.
    await page.getByRole("form", { name: "Create a channel" }).getByLabel("Claude Smart Preferred").waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
  });

  const newForm = () => page.getByRole("form", { name: "Create a channel" });

  it("a Bedrock channel: refused without a region and with a malformed key, each naming the field; then added with a region preset, its hint showing no secret", async () => {
    const form = newForm();
    await form.getByLabel("Kind").selectOption("bedrock");
    // The region field offers Bedrock's presets and says it is required.
    const region = form.getByLabel("Region");
    const presets = await region.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
    expect(presets).toEqual(expect.arrayContaining(["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-northeast-1"]));
    expect(presets).not.toContain("global");
    expect(await form.innerText()).toContain("Required: the AWS region");
    expect(await form.innerText()).toContain("ACCESS_KEY_ID:SECRET_ACCESS_KEY");
    const groups = await form.getByRole("group", { name: "Groups it serves" }).innerText();
    expect(groups).toContain("Claude Smart Preferred");
    expect(groups).not.toContain("GPT Trial");
    expect(groups).not.toContain("Gemini");

    await form.getByLabel("Name").fill("Bedrock eu");
    await form.getByLabel("Credentials").fill(`${accessKeyId}:${secretAccessKey}`);
    await form.getByLabel("Model mapping (optional)").fill("claude-haiku-4-5=eu.anthropic.claude-haiku-4-5-20251001-v1:0");
    await form.getByLabel("Claude Smart Preferred").check();
    await form.getByRole("button", { name: "Add channel" }).click();
    expect(await alertOf(form)).toMatch(/`region` is required for a bedrock channel/);

    // A region preset, and the base URL the form says it will default to.
    await region.fill("eu-west-1");
    expect(await form.innerText()).toContain("Empty: defaults from the region (https://bedrock-runtime.eu-west-1.amazonaws.com)");
    // An access key id with its secret missing is not a Bedrock API key: the form is named.
    await form.getByLabel("Credentials").fill(`${accessKeyId}:`);
    await form.getByRole("button", { name: "Add channel" }).click();
    await expect.poll(() => alertOf(form)).toMatch(/`credentials\[0\]`: a Bedrock credential is ACCESS_KEY_ID:SECRET_ACCESS_KEY/);
    await form.getByLabel("Credentials").fill(`${accessKeyId}:${secretAccessKey}:`);
    await form.getByRole("button", { name: "Add channel" }).click();
    await expect.poll(() => alertOf(form)).toMatch(/`credentials\[0\]`: a Bedrock credential is/);
    expect(await storedChannel("Bedrock eu").catch(() => null)).toBeNull();
    await shoot(page, "channel-form-bedrock");

    await form.getByLabel("Credentials").fill(`${accessKeyId}:${secretAccessKey}`);
    await form.getByRole("button", { name: "Add channel" }).click();
    const card = await addedCard(form, "Bedrock eu");
    const text = await card.innerText();
    expect(text).toContain("AWS Bedrock");
    expect(text).toContain("https://bedrock-runtime.eu-west-1.amazonaws.com");
    expect(text).toContain("claude-haiku-4-5 → eu.anthropic.claude-haiku-4-5-20251001-v1:0");
    // The hint is the access key id's ends; the secret, nor any part of it, appears anywhere on the page.
    expect(text).toContain("AKIA…1234");
    const html = await page.content();
    expect(html).not.toContain(secretAccessKey);
    expect(html).not.toContain(secretAccessKey.slice(-4));
    expect(html).not.toContain(accessKeyId);

    const stored = await storedChannel("Bedrock eu");
    expect(stored).toMatchObject({
      kind: "bedrock",
      region: "eu-west-1",
      project: null,
      api_version: null,
      base_url: "https://bedrock-runtime.eu-west-1.amazonaws.com",
      credentials: { count: 1, hints: ["AKIA…1234"] },
      model_mapping: { "claude-haiku-4-5": "eu.anthropic.claude-haiku-4-5-20251001-v1:0" },
    });
    expect(JSON.stringify(stored)).not.toContain(secretAccessKey);

    // The edit form shows the saved region.
    await card.getByRole("button", { name: "Edit Bedrock eu" }).click();
    const edit = page.getByRole("form", { name: "Edit Bedrock eu" });
    expect(await edit.getByLabel("Region").inputValue()).toBe("eu-west-1");
    expect(await edit.innerText()).toContain("Now 1 (AKIA…1234)");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await edit.waitFor({ state: "detached" });
  });

  it("a Vertex AI channel: a key without project_id needs a project (named); a pasted key's project_id becomes the project", async () => {
    const form = newForm();
    await form.getByLabel("Kind").selectOption("vertex");
    const region = form.getByLabel("Region");
    // Bedrock's region is no Vertex AI location: the field starts empty again.
    expect(await region.inputValue()).toBe("");
    const presets = await region.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
    expect(presets).toEqual(expect.arrayContaining(["global", "us-east5", "europe-west1"]));
    const groups = await form.getByRole("group", { name: "Groups it serves" }).innerText();
    expect(groups).toContain("Claude Official Premium");
    expect(groups).toContain("Gemini Official");

    await form.getByLabel("Name").fill("Vertex global");
    await region.fill("global");
    expect(await form.innerText()).toContain("Empty: defaults from the region (https://aiplatform.googleapis.com)");
    await form.getByLabel("Model mapping (optional)").fill("claude-haiku-4-5=claude-haiku-4-5@20251001");
    await form.getByLabel("Claude Official Premium").check();

    // Not a service account's key at all.
    const key = form.getByLabel("Service account key");
    await key.fill('{"type": "authorized_user", "client_id": "x"}');
    await form.getByRole("button", { name: "Add channel" }).click();
    expect(await alertOf(form)).toMatch(/`credentials\[0\]`: a Vertex AI credential is a service account's JSON key/);

    // A key that names no project, with the project left empty.
    await key.fill(serviceAccountKey(tokenUri, {}));
    expect(await form.getByLabel("Project").getAttribute("placeholder")).toBeNull();
    await form.getByRole("button", { name: "Add channel" }).click();
    await expect.poll(() => alertOf(form)).toMatch(/`project` is required for a vertex channel whose service account key names no `project_id`/);

    // The downloaded key, pasted as it is (several lines): the form says the project it will use.
    await key.fill(serviceAccountKey(tokenUri));
    const project = form.getByLabel("Project");
    expect(await project.inputValue()).toBe("");
    expect(await project.getAttribute("placeholder")).toBe(projectId);
    expect(await form.innerText()).toContain(`Empty: the key's project_id (${projectId})`);
    await shoot(page, "channel-form-vertex");
    await form.getByRole("button", { name: "Add channel" }).click();

    const card = await addedCard(form, "Vertex global");
    const text = await card.innerText();
    expect(text).toContain("Google Vertex AI (Claude, Gemini)");
    expect(text).toContain("https://aiplatform.googleapis.com");
    // The service account's e-mail is its hint: an identity, not a secret.
    expect(text).toContain(clientEmail);
    expect(await page.content()).not.toContain("PRIVATE KEY");

    const stored = await storedChannel("Vertex global");
    expect(stored).toMatchObject({
      kind: "vertex",
      region: "global",
      project: projectId,
      api_version: null,
      base_url: "https://aiplatform.googleapis.com",
      credentials: { count: 1, hints: [clientEmail] },
      model_mapping: { "claude-haiku-4-5": "claude-haiku-4-5@20251001" },
    });
    expect(JSON.stringify(stored)).not.toContain("PRIVATE KEY");

    await card.getByRole("button", { name: "Edit Vertex global" }).click();
    const edit = page.getByRole("form", { name: "Edit Vertex global" });
    expect(await edit.getByLabel("Region").inputValue()).toBe("global");
    expect(await edit.getByLabel("Project").inputValue()).toBe(projectId);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await edit.waitFor({ state: "detached" });
  });

  it("an Azure OpenAI channel: endpoint and api-version saved; a malformed Entra app is refused naming the field; an empty api-version moves it to /openai/v1/", async () => {
    const form = newForm();
    await form.getByLabel("Kind").selectOption("azure-openai");
    expect(await form.getByLabel("Region").count()).toBe(0);
    expect(await form.getByLabel("Project").count()).toBe(0);
    expect(await form.innerText()).toContain("Required: the resource's endpoint");
    const groups = await form.getByRole("group", { name: "Groups it serves" }).innerText();
    expect(groups).toContain("GPT Trial");
    expect(groups).not.toContain("Claude");

    await form.getByLabel("Name").fill("Azure east");
    await form.getByLabel("Base URL").fill("https://tollgate-test.openai.azure.com");
    await form.getByLabel("API version (optional)").fill("2024-10-21");
    await form.getByLabel("Model mapping (optional)").fill("gpt-4.1=prod-gpt41");
    await form.getByLabel("GPT Trial", { exact: true }).check();
    // An Entra ID app pasted over several lines, without its secret.
    await form.getByLabel("Credentials").fill('{\n  "tenant_id": "00000000-0000-0000-0000-000000000001",\n  "client_id": "00000000-0000-0000-0000-000000000002"\n}');
    await form.getByRole("button", { name: "Add channel" }).click();
    expect(await alertOf(form)).toMatch(/`credentials\[0\]`: an Azure OpenAI credential is the resource's API key, or a Microsoft Entra ID app as JSON/);
    await shoot(page, "channel-form-azure");

    await form.getByLabel("Credentials").fill(azureKey);
    await form.getByRole("button", { name: "Add channel" }).click();
    const card = await addedCard(form, "Azure east");
    const text = await card.innerText();
    expect(text).toContain("Azure OpenAI (Chat Completions, Responses)");
    expect(text).toContain("https://tollgate-test.openai.azure.com");
    expect(text).toContain("gpt-4.1 → prod-gpt41");
    expect(text).toContain(`…${azureKey.slice(-4)}`);
    expect(await page.content()).not.toContain(azureKey);
    expect(await storedChannel("Azure east")).toMatchObject({
      kind: "azure-openai",
      region: null,
      project: null,
      api_version: "2024-10-21",
      base_url: "https://tollgate-test.openai.azure.com",
      credentials: { count: 1, hints: [`…${azureKey.slice(-4)}`] },
    });

    // Emptied on an edit, the api-version is taken back: the channel uses the version-less v1 API.
    await card.getByRole("button", { name: "Edit Azure east" }).click();
    const edit = page.getByRole("form", { name: "Edit Azure east" });
    const version = edit.getByLabel("API version (optional)");
    expect(await version.inputValue()).toBe("2024-10-21");
    await version.fill("");
    await edit.getByRole("button", { name: "Save channel" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(async () => (await storedChannel("Azure east")).api_version).toBeNull();
    expect((await storedChannel("Azure east")).credentials.count).toBe(1);
    await shoot(page, "channels-clouds");
  });
});
