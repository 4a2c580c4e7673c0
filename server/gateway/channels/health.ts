// A circuit breaker per channel, in each worker: after `threshold` consecutive failures the channel
// is skipped for `cooldownMs`; then one request probes it (half-open) and its outcome closes or
// reopens the circuit.

export type HealthState = "closed" | "open" | "half-open";
export type ChannelHealth = { state: HealthState; consecutiveFailures: number; lastError: string | null; lastFailureAt: number | null };

type Entry = ChannelHealth & { openedAt: number; probing: boolean };

export type HealthOptions = { threshold: number; cooldownMs: number };

export function healthRegistry({ threshold, cooldownMs }: HealthOptions) {
  const entries = new Map<string, Entry>();
  const entry = (id: string) => {
    let found = entries.get(id);
    if (!found) {
      found = { state: "closed", consecutiveFailures: 0, lastError: null, lastFailureAt: null, openedAt: 0, probing: false };
      entries.set(id, found);
    }
    return found;
  };

  return {
    /** Could this channel take a request now? Looks only; `admit` is what claims a probe. */
    available(id: string): boolean {
      const e = entry(id);
      if (e.state === "closed") return true;
      if (e.state === "open") return Date.now() - e.openedAt >= cooldownMs;
      return !e.probing;
    },
    /** May this channel take a request now? Claims the half-open probe when it is due. */
    admit(id: string): boolean {
      const e = entry(id);
      if (e.state === "closed") return true;
      if (e.state === "open" && Date.now() - e.openedAt >= cooldownMs) {
        e.state = "half-open";
        e.probing = false;
      }
      if (e.state === "half-open" && !e.probing) {
        e.probing = true;
        return true;
      }
      return false;
    },
    succeeded(id: string): void {
      const e = entry(id);
      e.state = "closed";
      e.consecutiveFailures = 0;
      e.probing = false;
    },
    failed(id: string, reason: string): void {
      const e = entry(id);
      e.consecutiveFailures++;
      e.lastError = reason;
      e.lastFailureAt = Date.now();
      e.probing = false;
      if (e.state === "half-open" || e.consecutiveFailures >= threshold) {
        e.state = "open";
        e.openedAt = Date.now();
      }
    },
    view(id: string): ChannelHealth {
      const { state, consecutiveFailures, lastError, lastFailureAt } = entry(id);
      return { state, consecutiveFailures, lastError, lastFailureAt };
    },
  };
}

export type HealthRegistry = ReturnType<typeof healthRegistry>;
