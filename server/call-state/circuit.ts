// Channel health, kept by the call-state owner so every worker (and the operator's Channels page)
// sees one state. Like Envoy's outlier detection, a circuit opens on a channel's failure RATE over
// a recent window once enough calls were seen — not on a few failures in a row, so one client
// retrying a failing request cannot take a channel away from everyone. Only upstream faults count
// (connection errors, timeouts, 5xx, 429, rejected credentials, empty streams); a request's own
// fault is never reported as a failure. After the cool-down exactly one probe is let through; it
// always ends: with a verdict, released without one, or failed at its deadline. A failure that
// came with the upstream's own wait (a 429's or 503's Retry-After, Gemini's RetryInfo) keeps the
// circuit from letting that probe through before the wait is over, when it is the longer: an
// upstream that said "not for two minutes" is not asked again by anyone after a 30 s cool-down.
// Only a call the upstream took after it asked for the wait ends it: successes reach the owner in
// batches, so one of a call sent before the 429 can arrive after it, and is no word on the wait.

export type CircuitOptions = {
  /** Calls the window must hold before its failure rate counts. */
  minCalls: number;
  /** Failure share (0–1] at which the circuit opens. */
  failureRate: number;
  windowMs: number;
  cooldownMs: number;
  /** A probe that reports nothing by then counts as failed. */
  probeDeadlineMs: number;
  /** The longest rest an upstream's own wait can impose (its Retry-After could say a day); default `defaultMaxRestMs`. */
  maxRestMs?: number;
};

/** How long at most an upstream's Retry-After or RetryInfo keeps a circuit open: ten minutes. */
export const defaultMaxRestMs = 600_000;

export type HealthState = "closed" | "open" | "half-open";

export type ChannelHealth = {
  state: HealthState;
  /** Calls and failures in the recent window. */
  calls: number;
  failures: number;
  consecutiveFailures: number;
  lastError: string | null;
  lastFailureAt: number | null;
  /** When an open circuit lets its next probe through (epoch ms); null unless open. */
  retryAt: number | null;
};

const bucketCount = 10;

type Circuit = {
  state: HealthState;
  buckets: { start: number; calls: number; failures: number }[];
  consecutiveFailures: number;
  lastError: string | null;
  lastFailureAt: number | null;
  /** When an open circuit lets its probe through (epoch ms). */
  retryAt: number;
  /** The latest end of a wait the upstream asked for since the channel last served (epoch ms). */
  askedUntil: number;
  /** When the latest of those waits was asked (epoch ms): only a call sent from then on can end it. */
  askedAt: number;
  probeDeadline: number | null;
  /** When the probe under way (here or, in replica mode, on another node as this one heard) was let through. */
  probeClaimedAt: number;
};

export function circuitBook(options: CircuitOptions, onChange: (channelId: string, health: ChannelHealth) => void, now = () => Date.now()) {
  const circuits = new Map<string, Circuit>();
  const bucketMs = Math.max(1, Math.floor(options.windowMs / bucketCount));
  const maxRestMs = options.maxRestMs ?? defaultMaxRestMs;

  const circuit = (id: string) => {
    let found = circuits.get(id);
    if (!found) {
      found = { state: "closed", buckets: [], consecutiveFailures: 0, lastError: null, lastFailureAt: null, retryAt: 0, askedUntil: 0, askedAt: 0, probeDeadline: null, probeClaimedAt: 0 };
      circuits.set(id, found);
    }
    return found;
  };
  const windowOf = (c: Circuit) => {
    const since = now() - options.windowMs;
    c.buckets = c.buckets.filter((bucket) => bucket.start > since - bucketMs);
    let calls = 0;
    let failures = 0;
    for (const bucket of c.buckets) {
      calls += bucket.calls;
      failures += bucket.failures;
    }
    return { calls, failures };
  };
  const view = (c: Circuit): ChannelHealth => ({
    state: c.state,
    ...windowOf(c),
    consecutiveFailures: c.consecutiveFailures,
    lastError: c.lastError,
    lastFailureAt: c.lastFailureAt,
    retryAt: c.state === "open" ? c.retryAt : null,
  });
  /** A failure's wait the upstream asked for, bounded by the ceiling; only the longest counts. */
  const asked = (c: Circuit, restMs: number | undefined) => {
    if (restMs === undefined || !Number.isFinite(restMs) || restMs <= 0) return;
    c.askedUntil = Math.max(c.askedUntil, now() + Math.min(restMs, maxRestMs));
    c.askedAt = now();
  };
  /** The upstream served a call sent at `sentAt`: a wait it asked for before that is over, one asked since stands. */
  const served = (c: Circuit, sentAt: number) => {
    if (sentAt < c.askedAt) return;
    c.askedUntil = 0;
    c.askedAt = 0;
  };
  /** A wait asked for since the probe was let through (by a call under way before it), not over yet: the probe's success does not end it. */
  const waitOutlivesProbe = (c: Circuit) => c.askedAt > c.probeClaimedAt && c.askedUntil > now();
  /** Open again until the end of the upstream's wait, and every worker and node hears so. */
  const restUntilAsked = (id: string, c: Circuit) => {
    c.state = "open";
    c.retryAt = c.askedUntil;
    c.probeDeadline = null;
    onChange(id, view(c));
  };
  const open = (id: string, c: Circuit) => {
    c.state = "open";
    // The cool-down, or the upstream's own wait where that is longer.
    c.retryAt = Math.max(now() + options.cooldownMs, c.askedUntil);
    c.probeDeadline = null;
    onChange(id, view(c));
  };
  const close = (id: string, c: Circuit) => {
    c.state = "closed";
    c.buckets = [];
    c.consecutiveFailures = 0;
    c.askedUntil = 0;
    c.askedAt = 0;
    c.probeDeadline = null;
    onChange(id, view(c));
  };
  const count = (c: Circuit, calls: number, failures: number) => {
    const start = now() - (now() % bucketMs);
    let bucket = c.buckets.at(-1);
    if (!bucket || bucket.start !== start) c.buckets.push((bucket = { start, calls: 0, failures: 0 }));
    bucket.calls += calls;
    bucket.failures += failures;
  };
  /** Counts calls on a closed circuit, and opens it when its window now fails too often. */
  const countAndJudge = (id: string, c: Circuit, calls: number, failures: number) => {
    // Calls that were already under way when the circuit opened do not move it.
    if (c.state !== "closed") return;
    count(c, calls, failures);
    const window = windowOf(c);
    if (window.calls >= options.minCalls && window.failures / window.calls >= options.failureRate) open(id, c);
  };

  return {
    /**
     * The outcome of an ordinary (non-probe) call on a channel; `restMs`: the wait its upstream
     * asked for with the failure; `sentAt`: when a success was sent upstream (epoch ms). One that
     * comes while the circuit is open (a call under way when it opened) moves no count, but its wait
     * still holds the probe back.
     */
    record(id: string, failed: boolean, reason?: string, restMs?: number, sentAt = now()) {
      const c = circuit(id);
      if (failed) {
        c.consecutiveFailures++;
        c.lastError = reason ?? "failed";
        c.lastFailureAt = now();
        asked(c, restMs);
      } else {
        c.consecutiveFailures = 0;
        served(c, sentAt);
      }
      if (c.state === "open" && c.askedUntil > c.retryAt) {
        c.retryAt = c.askedUntil;
        onChange(id, view(c));
      }
      countAndJudge(id, c, 1, failed ? 1 : 0);
    },

    /**
     * Ordinary calls on a channel that succeeded, counted together: workers send their successes
     * in batches, as a count per channel with when the latest of them was sent upstream (epoch ms).
     * A success never raises the failure rate, so judging the window once after all of them opens
     * no circuit that judging after each would not have.
     */
    succeeded(id: string, calls: number, latestSentAt: number) {
      const c = circuit(id);
      c.consecutiveFailures = 0;
      served(c, latestSentAt);
      countAndJudge(id, c, calls, 0);
    },

    /** An open circuit whose cool-down is over lets exactly one caller probe it. */
    claimProbe(id: string): boolean {
      const c = circuit(id);
      if (c.state === "closed") return true;
      if (c.state === "half-open" || now() < c.retryAt) return false;
      c.state = "half-open";
      c.probeClaimedAt = now();
      c.probeDeadline = now() + options.probeDeadlineMs;
      onChange(id, view(c));
      return true;
    },

    /** The probe's verdict (with the wait its upstream asked for); `undefined` releases it without one (the call failed for its own reasons). */
    probeEnded(id: string, failed: boolean | undefined, reason?: string, restMs?: number) {
      const c = circuit(id);
      if (c.state !== "half-open") return this.record(id, failed === true, reason, failed ? restMs : undefined, c.probeClaimedAt);
      if (failed === undefined) {
        // Back to open with the cool-down already over: the next caller may probe at once, unless the
        // upstream asked for a wait meanwhile (a call under way when the circuit opened).
        c.state = "open";
        c.retryAt = Math.max(now(), c.askedUntil);
        c.probeDeadline = null;
        onChange(id, view(c));
      } else if (failed) {
        c.consecutiveFailures++;
        c.lastError = reason ?? "probe failed";
        c.lastFailureAt = now();
        asked(c, restMs);
        open(id, c);
      } else if (waitOutlivesProbe(c)) restUntilAsked(id, c);
      else close(id, c);
    },

    /** Probes past their deadline fail; the owner calls this on a timer. */
    expireProbes() {
      for (const [id, c] of circuits) {
        if (c.state === "half-open" && c.probeDeadline !== null && now() >= c.probeDeadline) {
          c.lastError = "probe did not finish before its deadline";
          c.lastFailureAt = now();
          open(id, c);
        }
      }
    },

    /** Adopts a state another node decided (replica mode), without reporting it back as a change, unless it would cut short a wait this node heard. */
    adopt(id: string, health: ChannelHealth) {
      const c = circuit(id);
      // Another node's probe was let through: a wait heard here from now on outlives its success.
      if (health.state === "half-open") c.probeClaimedAt = now();
      c.probeDeadline = null;
      if (health.state === "closed" && waitOutlivesProbe(c)) {
        // Closed by a probe let through before a wait this node heard since: the wait stands here and is said to the others.
        restUntilAsked(id, c);
      } else if (health.state === "closed") {
        c.state = "closed";
        c.buckets = [];
        c.consecutiveFailures = 0;
        c.askedUntil = 0; // the channel served another node's probe since (close)
        c.askedAt = 0;
      } else {
        c.state = "open";
        // The deciding node's retryAt, the upstream's wait in it; half-open elsewhere: here it is
        // open and probe-able, and the shared probe claim keeps anyone else out.
        c.retryAt = health.state === "open" && health.retryAt !== null ? health.retryAt : now();
        // Opened elsewhere at the same time, by a node that knew of no wait this one heard: the longer
        // wait stands here and is said to the others (a probe under way elsewhere is left to its verdict).
        if (health.state === "open" && c.askedUntil > c.retryAt) {
          c.retryAt = c.askedUntil;
          onChange(id, view(c));
        }
      }
      c.lastError = health.lastError ?? c.lastError;
      c.lastFailureAt = health.lastFailureAt ?? c.lastFailureAt;
      return view(c);
    },

    view: (id: string) => view(circuit(id)),
    all: () => new Map([...circuits].map(([id, c]) => [id, view(c)])),
  };
}

export type CircuitBook = ReturnType<typeof circuitBook>;
