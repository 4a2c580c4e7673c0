// AWS Signature Version 4 for Bedrock requests, by AWS's own signer (@smithy/signature-v4, the one
// the AWS SDKs sign with) and Node's native SHA-256. One signer per credential and region is kept:
// it caches the day's signing key, so a request costs its body's hash and two HMACs. Credentials
// from the environment's chain (variables, profile, SSO, container or instance role) come from the
// AWS SDK's default provider, loaded only when a channel asks for it; it refreshes them itself.
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import type { AwsCredentialIdentity, Provider } from "@smithy/types";
import { type BedrockCredential, bedrockCredential } from "../../../domain/channel-credentials.ts";

const sha256 = Hash.bind(null, "sha256");
const signers = new Map<string, SignatureV4>();
/** Signers are few (a channel's credentials × its region); a bound keeps a churn of edited channels from growing it. */
const maxSigners = 1_000;

let chain: Provider<AwsCredentialIdentity> | undefined;
async function environmentChain(): Promise<Provider<AwsCredentialIdentity>> {
  if (!chain) {
    const { defaultProvider } = await import("@aws-sdk/credential-provider-node");
    chain = defaultProvider();
  }
  return chain;
}

async function signerFor(credential: Exclude<BedrockCredential, { type: "api-key" }>, key: string, region: string): Promise<SignatureV4> {
  const id = `${region}\n${key}`;
  let signer = signers.get(id);
  if (signer) return signer;
  const credentials = credential.type === "chain" ? await environmentChain() : { accessKeyId: credential.accessKeyId, secretAccessKey: credential.secretAccessKey, sessionToken: credential.sessionToken };
  signer = new SignatureV4({ service: "bedrock", region, credentials, sha256, uriEscapePath: true, applyChecksum: false });
  if (signers.size >= maxSigners) signers.clear();
  signers.set(id, signer);
  return signer;
}

/**
 * Authorizes a Bedrock request in place: SigV4 headers (`authorization`, `x-amz-date`, and
 * `x-amz-security-token` for temporary keys) over its method, host, path, query, headers and body;
 * or, for a Bedrock API key, the bearer token.
 */
export async function authorizeBedrock(credentialText: string, region: string, url: string, headers: Record<string, string>, body: Buffer | string): Promise<void> {
  const credential = bedrockCredential(credentialText);
  if (credential.type === "api-key") {
    headers.authorization = `Bearer ${credential.apiKey}`;
    return;
  }
  const target = new URL(url);
  headers.host = target.host;
  const signer = await signerFor(credential, credentialText, region);
  const query: Record<string, string> = {};
  for (const [name, value] of target.searchParams) query[name] = value;
  const signed = await signer.sign({
    method: "POST",
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port ? Number(target.port) : undefined,
    path: target.pathname,
    query,
    headers,
    body,
  });
  for (const [name, value] of Object.entries(signed.headers)) headers[name] = value;
}
