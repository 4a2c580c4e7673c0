import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entraAccessToken, forgetToken, googleAccessToken, TokenRefused } from "./access-tokens.ts";

type Grant = { path: string; form: URLSearchParams };

let server: Server;
let base = "";
const grants: Grant[] = [];
let answer: (grant: Grant) => { status: number; body: object } = () => ({ status: 200, body: { access_token: `token-${grants.length}`, expires_in: 3600 } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const grant = { path: req.url ?? "", form: new URLSearchParams(text) };
      grants.push(grant);
      const { status, body } = answer(grant);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function serviceAccount(email: string) {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return JSON.stringify({ type: "service_account", project_id: "p", private_key_id: "kid-1", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), client_email: email, token_uri: `${base}/token` });
}

describe("Google service-account tokens", () => {
  it("are bought with a JWT the account signs for its token URI and the cloud-platform scope, then held", async () => {
    const key = serviceAccount("held@p.iam.gserviceaccount.com");
    const from = grants.length;
    const first = await googleAccessToken(key);
    expect(await googleAccessToken(key)).toBe(first);
    expect(grants.length).toBe(from + 1);
    const grant = grants[from];
    expect(grant.form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const claims = decodeJwt(grant.form.get("assertion")!);
    expect(claims).toMatchObject({ iss: "held@p.iam.gserviceaccount.com", sub: "held@p.iam.gserviceaccount.com", aud: `${base}/token`, scope: "https://www.googleapis.com/auth/cloud-platform" });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it("near its expiry, the held token still answers while a new one is bought behind the call", async () => {
    answer = () => ({ status: 200, body: { access_token: `short-${grants.length}`, expires_in: 120 } });
    const key = serviceAccount("short@p.iam.gserviceaccount.com");
    const first = await googleAccessToken(key);
    const from = grants.length;
    expect(googleAccessToken(key)).toBe(first); // synchronously: the call waits for nothing
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(grants.length).toBe(from + 1);
    expect(googleAccessToken(key)).not.toBe(first);
    answer = () => ({ status: 200, body: { access_token: `token-${grants.length}`, expires_in: 3600 } });
  });

  it("is bought again once forgotten (the upstream refused it)", async () => {
    const key = serviceAccount("forgot@p.iam.gserviceaccount.com");
    const first = await googleAccessToken(key);
    forgetToken("google", key);
    expect(await googleAccessToken(key)).not.toBe(first);
  });

  it("a refused grant says the endpoint's words and no secret", async () => {
    answer = () => ({ status: 400, body: { error: "invalid_grant", error_description: "Invalid JWT Signature." } });
    const key = serviceAccount("refused@p.iam.gserviceaccount.com");
    const refused = await Promise.resolve(googleAccessToken(key)).catch((error) => error);
    expect(refused).toBeInstanceOf(TokenRefused);
    expect(refused.message).toBe("the token endpoint answered 400 (invalid_grant: Invalid JWT Signature.)");
    expect(refused.message).not.toContain("PRIVATE");
    answer = () => ({ status: 200, body: { access_token: `token-${grants.length}`, expires_in: 3600 } });
  });
});

describe("Microsoft Entra ID tokens", () => {
  it("are bought with the app's client credentials for Azure's scope at its tenant's endpoint", async () => {
    const app = JSON.stringify({ tenant_id: "tenant-1", client_id: "client-1", client_secret: "secret-1", authority_host: base });
    const from = grants.length;
    const token = await entraAccessToken(app);
    expect(await entraAccessToken(app)).toBe(token);
    expect(grants.length).toBe(from + 1);
    expect(grants[from].path).toBe("/tenant-1/oauth2/v2.0/token");
    expect(Object.fromEntries(grants[from].form)).toEqual({ grant_type: "client_credentials", client_id: "client-1", client_secret: "secret-1", scope: "https://cognitiveservices.azure.com/.default" });
  });

  it("are refused for an API key, which needs none", () => {
    expect(() => entraAccessToken("plain-azure-api-key")).toThrow(TokenRefused);
  });
});
