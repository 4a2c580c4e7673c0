// The owner's book of rate-limit counters: requests per minute (RPM), tokens per minute (TPM) and
// calls in flight (concurrency), per scope — an API key, an organization, or one organization's
// calls through a group. Pure bookkeeping, no I/O, and the limits come with each call (from the
// relay's catalog snapshot), so the book never reads configuration.
//
// Windows: a fixed one-minute window per scope, anchored at the scope's first call after the last
// window ran out (not at the clock's minute), like Redis `INCR` + `PEXPIRE` on a fresh key. Within
// a window at most `rpm` calls are admitted, so a limit of 30 admits exactly 30 calls in any burst
// that fits in one window; across a window's end a client may use up to two windows back to back
// (the known edge of fixed windows, accepted for exactness and a one-step port to a Lua script).
//
// TPM is enforced on metered tokens: a call is admitted while the window's tokens are under the
// limit, and its real tokens (input + output + cache read + cache write, as the upstream reported
// them) are added when it ends — to the window current at that moment. So one large call can take a
// window past its limit; the next calls are refused until the window resets.
//
// Concurrency counts calls admitted and not yet ended, per holder (a worker process) so that the
// calls of a worker that died are released with it (`dropHolder`).
//
// `admit` and `end` are each one atomic step over plain counters: check every scope, then count in
// every scope, or count nothing. State is plain JSON (see `RateState`).

export const windowMs = 60_000;

/** null: unlimited. */
export type RateLimits = { rpm: number | null; tpm: number | null; concurrent: number | null };
export type RateScope = { id: string; limits: RateLimits };
export type RateLimitName = "rpm" | "tpm" | "concurrent";

/** One scope's counters: the current window (epoch ms of its start), and calls in flight per holder. */
export type RateCounter = { start: number; requests: number; tokens: number; inFlight: Record<string, number> };
export type RateState = Record<string, RateCounter>;

/** What the answer's rate-limit headers report: the tightest applicable limit of each kind. */
export type RateFigure = { limit: number; remaining: number; /** epoch ms when the window resets */ resetAt: number };
export type RateFigures = { requests?: RateFigure; tokens?: RateFigure };

/** Handed to the worker on admission and back on `end`: which scopes the call counts in (and, in replica mode, the call's name in Redis). */
export type RateTicket = { scopes: string[]; call?: string };

export type Admission =
  | { admitted: true; ticket: RateTicket; figures: RateFigures }
  | { admitted: false; limit: RateLimitName; scope: string; retryAfterSeconds: number; figures: RateFigures };

export const hasLimits = (limits: RateLimits | null | undefined): limits is RateLimits =>
  !!limits && (limits.rpm !== null || limits.tpm !== null || limits.concurrent !== null);

export function rateBook(state: RateState = {}) {
  /** The scope's counter with its window rolled forward: a window that ran out starts afresh now. */
  const counter = (id: string, now: number): RateCounter => {
    let found = state[id];
    if (!found) state[id] = found = { start: now, requests: 0, tokens: 0, inFlight: {} };
    else if (now >= found.start + windowMs) {
      found.start = now;
      found.requests = 0;
      found.tokens = 0;
    }
    return found;
  };
  const inFlightOf = (found: RateCounter) => {
    let sum = 0;
    for (const n of Object.values(found.inFlight)) sum += n;
    return sum;
  };
  const tighter = (current: RateFigure | undefined, next: RateFigure) =>
    !current || next.remaining < current.remaining || (next.remaining === current.remaining && next.limit < current.limit) ? next : current;
  const figuresOf = (scopes: RateScope[], now: number): RateFigures => {
    const figures: RateFigures = {};
    for (const scope of scopes) {
      const found = counter(scope.id, now);
      const resetAt = found.start + windowMs;
      if (scope.limits.rpm !== null) figures.requests = tighter(figures.requests, { limit: scope.limits.rpm, remaining: Math.max(0, scope.limits.rpm - found.requests), resetAt });
      if (scope.limits.tpm !== null) figures.tokens = tighter(figures.tokens, { limit: scope.limits.tpm, remaining: Math.max(0, scope.limits.tpm - found.tokens), resetAt });
    }
    return figures;
  };
  /** Removes a counter that holds nothing worth keeping (no calls in flight, window over). */
  const prune = (id: string, now: number) => {
    const found = state[id];
    if (found && now >= found.start + windowMs && inFlightOf(found) === 0) delete state[id];
  };

  return {
    /** Admits a call in every scope, or in none: the first limit that is reached refuses it. */
    admit(scopes: RateScope[], now: number, holder = "local"): Admission {
      for (const scope of scopes) {
        const found = counter(scope.id, now);
        const { rpm, tpm, concurrent } = scope.limits;
        const untilReset = Math.max(1, Math.ceil((found.start + windowMs - now) / 1000));
        let refused: { limit: RateLimitName; retryAfterSeconds: number } | undefined;
        if (concurrent !== null && inFlightOf(found) >= concurrent) refused = { limit: "concurrent", retryAfterSeconds: 1 };
        else if (rpm !== null && found.requests >= rpm) refused = { limit: "rpm", retryAfterSeconds: untilReset };
        else if (tpm !== null && found.tokens >= tpm) refused = { limit: "tpm", retryAfterSeconds: untilReset };
        if (refused) return { admitted: false, ...refused, scope: scope.id, figures: figuresOf(scopes, now) };
      }
      for (const scope of scopes) {
        const found = counter(scope.id, now);
        found.requests++;
        found.inFlight[holder] = (found.inFlight[holder] ?? 0) + 1;
      }
      return { admitted: true, ticket: { scopes: scopes.map((scope) => scope.id) }, figures: figuresOf(scopes, now) };
    },

    /** The call is over: its slot in flight is released and its metered tokens count in the current window. */
    end(ticket: RateTicket, meteredTokens: number, now: number, holder = "local") {
      const tokens = Number.isFinite(meteredTokens) && meteredTokens > 0 ? Math.floor(meteredTokens) : 0;
      for (const id of ticket.scopes) {
        const found = counter(id, now);
        found.tokens += tokens;
        const left = (found.inFlight[holder] ?? 0) - 1;
        if (left > 0) found.inFlight[holder] = left;
        else delete found.inFlight[holder];
      }
    },

    /** A holder that is gone (a worker that exited): its calls in flight no longer count. */
    dropHolder(holder: string) {
      for (const found of Object.values(state)) delete found.inFlight[holder];
    },

    /** Forgets counters whose window is over and that have nothing in flight (the owner calls this on a timer). */
    sweep(now: number) {
      for (const id of Object.keys(state)) prune(id, now);
    },

    /** The figures of these scopes now, without counting anything. */
    figures: (scopes: RateScope[], now: number) => figuresOf(scopes, now),
    inFlight: (id: string) => (state[id] ? inFlightOf(state[id]) : 0),
    state: () => state,
  };
}

export type RateBook = ReturnType<typeof rateBook>;
