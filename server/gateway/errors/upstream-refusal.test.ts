import { describe, expect, it } from "vitest";
import { credentialsRefused, gaveUp, pageless, refusalBody } from "./upstream-refusal.ts";

describe("an upstream's refusal", () => {
  it("names refused credentials in each family's spelling, and nothing else", () => {
    const geminiBadKey = JSON.stringify({ error: { code: 400, message: "API key not valid.", status: "INVALID_ARGUMENT", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }] } });
    expect(credentialsRefused(401, "")).toBe(true);
    expect(credentialsRefused(403, "")).toBe(true);
    expect(credentialsRefused(400, geminiBadKey)).toBe(true);
    // A prompt that mentions the reason is the request's own fault.
    expect(credentialsRefused(400, JSON.stringify({ error: { message: "bad field API_KEY_INVALID" } }))).toBe(false);
    expect(credentialsRefused(400, "")).toBe(false);
  });

  it("says the upstream gave the call up: a 499, or Google's ABORTED or CANCELLED, and no other conflict", () => {
    expect(gaveUp(409, JSON.stringify({ error: { code: 409, message: "The operation was aborted.", status: "ABORTED" } }))).toBe(true);
    expect(gaveUp(499, JSON.stringify({ error: { code: 499, message: "The operation was cancelled.", status: "CANCELLED" } }))).toBe(true);
    expect(gaveUp(409, JSON.stringify([{ error: { code: 409, message: "The operation was aborted.", status: "ABORTED" } }]))).toBe(true);
    expect(gaveUp(499, "")).toBe(true);
    expect(gaveUp(409, JSON.stringify({ error: { code: 409, message: "Already exists.", status: "ALREADY_EXISTS" } }))).toBe(false);
    // A request that mentions the words is the request's own.
    expect(gaveUp(400, JSON.stringify({ error: { message: "field ABORTED is not allowed", status: "INVALID_ARGUMENT" } }))).toBe(false);
    expect(gaveUp(409, "")).toBe(false);
  });

  it("is said in the interface's shape, its own shape kept, and never as an HTML page", () => {
    const anthropic = JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "max_tokens: too large" } });
    expect(refusalBody("anthropic", 400, anthropic, "req_1")).toBe(anthropic);
    expect(JSON.parse(refusalBody("anthropic", 400, JSON.stringify({ detail: "bad input" }), "req_1"))).toEqual({ type: "error", error: { type: "invalid_request_error", message: "bad input" }, request_id: "req_1" });
    expect(JSON.parse(refusalBody("gemini", 400, "<html>internal 10.1.2.3</html>", "")).error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
    expect(refusalBody("gemini", 400, "<html>internal 10.1.2.3</html>", "")).not.toMatch(/10\.1\.2\.3/);
    expect(JSON.parse(refusalBody("openai", 422, "model field is required", "")).error.message).toBe("model field is required");
    expect(pageless("  <!DOCTYPE html><p>x</p>", 400)).toMatch(/without saying why/);
  });
});
