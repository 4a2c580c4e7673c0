// AWS Signature Version 4 for Bedrock requests (docs.aws.amazon.com/IAM/latest/UserGuide/
// reference_sigv-create-signed-request.html), written for the one request shape Tollgate sends: a
// POST of a JSON body to a Bedrock Runtime path, signed over host, content-type, accept, x-amz-date
// and, for temporary keys, x-amz-security-token. It is signed here, synchronously, rather than by
// AWS's general signer (@smithy/signature-v4), which cost a small call more than the rest of the
// gateway did (bench/relay-overhead/clouds.ts); the mock Bedrock checks every signature with AWS's
// signer, and sigv4.test.ts holds this one to it. A request costs its body's SHA-256, the canonical
// request's, and one HMAC under the day's signing key, which is derived once per key, day and region.
// Credentials from the environment's chain (variables, profile, SSO, container or instance role)
// come from the AWS SDK's default provider, loaded only when a channel asks for it; it refreshes them.
import { createHmac, hash } from "node:crypto";
import type { AwsCredentialIdentity, Provider } from "@smithy/types";
import { type BedrockCredential, bedrockCredential } from "../../../domain/channel-credentials.ts";

const service = "bedrock";
/** Signing keys are few (a channel's keys × its region × the day); a bound keeps a churn of edited channels from growing them. */
const maxSigningKeys = 1_000;
const signingKeys = new Map<string, SigningKey>();

let chain: Provider<AwsCredentialIdentity> | undefined;
async function environmentChain(): Promise<AwsCredentialIdentity> {
  if (!chain) {
    const { defaultProvider } = await import("@aws-sdk/credential-provider-node");
    chain = defaultProvider();
  }
  return chain();
}

const hmac = (key: Buffer, text: string): Buffer => createHmac("sha256", key).update(text, "utf8").digest();
// One-shot hashing: half the cost of a Hash object for the few hundred bytes of a small call.
const sha256Hex = (data: Buffer | string): string => hash("sha256", data, "hex");

/**
 * The day's key as HMAC-SHA256's two padded blocks (RFC 2104: the key XOR 0x36 and XOR 0x5c), so
 * that a request's HMAC is two one-shot hashes. Node's Hmac object cost a busy worker about 35 µs
 * a call, more than the rest of the signature (results.md, round 31); sigv4.test.ts holds the
 * result to AWS's signer.
 */
type SigningKey = { inner: Buffer; outer: Buffer };
const blockBytes = 64;

function paddedBlocks(key: Buffer): SigningKey {
  const inner = Buffer.alloc(blockBytes, 0x36);
  const outer = Buffer.alloc(blockBytes, 0x5c);
  for (let at = 0; at < key.length; at++) {
    inner[at] ^= key[at];
    outer[at] ^= key[at];
  }
  return { inner, outer };
}

function hmacHex({ inner, outer }: SigningKey, text: string): string {
  const message = Buffer.from(text, "utf8");
  const innerHash = hash("sha256", Buffer.concat([inner, message], blockBytes + message.length), "buffer");
  return hash("sha256", Buffer.concat([outer, innerHash], blockBytes + innerHash.length), "hex");
}

/** The day's key for this secret and region: HMAC chained over the date, region, service and `aws4_request`. */
function signingKeyOf(secretAccessKey: string, day: string, region: string): SigningKey {
  const id = `${day}\n${region}\n${secretAccessKey}`;
  let key = signingKeys.get(id);
  if (!key) {
    const dated = hmac(Buffer.from(`AWS4${secretAccessKey}`, "utf8"), day);
    key = paddedBlocks(hmac(hmac(hmac(dated, region), service), "aws4_request"));
    if (signingKeys.size >= maxSigningKeys) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** RFC 3986 escaping as SigV4 asks: everything but unreserved characters, `!'()*` included. */
const escaped = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/** The path as Bedrock checks it: each segment of the path as sent, escaped once more (every service but S3 double-escapes). */
const canonicalPath = (path: string) => path.split("/").map(escaped).join("/");

function canonicalQuery(params: URLSearchParams): string {
  const pairs = [...params].map(([name, value]) => `${escaped(name)}=${escaped(value)}`);
  return pairs.sort().join("&");
}

/** `20261207T084512Z` and its day, worked out once a second (calls in the same second share it). */
let lastSecond = -1;
let lastStamp = { amzDate: "", day: "" };
function amzDateOf(now: Date): { amzDate: string; day: string } {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastSecond) {
    const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    lastStamp = { amzDate, day: amzDate.slice(0, 8) };
    lastSecond = second;
  }
  return lastStamp;
}

/** What a URL gives the canonical request: its host, and its path and query lines. A channel calls few URLs (a model's two). */
type Aim = { host: string; pathAndQuery: string };
const aims = new Map<string, Aim>();
function aimOf(url: string): Aim {
  let aim = aims.get(url);
  if (!aim) {
    const target = new URL(url);
    aim = { host: target.host, pathAndQuery: `${canonicalPath(target.pathname)}\n${canonicalQuery(target.searchParams)}` };
    if (aims.size >= maxSigningKeys) aims.clear();
    aims.set(url, aim);
  }
  return aim;
}

/** Whether SigV4 signs a header of this (lower-case) name: the ones Bedrock's requests carry that AWS's signer signs too. */
const isSigned = (name: string) => name === "host" || name === "content-type" || name === "accept" || name.startsWith("x-amz-");

/**
 * Signs a POST in place: `host`, `x-amz-date`, `x-amz-security-token` (temporary keys) and
 * `authorization` are set on `headers`, over its method, host, path, query, the headers named
 * above and the body's hash.
 */
export function signRequest(credentials: AwsCredentialIdentity, region: string, url: string, headers: Record<string, string>, body: Buffer | string, now = new Date()): void {
  const aim = aimOf(url);
  const { amzDate, day } = amzDateOf(now);
  headers.host = aim.host;
  headers["x-amz-date"] = amzDate;
  if (credentials.sessionToken) headers["x-amz-security-token"] = credentials.sessionToken;
  const signed: [string, string][] = [];
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (isSigned(lower)) signed.push([lower, headers[name].trim().replace(/\s+/g, " ")]);
  }
  signed.sort(([a], [b]) => (a < b ? -1 : 1));
  let canonicalHeaders = "";
  let signedHeaders = "";
  for (const [name, value] of signed) {
    canonicalHeaders += `${name}:${value}\n`;
    signedHeaders += signedHeaders === "" ? name : `;${name}`;
  }
  const canonicalRequest = `POST\n${aim.pathAndQuery}\n${canonicalHeaders}\n${signedHeaders}\n${sha256Hex(body)}`;
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256Hex(canonicalRequest)}`;
  const signature = hmacHex(signingKeyOf(credentials.secretAccessKey, day, region), stringToSign);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** A channel's credential text, parsed once: a call reads it from the channel as it was stored. */
const parsedCredentials = new Map<string, BedrockCredential>();
function credentialOf(text: string): BedrockCredential {
  let credential = parsedCredentials.get(text);
  if (!credential) {
    credential = bedrockCredential(text);
    if (parsedCredentials.size >= maxSigningKeys) parsedCredentials.clear();
    parsedCredentials.set(text, credential);
  }
  return credential;
}

/** Authorizes a Bedrock request in place: SigV4 (signRequest) from access keys or the environment's chain, or a Bedrock API key as the bearer token. */
export async function authorizeBedrock(credentialText: string, region: string, url: string, headers: Record<string, string>, body: Buffer | string): Promise<void> {
  const credential = credentialOf(credentialText);
  if (credential.type === "api-key") {
    headers.authorization = `Bearer ${credential.apiKey}`;
    return;
  }
  const credentials = credential.type === "chain" ? await environmentChain() : credential;
  signRequest(credentials, region, url, headers, body);
}
