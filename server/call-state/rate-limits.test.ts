import { describe, expect, it } from "vitest";
import { type RateLimits, type RateScope, hasLimits, rateBook, windowMs } from "./rate-limits.ts";

const limits = (partial: Partial<RateLimits>): RateLimits => ({ rpm: null, tpm: null, concurrent: null, ...partial });
const scope = (id: string, partial: Partial<RateLimits>): RateScope => ({ id, limits: limits(partial) });
const t0 = 1_700_000_000_000;

describe("rate book", () => {
  it("admits exactly rpm calls in a window, refuses the rest until it resets, and then admits again", () => {
    const book = rateBook();
    const scopes = [scope("key:k", { rpm: 30 })];
    let admitted = 0;
    const refusals: number[] = [];
    for (let i = 0; i < 100; i++) {
      const answer = book.admit(scopes, t0 + i * 100);
      if (answer.admitted) {
        admitted++;
        book.end(answer.ticket, 0, t0 + i * 100);
      } else {
        expect(answer).toMatchObject({ limit: "rpm", scope: "key:k" });
        refusals.push(answer.retryAfterSeconds);
      }
    }
    expect(admitted).toBe(30);
    // The window began with the first call: the last refusal (at 9.9 s) waits the rest of the minute.
    expect(refusals.at(-1)).toBe(Math.ceil((windowMs - 9_900) / 1000));
    expect(book.admit(scopes, t0 + windowMs - 1).admitted).toBe(false);
    expect(book.admit(scopes, t0 + windowMs).admitted).toBe(true);
  });

  it("reports the tightest limit's figures: remaining after this call, and the window's reset", () => {
    const book = rateBook();
    const scopes = [scope("key:k", { rpm: 10, tpm: 1_000 }), scope("org:o", { rpm: 5 }), scope("group:g:org:o", { tpm: 500 })];
    const first = book.admit(scopes, t0);
    expect(first).toMatchObject({
      admitted: true,
      figures: { requests: { limit: 5, remaining: 4, resetAt: t0 + windowMs }, tokens: { limit: 500, remaining: 500, resetAt: t0 + windowMs } },
    });
    if (!first.admitted) throw new Error("refused");
    book.end(first.ticket, 120, t0 + 10);
    expect(book.admit(scopes, t0 + 20).figures.tokens).toEqual({ limit: 500, remaining: 380, resetAt: t0 + windowMs });
  });

  it("enforces TPM on metered tokens: admitted while under the limit, refused once settled calls reach it", () => {
    const book = rateBook();
    const scopes = [scope("key:k", { tpm: 100 })];
    const a = book.admit(scopes, t0);
    const b = book.admit(scopes, t0 + 1);
    if (!a.admitted || !b.admitted) throw new Error("refused");
    book.end(a.ticket, 60, t0 + 2);
    expect(book.admit(scopes, t0 + 3).admitted).toBe(true); // 60 < 100
    book.end(b.ticket, 60, t0 + 4); // 120: past the limit (a call's real tokens always count)
    const refused = book.admit(scopes, t0 + 5_000);
    expect(refused).toMatchObject({ admitted: false, limit: "tpm", retryAfterSeconds: 55, figures: { tokens: { limit: 100, remaining: 0 } } });
    expect(book.admit(scopes, t0 + windowMs).admitted).toBe(true);
  });

  it("limits calls in flight, released by end", () => {
    const book = rateBook();
    const scopes = [scope("key:k", { concurrent: 2 })];
    const a = book.admit(scopes, t0);
    const b = book.admit(scopes, t0);
    expect(a.admitted && b.admitted).toBe(true);
    expect(book.admit(scopes, t0)).toMatchObject({ admitted: false, limit: "concurrent", retryAfterSeconds: 1 });
    if (!a.admitted) throw new Error("refused");
    book.end(a.ticket, 0, t0 + 1);
    expect(book.admit(scopes, t0 + 2).admitted).toBe(true);
    expect(book.inFlight("key:k")).toBe(2);
  });

  it("counts in every scope or in none: a refusal in one scope leaves the others untouched", () => {
    const book = rateBook();
    const key = scope("key:k", { rpm: 100, concurrent: 100 });
    const org = scope("org:o", { rpm: 1 });
    expect(book.admit([key, org], t0).admitted).toBe(true);
    expect(book.admit([key, org], t0)).toMatchObject({ admitted: false, limit: "rpm", scope: "org:o" });
    expect(book.inFlight("key:k")).toBe(1);
    expect(book.admit([key], t0).figures.requests).toMatchObject({ limit: 100, remaining: 98 });
  });

  it("releases the calls in flight of a holder that is gone, and no other's", () => {
    const book = rateBook();
    const scopes = [scope("key:k", { concurrent: 2 })];
    book.admit(scopes, t0, "w1");
    book.admit(scopes, t0, "w2");
    expect(book.admit(scopes, t0, "w2").admitted).toBe(false);
    book.dropHolder("w1");
    expect(book.inFlight("key:k")).toBe(1);
    expect(book.admit(scopes, t0, "w2").admitted).toBe(true);
  });

  it("keeps plain, serializable state and forgets idle counters", () => {
    const book = rateBook();
    const answer = book.admit([scope("key:k", { rpm: 3 })], t0, "w1");
    if (!answer.admitted) throw new Error("refused");
    expect(JSON.parse(JSON.stringify(book.state()))).toEqual({ "key:k": { start: t0, requests: 1, tokens: 0, inFlight: { w1: 1 } } });
    // A book rebuilt from that state carries on where it was.
    const copy = rateBook(JSON.parse(JSON.stringify(book.state())));
    copy.admit([scope("key:k", { rpm: 3 })], t0 + 1, "w1");
    expect(copy.admit([scope("key:k", { rpm: 3 })], t0 + 2, "w1").figures.requests?.remaining).toBe(0);
    book.sweep(t0 + windowMs);
    expect(book.state()["key:k"]).toBeDefined(); // still in flight
    book.end(answer.ticket, 5, t0 + windowMs + 1, "w1");
    book.sweep(t0 + 2 * windowMs + 1);
    expect(book.state()).toEqual({});
  });

  it("knows a scope without any limit", () => {
    expect(hasLimits(limits({}))).toBe(false);
    expect(hasLimits(null)).toBe(false);
    expect(hasLimits(limits({ concurrent: 1 }))).toBe(true);
  });
});
