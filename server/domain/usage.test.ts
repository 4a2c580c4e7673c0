import { describe, expect, it } from "vitest";
import { billableTokens, tokenCount, usageFromAnthropic, usageFromChat, usageFromGemini, usageFromResponses } from "./usage.ts";

describe("usage normalization (wire-formats.md §6.1)", () => {
  it("Family A: input is uncached only; cache reads and writes apart", () => {
    expect(usageFromAnthropic({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 3, cache_creation_input_tokens: 2 })).toEqual({
      input: 10,
      output: 5,
      cacheRead: 3,
      cacheWrite: 2,
      cacheWrite1h: 0,
      reasoning: 0,
    });
  });

  it("Family A: 1-hour cache writes are counted apart, inside the cache writes", () => {
    const usage = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 30, cache_creation: { ephemeral_5m_input_tokens: 12, ephemeral_1h_input_tokens: 18 } };
    expect(usageFromAnthropic(usage)).toMatchObject({ cacheWrite: 30, cacheWrite1h: 18 });
    expect(billableTokens(usageFromAnthropic(usage))).toEqual({ input: 10, output: 5, cache_read: 0, cache_write: 12, cache_write_1h: 18 });
    // The SDK types cache_creation `CacheCreation | null`; older responses have none.
    expect(usageFromAnthropic({ ...usage, cache_creation: null })).toMatchObject({ cacheWrite: 30, cacheWrite1h: 0 });
  });

  it("Family A streams: message_delta's total cache writes keep message_start's 1-hour split", () => {
    const usage = usageFromAnthropic({ input_tokens: 25, output_tokens: 1, cache_creation_input_tokens: 40, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 40 } });
    usageFromAnthropic({ input_tokens: 25, output_tokens: 42, cache_creation_input_tokens: 40, cache_read_input_tokens: 0 }, usage);
    expect(usage).toMatchObject({ output: 42, cacheWrite: 40, cacheWrite1h: 40 });
  });

  it("Family A: a split claiming more 1-hour writes than writes in all is held to the total", () => {
    const usage = usageFromAnthropic({ input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 5, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 9 } });
    expect(usage).toMatchObject({ cacheWrite: 5, cacheWrite1h: 5 });
    expect(billableTokens(usage)).toMatchObject({ cache_write: 0, cache_write_1h: 5 });
  });

  it("Family A streams: message_delta's cumulative output replaces message_start's provisional one", () => {
    const usage = usageFromAnthropic({ input_tokens: 25, output_tokens: 1, cache_read_input_tokens: 0 });
    usageFromAnthropic({ output_tokens: 42 }, usage);
    expect(usage).toMatchObject({ input: 25, output: 42 });
  });

  it("Family A streams: a message_delta whose input_tokens is null keeps message_start's input", () => {
    // The SDK types message_delta's input_tokens `number | null`; null is not a count of zero.
    const usage = usageFromAnthropic({ input_tokens: 2000, output_tokens: 1, cache_read_input_tokens: 300 });
    usageFromAnthropic({ input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens: 300 }, usage);
    expect(usage).toMatchObject({ input: 2000, output: 300, cacheRead: 300 });
  });

  it("chat: prompt_tokens include cached tokens; completion_tokens include reasoning", () => {
    expect(
      usageFromChat({ prompt_tokens: 19, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 6 } }),
    ).toEqual({ input: 15, output: 10, cacheRead: 4, cacheWrite: 0, cacheWrite1h: 0, reasoning: 6 });
  });

  it("responses: the same with input/output names", () => {
    expect(usageFromResponses({ input_tokens: 36, output_tokens: 87, input_tokens_details: { cached_tokens: 6 }, output_tokens_details: { reasoning_tokens: 20 } })).toEqual({
      input: 30,
      output: 87,
      cacheRead: 6,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 20,
    });
  });

  it("Family C: thoughts count as output beside candidates; tool-use prompt tokens as input", () => {
    expect(usageFromGemini({ promptTokenCount: 5, candidatesTokenCount: 2, thoughtsTokenCount: 3, cachedContentTokenCount: 1, toolUsePromptTokenCount: 4 })).toEqual({
      input: 8,
      output: 5,
      cacheRead: 1,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 3,
    });
  });

  it("missing usage is zero, never NaN", () => {
    expect(usageFromChat(undefined)).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 });
    expect(usageFromGemini({})).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 });
  });
});

describe("tokenCount: what a faulty upstream reports is made fit to bill", () => {
  it.each([
    [42, 42],
    [0, 0],
    [12.5, 13],
    [0.1, 1],
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER],
    ["12", 0],
    [null, 0],
    [undefined, 0],
  ])("%o counts as %i", (reported, counted) => {
    expect(tokenCount(reported)).toBe(counted);
  });

  it("a fraction in a usage object is rounded up, a negative count is zero", () => {
    expect(usageFromChat({ prompt_tokens: 10.2, completion_tokens: -4, prompt_tokens_details: { cached_tokens: 2 } })).toEqual({ input: 9, output: 0, cacheRead: 2, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 });
  });
});
