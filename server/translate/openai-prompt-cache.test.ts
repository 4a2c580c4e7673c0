import { describe, expect, it } from "vitest";
import { codecs } from "./codecs.ts";
import { refusalOf } from "../../test/helpers/translation.ts";

// Chat and Responses callers speak of prompt caching with the same fields.
const callers = {
  chat: (extra: Record<string, unknown>) => codecs.chat.readRequest({ model: "m", messages: [{ role: "user", content: "hi" }], ...extra }, { stream: false, model: "m" }),
  responses: (extra: Record<string, unknown>) => codecs.responses.readRequest({ model: "m", input: "hi", ...extra }, { stream: false, model: "m" }),
};


describe.each(Object.entries(callers))("%s caller: the prompt caching it asks for", (_, read) => {
  it.each([
    [{}, undefined],
    [{ prompt_cache_key: null }, undefined],
    [{ prompt_cache_key: "" }, undefined],
    // Codex sends its session id as the key on every turn.
    [{ prompt_cache_key: "019a6f1-session" }, { ttl: "5m" }],
    [{ prompt_cache_key: "s", prompt_cache_retention: "in_memory" }, { ttl: "5m" }],
    [{ prompt_cache_retention: "in_memory" }, undefined],
    // Extended retention (a day) and a 12-hour lifetime: Anthropic's longest, an hour.
    [{ prompt_cache_key: "s", prompt_cache_retention: "24h" }, { ttl: "1h" }],
    [{ prompt_cache_retention: "24h" }, { ttl: "1h" }],
    [{ prompt_cache_key: "s", prompt_cache_options: { ttl: "12h" } }, { ttl: "1h" }],
    [{ prompt_cache_key: "s", prompt_cache_options: { mode: "implicit", ttl: "30m", prewarm: false, comparison_response_id: "resp_1" } }, { ttl: "5m" }],
    // Explicit mode caches only the caller's own breakpoints, which translation does not carry: none of ours.
    [{ prompt_cache_key: "s", prompt_cache_options: { mode: "explicit" } }, undefined],
  ])("%j → %j", (fields, expected) => {
    expect(read(fields).promptCache).toEqual(expected);
  });

  it.each([
    [{ prompt_cache_key: 7 }, "prompt_cache_key"],
    [{ prompt_cache_retention: "forever" }, "prompt_cache_retention"],
    [{ prompt_cache_options: "on" }, "prompt_cache_options"],
    [{ prompt_cache_options: { ttl: "1w" } }, "prompt_cache_options.ttl"],
    [{ prompt_cache_options: { prewarm: true } }, "prompt_cache_options.prewarm"],
  ])("refuses %j naming %s", (fields, field) => {
    expect(refusalOf(() => read(fields)).field).toBe(field);
  });
});
