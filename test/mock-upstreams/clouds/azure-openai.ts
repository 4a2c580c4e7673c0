// Mock Azure OpenAI, a front over the OpenAI mock, with Microsoft Entra ID's token endpoint:
//   POST /{tenant}/oauth2/v2.0/token                                   client credentials → a bearer token
//   POST /openai/deployments/{deployment}/chat/completions?api-version=…
//   POST /openai/v1/chat/completions | /openai/v1/responses            the deployment as `model`
// As Azure checks (learn.microsoft.com/azure/ai-foundry/openai/reference, …/api-version-lifecycle):
// the resource's `api-key` or a live Entra token for its scope; an `api-version` it serves on the
// deployments path (none: 404 "Resource not found"), none or `preview` on v1; a deployment it has.
// Answers carry Azure's content-filter annotations; scenarios refuse a prompt (400 `content_filter`
// with the categories flagged) or cut a completion (`finish_reason: "content_filter"`).
import { randomBytes } from "node:crypto";
import { startOpenAIMock } from "../openai.ts";
import type { Exchange } from "../server.ts";
import { startMock } from "../server.ts";
import { type Behind, behindOrOwn, type FrontMock, forward, relayAnswer, sendCloudJson, withInner } from "./front.ts";

export const AZURE_API_VERSIONS = ["2024-10-21", "2024-12-01-preview", "2025-01-01-preview", "2025-03-01-preview", "2025-04-01-preview"];

export type EntraApp = { tenantId: string; clientId: string; clientSecret: string };

export type AzureOpenAIMockOptions = {
  apiKey: string;
  /** Deployment name → the model it runs. */
  deployments: Record<string, string>;
  apps?: EntraApp[];
  delayMs?: number;
  /** The OpenAI-speaking mock behind; by default the front starts an OpenAI mock of its own. */
  behind?: Behind;
};

export type AzureOpenAIMock = FrontMock & { expireTokens: () => void; grants: { clientId: string; granted: boolean }[] };

const azureError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { code, message, ...extra } });

const safe = { filtered: false, severity: "safe" };
const passedFilters = { hate: safe, self_harm: safe, sexual: safe, violence: safe };

/** Azure's 400 for a prompt its content filter refused. */
export const contentFilterRefusal = {
  error: {
    message:
      "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
    type: null,
    param: "prompt",
    code: "content_filter",
    status: 400,
    innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: { ...passedFilters, violence: { filtered: true, severity: "medium" } } },
  },
};

export async function startAzureOpenAIMock(options: AzureOpenAIMockOptions): Promise<AzureOpenAIMock> {
  const inner = await behindOrOwn(options.behind, (apiKey) => startOpenAIMock({ apiKey, delayMs: options.delayMs }), "azure-inner");
  const tokens = new Map<string, number>();
  const grants: AzureOpenAIMock["grants"] = [];

  const front = await startMock(async (ex) => {
    const { req, request, res } = ex;
    const tokenRoute = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(request.path);
    if (tokenRoute) return grant(ex, decodeURIComponent(tokenRoute[1]));

    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    const keyed = req.headers["api-key"] === options.apiKey;
    const tokenLive = bearer !== undefined && (tokens.get(bearer) ?? 0) > Date.now();
    if (!keyed && !tokenLive) {
      return sendCloudJson(res, 401, azureError("401", "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource."));
    }

    const deploymentRoute = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(request.path);
    const v1Route = /^\/openai\/v1\/(chat\/completions|responses)$/.exec(request.path);
    if (request.method !== "POST" || (!deploymentRoute && !v1Route)) return sendCloudJson(res, 404, azureError("404", "Resource not found"));
    const version = request.query["api-version"];
    if (deploymentRoute) {
      if (version === undefined) return sendCloudJson(res, 404, azureError("404", "Resource not found"));
      if (!AZURE_API_VERSIONS.includes(version)) return sendCloudJson(res, 400, azureError("BadRequest", "API version not supported"));
    } else if (version !== undefined && version !== "preview" && version !== "v1") {
      return sendCloudJson(res, 400, azureError("BadRequest", `API version '${version}' is not supported on the v1 API; leave it out or use 'preview'.`));
    }
    const body = request.body;
    if (typeof body !== "object" || body === null) return sendCloudJson(res, 400, azureError("BadRequest", "The request body is not valid JSON."));
    const deployment = deploymentRoute ? decodeURIComponent(deploymentRoute[1]) : body.model;
    const model = typeof deployment === "string" ? options.deployments[deployment] : undefined;
    if (!model) {
      return sendCloudJson(res, 404, azureError("DeploymentNotFound", "The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again."));
    }
    if (ex.scenario === "content-filter") return sendCloudJson(res, 400, contentFilterRefusal);

    const responses = v1Route?.[1] === "responses";
    const answer = await forward(ex, inner.mock, responses ? "/v1/responses" : "/v1/chat/completions", { ...body, model }, { authorization: `Bearer ${inner.apiKey}` });
    if (responses || !answer.ok) return relayAnswer(res, answer);
    if (body.stream === true) return streamChat(ex, answer);
    const completion = await answer.json();
    completion.prompt_filter_results = [{ prompt_index: 0, content_filter_results: passedFilters }];
    for (const choice of completion.choices ?? []) {
      choice.content_filter_results = passedFilters;
      if (ex.scenario === "content-filter-completion") choice.finish_reason = "content_filter";
    }
    sendCloudJson(res, 200, completion, { "apim-request-id": randomBytes(8).toString("hex") });
  });

  async function grant(ex: Exchange, tenantId: string): Promise<void> {
    const form = new URLSearchParams(ex.request.raw);
    const clientId = form.get("client_id") ?? "";
    const app = options.apps?.find((app) => app.tenantId === tenantId && app.clientId === clientId);
    const refuse = (status: number, error: string, description: string) => {
      grants.push({ clientId, granted: false });
      sendCloudJson(ex.res, status, { error, error_description: description });
    };
    if (form.get("grant_type") !== "client_credentials") return refuse(400, "unsupported_grant_type", "AADSTS70003: The app requested an unsupported grant type.");
    if (!app) return refuse(400, "unauthorized_client", `AADSTS700016: Application with identifier '${clientId}' was not found in the directory '${tenantId}'.`);
    if (form.get("client_secret") !== app.clientSecret) return refuse(401, "invalid_client", `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`);
    if (form.get("scope") !== "https://cognitiveservices.azure.com/.default") return refuse(400, "invalid_scope", "AADSTS70011: The provided value for the input parameter 'scope' is not valid.");
    const token = `eyJ0eXAiOiJKV1Qi.mock-${randomBytes(12).toString("hex")}`;
    tokens.set(token, Date.now() + 3599_000);
    grants.push({ clientId, granted: true });
    sendCloudJson(ex.res, 200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: token });
  }

  const mock = withInner(front, inner);
  return {
    ...mock,
    grants,
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}

/** Azure's chat stream: the prompt's filter results first (a chunk with no choices), then the model's chunks with their own. */
async function streamChat(ex: Exchange, answer: Response): Promise<void> {
  const { res } = ex;
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.write(`data: ${JSON.stringify({ choices: [], created: 0, id: "", model: "", object: "", prompt_filter_results: [{ prompt_index: 0, content_filter_results: passedFilters }] })}\n\n`);
  const decoder = new TextDecoder();
  try {
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) return;
      let text = decoder.decode(chunk, { stream: true });
      if (ex.scenario === "content-filter-completion") text = text.replace(/"finish_reason":"stop"/g, '"finish_reason":"content_filter"');
      res.write(text);
    }
    res.end();
  } catch {
    res.destroy();
  }
}
