// What an AWS service front checks and writes, by AWS's own libraries: the SigV4 signature of a
// request recomputed with @smithy/signature-v4 from the secret the mock knows (so a wrong secret,
// a changed body or a header changed after signing is refused as AWS refuses it), and messages of
// the binary event-stream framing written with @smithy/eventstream-codec (prelude and message CRCs
// included). Errors are AWS's restJson1 shape: the type in `x-amzn-errortype`, `{"message"}` as body.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";

export type AwsAccessKey = { secretAccessKey: string; sessionToken?: string };
export type AwsError = { status: number; type: string; message: string };

const sha256 = Hash.bind(null, "sha256");
/** AWS refuses a signature dated more than five minutes away from its clock. */
const clockSkewMs = 5 * 60_000;
const authorizationGrammar = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9\-;]+), ?Signature=([0-9a-f]{64})$/;

export function sendAwsError(res: ServerResponse, error: AwsError): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify({ message: error.message });
  res.writeHead(error.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "x-amzn-errortype": `${error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    "x-amzn-requestid": "00000000-0000-4000-8000-000000000000",
  });
  res.end(text);
}

const amzDate = (text: string): Date | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  return match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6])) : undefined;
};

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

export type SignedRequest = { method: string; rawUrl: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * Null when the request carries a valid SigV4 signature by one of `keys` for this region and
 * service (or, where `bearerTokens` holds it, a Bedrock API key); else the error AWS answers.
 */
export async function checkSigV4(
  request: SignedRequest,
  options: { keys: Record<string, AwsAccessKey>; region: string; service: string; bearerTokens?: readonly string[] },
): Promise<AwsError | null> {
  const authorization = headerText(request.headers.authorization) ?? "";
  if (authorization.startsWith("Bearer ")) {
    return options.bearerTokens?.includes(authorization.slice(7)) ? null : { status: 403, type: "UnrecognizedClientException", message: "Invalid API Key format: Must start with pre-defined prefix" };
  }
  if (authorization === "") return { status: 403, type: "MissingAuthenticationTokenException", message: "Missing Authentication Token" };
  const parts = authorizationGrammar.exec(authorization);
  if (!parts) return { status: 403, type: "IncompleteSignatureException", message: `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters.` };
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = parts;
  const key = options.keys[accessKeyId];
  if (!key) return { status: 403, type: "UnrecognizedClientException", message: "The security token included in the request is invalid." };
  const sessionToken = headerText(request.headers["x-amz-security-token"]);
  if (key.sessionToken !== undefined && sessionToken !== key.sessionToken) return { status: 403, type: "UnrecognizedClientException", message: "The security token included in the request is invalid." };
  if (region !== options.region) return { status: 403, type: "InvalidSignatureException", message: `Credential should be scoped to a valid region. ` };
  if (service !== options.service) return { status: 403, type: "InvalidSignatureException", message: `Credential should be scoped to correct service: '${options.service}'. ` };
  const signedAt = amzDate(headerText(request.headers["x-amz-date"]) ?? "");
  if (!signedAt || !signedAt.toISOString().replace(/-/g, "").startsWith(day)) return { status: 403, type: "IncompleteSignatureException", message: "Date must be in ISO-8601 'basic format'." };
  if (Math.abs(Date.now() - signedAt.getTime()) > clockSkewMs) return { status: 403, type: "InvalidSignatureException", message: "Signature expired: the request's date is more than 5 minutes from the server's time." };

  // The signer takes a sent `x-amz-content-sha256` as the body's hash, so the body is held to it here, as AWS does.
  const contentHash = headerText(request.headers["x-amz-content-sha256"]);
  if (contentHash !== undefined && contentHash !== createHash("sha256").update(request.body).digest("hex")) {
    return { status: 403, type: "InvalidSignatureException", message: "The request signature we calculated does not match the signature you provided: x-amz-content-sha256 is not the body's hash." };
  }
  const signedNames = signedHeaderList.split(";");
  if (!signedNames.includes("host")) return { status: 403, type: "InvalidSignatureException", message: "'Host' must be a 'SignedHeader' in the AWS Authorization." };
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = headerText(request.headers[name]);
    if (value === undefined) return { status: 403, type: "InvalidSignatureException", message: `The request signature we calculated does not match the signature you provided: signed header ${name} is missing.` };
    headers[name] = value;
  }
  const url = new URL(request.rawUrl, `http://${headers.host}`);
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0] : values;
  }
  const signer = new SignatureV4({ service, region, credentials: { accessKeyId, secretAccessKey: key.secretAccessKey, sessionToken: key.sessionToken }, sha256, uriEscapePath: true, applyChecksum: false });
  const recomputed = await signer.sign(
    { method: request.method, protocol: "http:", hostname: url.hostname, port: url.port ? Number(url.port) : undefined, path: url.pathname, query, headers, body: request.body },
    { signingDate: signedAt, signableHeaders: new Set(signedNames) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(recomputed.headers.authorization))?.[1];
  if (expected !== signature) {
    return {
      status: 403,
      type: "InvalidSignatureException",
      message: "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.",
    };
  }
  return null;
}

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"),
  (text) => Buffer.from(text, "utf8"),
);

const stringHeader = (value: string) => ({ type: "string" as const, value });

/** A `chunk` event as InvokeModelWithResponseStream writes one: the model's event, base64, under `bytes` (and the padding `p` Bedrock adds). */
export function chunkMessage(event: string): Buffer {
  const payload = JSON.stringify({ bytes: Buffer.from(event, "utf8").toString("base64"), p: "abcdefghijklmnopqrstuvwxyzABCDEF".slice(0, (event.length % 17) + 1) });
  return Buffer.from(
    codec.encode({
      headers: { ":event-type": stringHeader("chunk"), ":content-type": stringHeader("application/json"), ":message-type": stringHeader("event") },
      body: Buffer.from(payload, "utf8"),
    }),
  );
}

/** An exception message of the stream (`validationException`, `throttlingException`, `modelStreamErrorException`, …). */
export function exceptionMessage(type: string, message: string): Buffer {
  return Buffer.from(
    codec.encode({
      headers: { ":exception-type": stringHeader(type), ":content-type": stringHeader("application/json"), ":message-type": stringHeader("exception") },
      body: Buffer.from(JSON.stringify({ message }), "utf8"),
    }),
  );
}

type DecodedStream<E> = { events: E[]; exception?: { type: string; message: string } };

/** An event stream's messages, each its `:event-type` and JSON payload, up to an exception that ends it. */
function decodeMessages(bytes: Buffer): DecodedStream<{ type: string; payload: Record<string, any> }> {
  const events: { type: string; payload: Record<string, any> }[] = [];
  let rest = bytes;
  while (rest.length >= 16) {
    const total = rest.readUInt32BE(0);
    const message = codec.decode(rest.subarray(0, total));
    rest = rest.subarray(total);
    const header = (name: string) => String(message.headers[name]?.value ?? "");
    const payload = JSON.parse(Buffer.from(message.body).toString("utf8"));
    if (header(":message-type") === "exception") return { events, exception: { type: header(":exception-type"), message: payload.message } };
    events.push({ type: header(":event-type"), payload });
  }
  return { events };
}

/** The model events of an InvokeModel event stream (each `chunk`'s decoded bytes), and its exception if it ended with one: for tests to read what a mock sent. */
export function decodeEventStream(bytes: Buffer): DecodedStream<string> {
  const { events, exception } = decodeMessages(bytes);
  return { events: events.map(({ payload }) => Buffer.from(payload.bytes, "base64").toString("utf8")), exception };
}

/** An event message as ConverseStream writes one: `:event-type` names it, the payload is the event's JSON itself (with Bedrock's padding `p`). */
export function eventMessage(eventType: string, payload: Record<string, unknown>): Buffer {
  const body = JSON.stringify({ ...payload, p: "abcdefghijklmnopqrstuvwxyzABCDEF".slice(0, (eventType.length % 17) + 1) });
  return Buffer.from(
    codec.encode({
      headers: { ":event-type": stringHeader(eventType), ":content-type": stringHeader("application/json"), ":message-type": stringHeader("event") },
      body: Buffer.from(body, "utf8"),
    }),
  );
}

/** A ConverseStream answer's events (`:event-type` and payload), and its exception if it ended with one: for tests to read what a mock sent. */
export const decodeConverseStream = decodeMessages;
