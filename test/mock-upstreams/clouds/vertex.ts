// Mock Google Vertex AI, a front over the Anthropic and Gemini mocks, with the OAuth2 token
// endpoint a service account trades its signed JWT at (RFC 7523):
//   POST /token                                    a JWT-bearer grant → an access token
//   POST /v1/projects/{p}/locations/{l}/publishers/anthropic/models/{m}:rawPredict | :streamRawPredict
//   POST /v1/projects/{p}/locations/{l}/publishers/anthropic/models/count-tokens:rawPredict
//   POST /v1/projects/{p}/locations/{l}/publishers/google/models/{m}:generateContent | :streamGenerateContent | :countTokens
// As Vertex checks: the JWT's RS256 signature by the key of the account it names, its audience (the
// token URI), its lifetime and the cloud-platform scope; a live token on every call (401
// UNAUTHENTICATED once expired); the project and a location it serves; for Claude the
// `anthropic_version: vertex-2023-10-16` and the model in the path, not the body.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { startAnthropicMock } from "../anthropic.ts";
import { startGeminiMock } from "../gemini.ts";
import { type Exchange, type Mock, startMock } from "../server.ts";
import { type Behind, behindOrOwn, type FrontMock, forward, relayAnswer, sendCloudJson, withInner } from "./front.ts";

export const VERTEX_ANTHROPIC_VERSION = "vertex-2023-10-16";
export const VERTEX_LOCATIONS = ["global", "us-east5", "us-central1", "europe-west1", "asia-southeast1"];

/** The beta flags Vertex AI takes for Claude (its Claude feature pages); any other is refused, naming it. Not imported from the gateway. */
export const VERTEX_BETAS = new Set([
  "computer-use-2025-01-24",
  "computer-use-2025-11-24",
  "context-1m-2025-08-07",
  "context-management-2025-06-27",
  "compact-2026-01-12",
  "compact-2026-09-04",
  "dangerous-tool-use-2026-09-03",
  "effort-2025-11-24",
  "interleaved-thinking-2025-05-14",
  "per-turn-control-2026-07-01",
  "thinking-binding-controls-2026-08-01",
  "thinking-display-updates-2026-08-18",
  "tool-search-tool-2025-10-19",
  "web-search-2025-03-05",
]);

export type VertexMock = FrontMock & {
  gemini: Mock;
  /** A service-account key (JSON) this mock's token endpoint trusts, for `project`. */
  serviceAccountKey: (name?: string) => string;
  /** Token grants it answered, in order (the account's e-mail), refused ones included. */
  grants: { clientEmail: string; granted: boolean }[];
  /** Ends every access token issued so far, as a revocation or an elapsed hour would. */
  expireTokens: () => void;
};

export type VertexMockOptions = {
  project: string;
  delayMs?: number;
  tokenLifetimeSeconds?: number;
  /** The mocks behind for Claude (Anthropic's wire) and Gemini; by default the front starts its own. */
  behind?: { anthropic: Behind; gemini: Behind };
};

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

const anthropicError = (message: string) => ({ type: "error", error: { type: "invalid_request_error", message } });

export async function startVertexMock(options: VertexMockOptions): Promise<VertexMock> {
  const anthropic = await behindOrOwn(options.behind?.anthropic, (apiKey) => startAnthropicMock({ apiKey, delayMs: options.delayMs }), "vertex-inner");
  const gemini = await behindOrOwn(options.behind?.gemini, (apiKey) => startGeminiMock({ apiKey, delayMs: options.delayMs }), "vertex-inner");
  const publicKeys = new Map<string, string>(); // client e-mail → SPKI PEM
  const tokens = new Map<string, number>(); // access token → expiry (ms)
  const grants: VertexMock["grants"] = [];
  let tokenUri = "";

  const front = await startMock(async (ex) => {
    const { req, request, res } = ex;
    if (request.path === "/token") return grant(ex);
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    const expiry = token ? tokens.get(token) : undefined;
    if (expiry === undefined || expiry <= Date.now()) {
      return sendCloudJson(res, 401, googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential."), { "www-authenticate": 'Bearer realm="https://accounts.google.com/"' });
    }
    const route = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(anthropic|google)\/models\/([^/:]+):(\w+)$/.exec(request.path);
    if (request.method !== "POST" || !route) return sendCloudJson(res, 404, googleError(404, "NOT_FOUND", `The requested URL ${request.path} was not found on this server.`));
    const [, project, location, publisher, encodedModel, method] = route;
    const model = decodeURIComponent(encodedModel);
    if (decodeURIComponent(project) !== options.project) {
      return sendCloudJson(res, 403, googleError(403, "PERMISSION_DENIED", `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${project}/locations/${location}/publishers/${publisher}/models/${model}' (or it may not exist).`));
    }
    if (!VERTEX_LOCATIONS.includes(decodeURIComponent(location))) return sendCloudJson(res, 400, googleError(400, "INVALID_ARGUMENT", `Location ${location} is not supported.`));
    if (ex.scenario === "quota-429") {
      return sendCloudJson(res, 429, googleError(429, "RESOURCE_EXHAUSTED", `Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: ${model}. Please submit a quota increase request.`));
    }
    if (ex.scenario === "unavailable-503") return sendCloudJson(res, 503, googleError(503, "UNAVAILABLE", "The service is currently unavailable."));
    return publisher === "anthropic" ? claude(ex, model, method) : geminiCall(ex, model, method);
  });

  async function grant(ex: Exchange): Promise<void> {
    const form = new URLSearchParams(ex.request.raw);
    const refuse = (error: string, description: string) => {
      grants.push({ clientEmail, granted: false });
      sendCloudJson(ex.res, 400, { error, error_description: description });
    };
    let clientEmail = "";
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return refuse("unsupported_grant_type", "Invalid grant_type.");
    const assertion = form.get("assertion") ?? "";
    try {
      clientEmail = JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString("utf8")).iss ?? "";
    } catch {
      return refuse("invalid_grant", "Invalid JWT: malformed.");
    }
    const pem = publicKeys.get(clientEmail);
    if (!pem) return refuse("invalid_grant", "Invalid grant: account not found");
    try {
      const { payload } = await jwtVerify(assertion, await importSPKI(pem, "RS256"), { issuer: clientEmail, audience: tokenUri, algorithms: ["RS256"], maxTokenAge: "1h" });
      if (!String(payload.scope ?? "").split(" ").includes("https://www.googleapis.com/auth/cloud-platform")) return refuse("invalid_scope", "Invalid OAuth scope or ID token audience provided.");
    } catch (error) {
      const expired = (error as { code?: string }).code === "ERR_JWT_EXPIRED";
      return refuse("invalid_grant", expired ? "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe." : "Invalid JWT Signature.");
    }
    const token = `ya29.mock-${randomBytes(12).toString("hex")}`;
    const lifetime = options.tokenLifetimeSeconds ?? 3599;
    tokens.set(token, Date.now() + lifetime * 1000);
    grants.push({ clientEmail, granted: true });
    sendCloudJson(ex.res, 200, { access_token: token, expires_in: lifetime, token_type: "Bearer" });
  }

  async function claude(ex: Exchange, model: string, method: string): Promise<void> {
    const { res, request } = ex;
    const countTokens = model === "count-tokens" && method === "rawPredict";
    if (!countTokens && method !== "rawPredict" && method !== "streamRawPredict") return sendCloudJson(res, 404, googleError(404, "NOT_FOUND", `Method ${method} is not found.`));
    const body = request.body;
    if (typeof body !== "object" || body === null) return sendCloudJson(res, 400, googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
    if (body.anthropic_version !== VERTEX_ANTHROPIC_VERSION) return sendCloudJson(res, 400, anthropicError(`anthropic_version: Input should be '${VERTEX_ANTHROPIC_VERSION}'`));
    if (!countTokens && "model" in body) return sendCloudJson(res, 400, anthropicError("model: Extra inputs are not permitted (the model is named in the path)"));
    if (countTokens && typeof body.model !== "string") return sendCloudJson(res, 400, anthropicError("model: Field required"));
    const { anthropic_version: _version, ...messages } = body;
    const stream = method === "streamRawPredict";
    const innerModel = countTokens ? String(body.model).replace(/@.*$/, "") : model.replace(/@.*$/, "");
    const headers: Record<string, string> = { "x-api-key": anthropic.apiKey, "anthropic-version": "2023-06-01" };
    const beta = ex.req.headers["anthropic-beta"];
    if (typeof beta === "string") {
      const unexpected = beta.split(",").map((flag) => flag.trim()).filter((flag) => !VERTEX_BETAS.has(flag));
      if (unexpected.length > 0) {
        return sendCloudJson(res, 400, anthropicError(`Unexpected value(s) \`${unexpected.join("`, `")}\` for the \`anthropic-beta\` header. Please consult our documentation at docs.anthropic.com or try again without the header.`));
      }
      headers["anthropic-beta"] = beta;
    }
    const answer = await forward(ex, anthropic.mock, countTokens ? "/v1/messages/count_tokens" : "/v1/messages", { ...messages, model: innerModel, ...(stream ? { stream: true } : {}) }, headers);
    await relayAnswer(res, answer);
  }

  async function geminiCall(ex: Exchange, model: string, method: string): Promise<void> {
    if (!["generateContent", "streamGenerateContent", "countTokens"].includes(method)) return sendCloudJson(ex.res, 404, googleError(404, "NOT_FOUND", `Method ${method} is not found.`));
    const query = method === "streamGenerateContent" && ex.request.query.alt === "sse" ? "?alt=sse" : "";
    const answer = await forward(ex, gemini.mock, `/v1beta/models/${encodeURIComponent(model)}:${method}${query}`, ex.request.body, { "x-goog-api-key": gemini.apiKey });
    await relayAnswer(ex.res, answer);
  }

  tokenUri = `${front.url}/token`;
  const mock = withInner(front, anthropic);
  return {
    ...mock,
    gemini: gemini.mock,
    grants,
    serviceAccountKey(name = "tollgate-relay") {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const clientEmail = `${name}-${randomBytes(3).toString("hex")}@${options.project}.iam.gserviceaccount.com`;
      publicKeys.set(clientEmail, publicKey.export({ type: "spki", format: "pem" }).toString());
      return JSON.stringify({
        type: "service_account",
        project_id: options.project,
        private_key_id: randomBytes(20).toString("hex"),
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        client_email: clientEmail,
        client_id: String(100000000000000000000n + BigInt(randomBytes(4).readUInt32BE(0))),
        auth_uri: "https://accounts.google.com/o/oauth2/auth",
        token_uri: tokenUri,
      });
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    async close() {
      await mock.close();
      if (gemini.owned) await gemini.mock.close();
    },
  };
}
