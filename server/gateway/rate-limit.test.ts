import { describe, expect, it } from "vitest";
import { goDuration, rfc3339 } from "./rate-limit.ts";

describe("rate-limit header formats", () => {
  it("writes resets as OpenAI does: Go durations", () => {
    expect(goDuration(0)).toBe("0s");
    expect(goDuration(-5)).toBe("0s");
    expect(goDuration(12)).toBe("12ms");
    expect(goDuration(1_000)).toBe("1s");
    expect(goDuration(1_500)).toBe("1.5s");
    expect(goDuration(42_000)).toBe("42s");
    expect(goDuration(60_000)).toBe("1m0s");
    expect(goDuration(360_000)).toBe("6m0s");
    expect(goDuration(83_250)).toBe("1m23.25s");
    expect(goDuration(3_723_000)).toBe("1h2m3s");
  });

  it("writes resets as Anthropic does: RFC 3339 in whole seconds, never early", () => {
    expect(rfc3339(Date.UTC(2025, 7, 21, 12, 40, 59))).toBe("2025-08-21T12:40:59Z");
    expect(rfc3339(Date.UTC(2025, 7, 21, 12, 40, 59, 1))).toBe("2025-08-21T12:41:00Z");
  });
});
