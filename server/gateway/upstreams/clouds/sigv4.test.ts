// Tollgate's SigV4 held to AWS's own signer (@smithy/signature-v4, as the AWS SDKs sign): the same
// headers, for the same request at the same instant, over the paths, queries, keys and bodies
// Bedrock's calls have.
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import { describe, expect, it } from "vitest";
import { signRequest } from "./sigv4.ts";

const at = new Date("2026-12-07T08:45:12.345Z");
const permanent = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
const temporary = { ...permanent, accessKeyId: "ASIAIOSFODNN7EXAMPLE", sessionToken: "FwoGZXIvYXdzEJr//////////session+token=" };

async function awsHeaders(credentials: typeof temporary | typeof permanent, region: string, url: string, body: string) {
  const target = new URL(url);
  const query: Record<string, string> = {};
  for (const [name, value] of target.searchParams) query[name] = value;
  const signer = new SignatureV4({ service: "bedrock", region, credentials, sha256: Hash.bind(null, "sha256"), uriEscapePath: true, applyChecksum: false });
  const signed = await signer.sign(
    { method: "POST", protocol: target.protocol, hostname: target.hostname, port: target.port ? Number(target.port) : undefined, path: target.pathname, query, headers: { host: target.host, "content-type": "application/json", accept: "application/json" }, body },
    { signingDate: at },
  );
  return signed.headers;
}

describe("signRequest", () => {
  it.each([
    ["a model id with its version", permanent, "us-east-1", "https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-5-20250929-v1:0/invoke"],
    ["an inference profile, streamed", permanent, "eu-west-1", "https://bedrock-runtime.eu-west-1.amazonaws.com/model/eu.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream"],
    ["an application profile's ARN, escaped in the path", temporary, "us-west-2", "https://bedrock-runtime.us-west-2.amazonaws.com/model/arn%3Aaws%3Abedrock%3Aus-west-2%3A123456789012%3Aapplication-inference-profile%2Fabc/converse"],
    ["a loopback endpoint with a port and a query", temporary, "us-east-1", "http://127.0.0.1:4567/model/meta.llama3-3-70b-instruct-v1:0/converse-stream?b=2&a=1%20x"],
  ])("signs %s as AWS's signer does", async (_name, credentials, region, url) => {
    const body = JSON.stringify({ anthropic_version: "bedrock-2023-05-31", max_tokens: 64, messages: [{ role: "user", content: "Hé, (quotes) 'and' *stars*" }] });
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    signRequest(credentials, region, url, headers, body, at);
    expect(headers).toEqual(await awsHeaders(credentials, region, url, body));
  });
});
