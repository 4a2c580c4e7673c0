// What a channel's credential is, by its kind: most are one API key, but the clouds sign or
// trade for tokens, and take their credentials in their own forms. Parsed once where they are
// entered (a 400 that says what form is expected) and where the relay loads them; hinted without
// revealing what would let anyone call the upstream.

/**
 * A Bedrock credential: AWS access keys (`ACCESS_KEY_ID:SECRET_ACCESS_KEY`, with `:SESSION_TOKEN`
 * for temporary ones) signed with SigV4; `chain`, the environment's AWS credential chain (its
 * variables, profile, SSO, container or instance role); or a Bedrock API key (no colon), sent
 * as a bearer token.
 */
export type BedrockCredential =
  | { type: "keys"; accessKeyId: string; secretAccessKey: string; sessionToken?: string }
  | { type: "chain" }
  | { type: "api-key"; apiKey: string };

/** A Google service account's JSON key, traded for OAuth2 access tokens at its token URI. */
export type ServiceAccount = { clientEmail: string; privateKey: string; privateKeyId?: string; tokenUri: string; projectId?: string };

/** An Azure OpenAI credential: the resource's API key, or a Microsoft Entra ID app (client credentials) traded for tokens. */
export type AzureCredential =
  | { type: "api-key"; apiKey: string }
  | { type: "entra"; tenantId: string; clientId: string; clientSecret: string; authorityHost: string };

export class CredentialFormError extends Error {}

const googleTokenUri = "https://oauth2.googleapis.com/token";
const entraAuthority = "https://login.microsoftonline.com";

export function bedrockCredential(text: string): BedrockCredential {
  const trimmed = text.trim();
  if (trimmed === "chain") return { type: "chain" };
  if (!trimmed.includes(":")) {
    if (trimmed === "") throw new CredentialFormError("a Bedrock credential is empty");
    return { type: "api-key", apiKey: trimmed };
  }
  const [accessKeyId, secretAccessKey, sessionToken, ...rest] = trimmed.split(":");
  if (!accessKeyId || !secretAccessKey || rest.length > 0 || sessionToken === "") {
    throw new CredentialFormError("a Bedrock credential is ACCESS_KEY_ID:SECRET_ACCESS_KEY (with :SESSION_TOKEN for temporary keys), `chain` for the environment's AWS credentials, or a Bedrock API key");
  }
  return sessionToken ? { type: "keys", accessKeyId, secretAccessKey, sessionToken } : { type: "keys", accessKeyId, secretAccessKey };
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function serviceAccount(text: string): ServiceAccount {
  const key = jsonObject(text);
  if (!key || key.type !== "service_account" || typeof key.client_email !== "string" || typeof key.private_key !== "string") {
    throw new CredentialFormError(
      "a Vertex AI credential is a service account's JSON key (IAM → Service accounts → Keys → Add key → JSON), with `type: service_account`, `client_email` and `private_key`",
    );
  }
  if (!key.private_key.includes("PRIVATE KEY-----")) throw new CredentialFormError("the service account's `private_key` is not a PEM private key");
  const tokenUri = typeof key.token_uri === "string" && /^https?:\/\//.test(key.token_uri) ? key.token_uri : googleTokenUri;
  return {
    clientEmail: key.client_email,
    privateKey: key.private_key,
    privateKeyId: typeof key.private_key_id === "string" ? key.private_key_id : undefined,
    tokenUri,
    projectId: typeof key.project_id === "string" ? key.project_id : undefined,
  };
}

export function azureCredential(text: string): AzureCredential {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) {
    if (trimmed === "") throw new CredentialFormError("an Azure OpenAI credential is empty");
    return { type: "api-key", apiKey: trimmed };
  }
  const app = jsonObject(trimmed);
  const field = (name: string) => (typeof app?.[name] === "string" && app[name] !== "" ? (app[name] as string) : undefined);
  const tenantId = field("tenant_id");
  const clientId = field("client_id");
  const clientSecret = field("client_secret");
  if (!tenantId || !clientId || !clientSecret) {
    throw new CredentialFormError(
      'an Azure OpenAI credential is the resource\'s API key, or a Microsoft Entra ID app as JSON: {"tenant_id": …, "client_id": …, "client_secret": …} (optionally "authority_host")',
    );
  }
  const authorityHost = (field("authority_host") ?? entraAuthority).replace(/\/+$/, "");
  return { type: "entra", tenantId, clientId, clientSecret, authorityHost };
}

/** Checks a credential's form for its kind; throws CredentialFormError saying the form expected. */
export function checkCredential(kind: string, text: string): void {
  if (kind === "bedrock") bedrockCredential(text);
  else if (kind === "vertex") serviceAccount(text);
  else if (kind === "azure-openai") azureCredential(text);
}

/**
 * What the console shows of a credential: the last four characters of a key; for AWS keys, the
 * access key id's last four (the secret's own are not shown); for a service account, its e-mail
 * (an identity, not a secret); for an Entra app, its client id.
 */
export function credentialHint(kind: string, text: string): string {
  const last4 = (value: string) => `…${value.slice(-4)}`;
  try {
    if (kind === "bedrock") {
      const credential = bedrockCredential(text);
      if (credential.type === "chain") return "AWS credential chain";
      return credential.type === "keys" ? `${credential.accessKeyId.slice(0, 4)}${last4(credential.accessKeyId)}` : last4(credential.apiKey);
    }
    if (kind === "vertex") return serviceAccount(text).clientEmail;
    if (kind === "azure-openai") {
      const credential = azureCredential(text);
      return credential.type === "entra" ? `Entra app ${credential.clientId}` : last4(credential.apiKey);
    }
  } catch {
    // A credential stored before its form was checked: hinted as any key is.
  }
  return last4(text);
}
