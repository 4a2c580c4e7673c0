// TollgateError tells the wire format of an error body by its shape and exposes its code.
import { describe, expect, it } from "vitest";
import { TollgateError, unwrap } from "../../client/index.ts";

const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe("TollgateError", () => {
  it.each([
    ["family-a", { type: "error", error: { type: "not_found_error", message: "No model." } }, "not_found_error"],
    ["openai", { error: { message: "Bad key.", type: "invalid_request_error", param: null, code: "invalid_api_key" } }, "invalid_api_key"],
    ["family-c", { error: { code: 429, message: "Slow down.", status: "RESOURCE_EXHAUSTED" } }, "RESOURCE_EXHAUSTED"],
    ["console", { error: { code: "forbidden", message: "Only the operator can do this." } }, "forbidden"],
  ] as const)("reads a %s error body", (format, body, code) => {
    const error = new TollgateError(response(429, { "retry-after": "3", "request-id": "req_1" }), body);
    expect(error.detail.format).toBe(format);
    expect(error.code).toBe(code);
    expect(error.message).toBe(body.error.message);
    expect(error.retryAfterSeconds).toBe(3);
    expect(error.requestId).toBe("req_1");
  });

  it("keeps an unknown body as it is", () => {
    const error = new TollgateError(response(502), "Bad gateway");
    expect(error.detail).toEqual({ format: "unknown", body: "Bad gateway" });
    expect(error.code).toBe("http_502");
  });

  it("unwrap returns the data of a 2xx answer and throws otherwise", async () => {
    expect(await unwrap(Promise.resolve({ data: { ok: true }, response: response(200) }))).toEqual({ ok: true });
    await expect(unwrap(Promise.resolve({ error: { error: { code: "not_found", message: "No key." } }, response: response(404) }))).rejects.toBeInstanceOf(TollgateError);
  });
});
