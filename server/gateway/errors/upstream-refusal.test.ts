import { describe, expect, it } from "vitest";
import { credentialsRefused, pageless, refusalBody } from "./upstream-refusal.ts";

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
