// Rate limits in the relay: after authentication and route resolution, before the budget hold. A
// call whose key, organization and group have no limit goes straight on — no I/O. Any other call is
// admitted or refused by the call-state owner in one round trip; a refused call gets 429 in the
// called interface's own error shape with `Retry-After`, never reaches the budget and writes no
// ledger record. An admitted call ends its ticket on every path with the tokens it was metered.
//
// Every answer of a call with limits carries both header sets the official SDKs and their users
// read, whatever the interface: OpenAI's `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`
// (reset as a Go-style duration: `1s`, `6m0s`, `250ms`) and Anthropic's
// `anthropic-ratelimit-{requests,tokens}-{limit,remaining,reset}` (reset as an RFC 3339 time). Each
// reports the tightest applicable limit; concurrency has no standard header and is not reported.
import type { Response } from "express";
import type { Admission, RateFigure, RateFigures, RateLimitName, RateLimits, RateScope, RateTicket } from "../call-state/rate-limits.ts";
import { hasLimits } from "../call-state/rate-limits.ts";
import { gatewayError } from "../domain/errors.ts";
import type { Usage } from "../domain/usage.ts";
import type { Forwarder, RelayCall } from "./forward.ts";

export type RateLimiter = {
  admitRate(scopes: RateScope[]): Promise<Admission | { unavailable: true }>;
  endRate(ticket: RateTicket, meteredTokens: number): void;
};

/** The tokens a call counts against TPM: everything the upstream metered. */
export const meteredTokens = (usage: Usage) => usage.input + usage.output + usage.cacheRead + usage.cacheWrite;

export function rateScopesOf(call: Pick<RelayCall, "caller" | "route">): RateScope[] {
  const { key, organization } = call.caller;
  const group = call.route.group;
  const scopes: RateScope[] = [];
  if (hasLimits(key.rateLimits)) scopes.push({ id: `key:${key.id}`, limits: key.rateLimits });
  if (hasLimits(organization.rateLimits)) scopes.push({ id: `org:${organization.id}`, limits: organization.rateLimits });
  // A group's limits apply to each organization's calls through it.
  if (hasLimits(group.rateLimits)) scopes.push({ id: `group:${group.id}:org:${organization.id}`, limits: group.rateLimits });
  return scopes;
}

/** A duration as OpenAI writes it (Go's time.Duration): `250ms`, `1s`, `1.5s`, `6m0s`, `1h0m0s`. */
export function goDuration(ms: number): string {
  ms = Math.max(0, Math.round(ms));
  if (ms === 0) return "0s";
  if (ms < 1000) return `${ms}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  const s = `${Number(seconds.toFixed(3))}s`;
  if (hours > 0) return `${hours}h${minutes}m${s}`;
  if (minutes > 0) return `${minutes}m${s}`;
  return s;
}

/** An instant as Anthropic writes it: RFC 3339, whole seconds (rounded up, so it is never early). */
export const rfc3339 = (epochMs: number) => new Date(Math.ceil(epochMs / 1000) * 1000).toISOString().replace(".000Z", "Z");

export function setRateLimitHeaders(res: Response, figures: RateFigures, now = Date.now()) {
  const write = (kind: "requests" | "tokens", figure: RateFigure | undefined) => {
    if (!figure) return;
    res.setHeader(`x-ratelimit-limit-${kind}`, String(figure.limit));
    res.setHeader(`x-ratelimit-remaining-${kind}`, String(figure.remaining));
    res.setHeader(`x-ratelimit-reset-${kind}`, goDuration(figure.resetAt - now));
    res.setHeader(`anthropic-ratelimit-${kind}-limit`, String(figure.limit));
    res.setHeader(`anthropic-ratelimit-${kind}-remaining`, String(figure.remaining));
    res.setHeader(`anthropic-ratelimit-${kind}-reset`, rfc3339(figure.resetAt));
  };
  write("requests", figures.requests);
  write("tokens", figures.tokens);
}

const limitWords: Record<RateLimitName, (limits: RateLimits) => string> = {
  rpm: (limits) => `${limits.rpm} requests per minute`,
  tpm: (limits) => `${limits.tpm} tokens per minute`,
  concurrent: (limits) => `${limits.concurrent} calls at once`,
};

function refusalMessage(call: RelayCall, scope: RateScope, limit: RateLimitName, retryAfterSeconds: number): string {
  const what = limitWords[limit](scope.limits);
  const when = limit === "concurrent" ? "Retry when one of your calls in flight has finished" : `Retry after ${retryAfterSeconds} seconds`;
  if (scope.id.startsWith("key:")) {
    return `Rate limit reached: API key "${call.caller.key.name}" allows ${what}. ${when}, or ask your organization's owner to raise the key's limit in the Tollgate console (API Keys).`;
  }
  if (scope.id.startsWith("org:")) return `Rate limit reached: your organization allows ${what}. ${when}, or ask the operator to raise the organization's limit.`;
  return `Rate limit reached: group "${call.route.group.name}" allows each organization ${what}. ${when}, or ask the operator to raise the group's limit.`;
}

export function withRateLimits(forward: Forwarder, limiter: RateLimiter): Forwarder {
  return async function forwardWithinLimits(call, req, res) {
    const scopes = rateScopesOf(call);
    if (scopes.length === 0) return forward(call, req, res);

    const answer = await limiter.admitRate(scopes);
    if ("unavailable" in answer) {
      throw gatewayError("no_channel", "Tollgate cannot reach its shared rate-limit store (Redis), so it cannot admit limited calls safely right now. Retry shortly.", {
        retryAfterSeconds: 2,
      });
    }
    setRateLimitHeaders(res, answer.figures);
    if (!answer.admitted) {
      const scope = scopes.find((candidate) => candidate.id === answer.scope)!;
      throw gatewayError("rate_limited", refusalMessage(call, scope, answer.limit, answer.retryAfterSeconds), { retryAfterSeconds: answer.retryAfterSeconds });
    }
    let tokens = 0;
    try {
      await forward({ ...call, onUsage: (usage) => void (tokens = meteredTokens(usage)) }, req, res);
    } finally {
      limiter.endRate(answer.ticket, tokens);
    }
  };
}
