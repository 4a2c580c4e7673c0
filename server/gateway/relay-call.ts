// The upstream half of a relay call, top to bottom: pick channels → hold the worst case → try
// channels in order (failing over before the first byte reaches the client) → stream back while
// metering → settle the real cost with its ledger record. Every path ends its hold, and every
// channel claimed — a circuit's probe included — gets its outcome reported, whatever is thrown.
// One channel's try (build, authorize, send, read the answer) is channel-attempt.ts.
import { randomUUIDv7 } from "node:crypto";
import type { Dispatcher } from "undici";
import { gatewayError, isGatewayError, statusOf } from "../domain/errors.ts";
import { enforced } from "../domain/model-capabilities.ts";
import { costMicros } from "../domain/pricing.ts";
import { billableTokens, noUsage } from "../domain/usage.ts";
import { formatMicros, inputTokensOf, worstCaseCost } from "../domain/worst-case.ts";
import type { Blocker, CallState } from "../call-state/worker.ts";
import type { ChannelWithCredentials } from "../store/channels.ts";
import type { Failover } from "../store/ledger.ts";
import { type Attempt, type Failure, type Outcome, channelAttempts, restarting } from "./channel-attempt.ts";
import type { Catalog } from "./catalog.ts";
import { capabilitiesOn, eligibleChannels, orderChannels, translatingChannels } from "./channels/select.ts";
import type { Forwarder } from "./forward.ts";
import type { Route } from "./resolve-route.ts";
import { decodedBodyBytes, rawJsonOf } from "./middleware/body.ts";
import { type UpstreamAdapter, admittedRequest } from "./upstreams/adapter.ts";
import { nativeAdapters } from "./upstreams/by-interface.ts";
import { channelAdapter } from "./upstreams/by-kind.ts";
import type { RelayInterface } from "../domain/families.ts";
import { record as metrics } from "../metrics/metrics.ts";
import { upstreamFormatOf } from "../domain/group-interfaces.ts";
import { startTranslation } from "../translate/translate.ts";

export type RelayCallDeps = {
  catalog: Catalog;
  callState: Pick<CallState, "hold" | "settle" | "channels">;
  dispatcher: Dispatcher;
  /** Aborted when a graceful stop's drain time is over: calls still running end now, and are settled. */
  drained: AbortSignal;
  /** The circuits' ceiling on a rest an upstream asks for (TOLLGATE_CIRCUIT_MAX_REST_MS): no caller is told to wait longer. */
  maxRestMs: number;
  log: (event: string, fields: Record<string, unknown>) => void;
};

const quotaMessages: Record<Blocker, (amount: string) => string> = {
  organization: (amount) =>
    `Your organization's balance cannot cover this call (up to ${amount} is reserved for its worst case). Ask the operator for a top-up, or lower max_tokens.`,
  member: (amount) => `Your spend cap cannot cover this call (up to ${amount}). Ask your organization's owner to raise your cap.`,
  key: (amount) => `This API key's spend cap cannot cover this call (up to ${amount}). Raise the key's cap in the Tollgate console (API Keys) or use another key.`,
};

/**
 * The most output tokens any of the channels' models gives a call (each clamps a larger ask to its
 * own: output-limit.ts), so the hold is not sized by an agent's generic 32,000 for an 8,192 model;
 * none where some channel's model is one the catalog does not know (its limit is not held to).
 */
function outputCapOf(channels: ChannelWithCredentials[], model: Route["model"]): number {
  let cap = 0;
  for (const channel of channels) {
    const capabilities = capabilitiesOn(channel, model.modelId, model.capabilities);
    if (!enforced(capabilities)) return Number.POSITIVE_INFINITY;
    cap = Math.max(cap, capabilities.maxOutputTokens);
  }
  return cap;
}


export function upstreamForwarder(deps: RelayCallDeps): Forwarder {
  const { catalog, callState, dispatcher, drained } = deps;
  const { channels } = callState;
  // The gateway asks a channel again once the circuit's ceiling on its rest is over, so an upstream's
  // "Retry-After: 86400" is told to the caller as that ceiling, in whole seconds. A ceiling of 0 holds
  // no circuit for an upstream's wait: the caller is told the upstream's own.
  const longestCallerWait = deps.maxRestMs > 0 ? Math.max(1, Math.ceil(deps.maxRestMs / 1000)) : Number.POSITIVE_INFINITY;

  return async function forward(call, req, res) {
    const started = performance.now();
    const { route, caller } = call;
    // A translated call is read once here: what the canonical form cannot hold is refused before any hold.
    const raw = rawJsonOf(res);
    // The input as the hold and the estimates size it, in one walk over the content parts.
    const bodyBytes = decodedBodyBytes(req, res);
    const input = inputTokensOf(call.iface, req.body, bodyBytes);
    const translation =
      route.translated && call.iface !== "embeddings"
        ? startTranslation(call.iface, req.body, {
            stream: call.stream,
            model: route.callName,
            input,
            raw,
            // Read only before the client's response closes (the loop below stops trying channels then), while the bytes are its.
            reread: raw && !raw.duplicateKeys ? () => JSON.parse(raw.bytes.toString("utf8")) : undefined,
            scope: caller.key.id,
          })
        : null;
    // The format the channel is sent (the caller's, or the one its call is translated to), aimed and authenticated as its kind takes it.
    const adapterFor = (channel: ChannelWithCredentials): UpstreamAdapter => {
      if (!translation) return channelAdapter(channel.kind, call.iface as RelayInterface, nativeAdapters[call.iface], true);
      const format = upstreamFormatOf(channel.kind, route.group.family)!;
      return channelAdapter(channel.kind, format, translation.to(format), false);
    };

    const candidates = translation
      ? translatingChannels(catalog.snapshot.channels, route.group.family, route.group.id, route.model.modelId)
      : eligibleChannels(catalog.snapshot.channels, call.iface, route.group.family, route.group.id, route.model.modelId);
    if (candidates.length === 0) {
      throw gatewayError(
        "no_channel",
        `No available channel serves model "${route.model.modelId}" in group "${route.group.name}". The operator must add an upstream channel for this group.`,
      );
    }
    // A circuit's probe is claimed only when its channel is actually tried (below), not here.
    const ordered = orderChannels(candidates.filter((channel) => channels.available(channel.id)));
    if (ordered.length === 0) {
      const retryAfterSeconds = channels.retryAfterSeconds(candidates.map((channel) => channel.id));
      throw gatewayError(
        "no_channel",
        `No healthy channel for model "${route.model.modelId}" in group "${route.group.name}" right now: every channel is failing. Retry after ${retryAfterSeconds} seconds.`,
        { retryAfterSeconds },
      );
    }

    const worstCase = worstCaseCost(call.iface, req.body, bodyBytes, route.model.prices, route.group.multiplierMilli, input, outputCapOf(ordered, route.model));
    // What the call keeps of the request from here on; the parsed body is let go (see admittedRequest).
    const client = admittedRequest({ body: req.body, raw, stream: call.stream, headers: req.headers, query: req.query as Record<string, unknown> });
    req.body = undefined;
    const holder = {
      organizationId: caller.organization.id,
      userId: caller.member.id,
      keyId: caller.key.id,
      memberCapped: caller.member.spendCap !== null,
      keyCapped: caller.key.spendCap !== null,
      memberPeriod: caller.member.capPeriod,
      keyPeriod: caller.key.capPeriod,
    };
    const hold = await callState.hold(holder, worstCase);
    if ("unavailable" in hold) {
      throw gatewayError(
        "no_channel",
        "Tollgate cannot reach its shared budget store (Redis), so it cannot admit new calls safely right now. Retry shortly; the operator has been alerted in the logs.",
        { retryAfterSeconds: 2 },
      );
    }
    if ("blocked" in hold) throw gatewayError("quota_exhausted", quotaMessages[hold.blocked](formatMicros(worstCase)));

    // The client going away aborts the upstream call; what was used so far is still settled. So
    // does the end of a graceful stop's drain time, which ends the answer with the format's error.
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.on("close", onClose);
    // Gone while the call was admitted: nothing goes upstream (its body's slab may be another call's by now).
    if (res.destroyed) onClose();
    const onDrained = () => abort.abort();
    drained.addEventListener("abort", onDrained);
    const { tryChannel } = channelAttempts({ call, req, res, client, route, adapterFor, abort, started, translated: translation !== null, input, dispatcher, drained, log: deps.log });

    let outcome: Outcome = { status: "failed", httpStatus: 503, usage: noUsage(), ttfbMs: null };
    let servedBy: ChannelWithCredentials | null = null;
    const failovers: Failover[] = [];
    try {
      const failures: Failure[] = [];
      for (const channel of ordered) {
        const claim = await channels.admit(channel.id);
        if (!claim) continue;
        if (abort.signal.aborted) {
          // The client left (or the drain time ended) meanwhile: nothing is built from its bytes, and the channel is not judged.
          await channels.report({ channelId: channel.id, failed: undefined, reason: undefined, probe: claim.probe, sentAt: Date.now() });
          break;
        }
        let attempt: Attempt | undefined;
        const sentAt = Date.now();
        try {
          attempt = await tryChannel(channel);
        } finally {
          // Whatever happened — a verdict, or an exception that is the request's own (a body the
          // adapter cannot build) — the channel hears of it, and a claimed probe is released.
          const fault = attempt && ("failed" in attempt ? attempt.failed.reason : attempt.outcome.channelFault);
          const verdict = attempt && !("outcome" in attempt && attempt.outcome.requestFault);
          const restSeconds = attempt && verdict ? ("failed" in attempt ? attempt.failed.restSeconds : attempt.outcome.restSeconds) : undefined;
          await channels.report({ channelId: channel.id, failed: verdict ? fault !== undefined : undefined, reason: fault, probe: claim.probe, restSeconds, sentAt });
        }
        if ("failed" in attempt) {
          metrics.failure(channel.name, attempt.failed.kind);
          failures.push(attempt.failed);
          failovers.push({ channelId: channel.id, reason: attempt.failed.reason });
          deps.log("relay.channel_failed", { request_id: call.requestId, channel_id: channel.id, reason: attempt.failed.reason });
          if (abort.signal.aborted) break;
          continue;
        }
        servedBy = channel;
        outcome = attempt.outcome;
        if (outcome.status === "upstream_broken") metrics.failure(channel.name, "broken");
        return;
      }
      if (abort.signal.aborted) {
        // A graceful stop's drain time ended before any answer began: the client hears why.
        if (drained.aborted && !res.destroyed) throw restarting();
        outcome = { ...outcome, status: "client_disconnected", httpStatus: 499 };
        return;
      }
      throw failoverError(failures, longestCallerWait);
    } catch (error) {
      const kind = (error as { kind?: string }).kind ?? "failed";
      outcome = { ...outcome, status: kind, httpStatus: isGatewayError(error) ? statusOf(error) : 503 };
      // A channel's writer refusing a field is the gateway's refusal, as one before the hold is; channels that
      // all failed are the upstreams' failure, a ledger row as ever.
      if (isGatewayError(error) && error.kind === "invalid_request" && servedBy === null) outcome.refused = { code: error.kind, message: error.message };
      throw error;
    } finally {
      res.off("close", onClose);
      res.locals.callRecorded = true; // the request log has this call: a refusal rendered after it is not recorded again (refusal-log.ts)
      drained.removeEventListener("abort", onDrained);
      call.onUsage?.(outcome.usage);
      const cost = costMicros(billableTokens(outcome.usage), route.model.prices, route.group.multiplierMilli);
      metrics.call(route.group.identifier, callState.settle(hold, cost, {
        id: randomUUIDv7(),
        requestId: call.requestId,
        createdAt: Date.now(),
        organizationId: holder.organizationId,
        userId: holder.userId,
        keyId: holder.keyId,
        groupId: route.group.id,
        modelId: route.model.modelId,
        callName: route.callName,
        channelId: servedBy?.id ?? null,
        interface: call.loggedAs ?? call.iface,
        stream: call.stream,
        status: outcome.status,
        httpStatus: outcome.httpStatus,
        inputTokens: outcome.usage.input,
        outputTokens: outcome.usage.output,
        cacheReadTokens: outcome.usage.cacheRead,
        cacheWriteTokens: outcome.usage.cacheWrite,
        cacheWrite1hTokens: outcome.usage.cacheWrite1h,
        reasoningTokens: outcome.usage.reasoning,
        multiplierMilli: route.group.multiplierMilli,
        latencyMs: Math.round(performance.now() - started),
        ttfbMs: outcome.ttfbMs,
        finishReason: outcome.finishReason ?? null,
        failovers: failovers.length > 0 ? failovers : null,
        // The gateway's own refusal after the hold, as the caller got it (refusal-log.ts has those before it).
        errorCode: outcome.refused?.code ?? null,
        errorMessage: outcome.refused?.message.slice(0, 2000) ?? null,
      }));
    }

  };
}

/** The caller's error when no channel served; `longestWait`: the most seconds a caller is told to wait. */
function failoverError(failures: Failure[], longestWait: number) {
  if (failures.length > 0 && failures.every((failure) => failure.kind === "rate_limited")) {
    const retryAfterSeconds = Math.min(longestWait, Math.max(...failures.map((failure) => failure.retryAfterSeconds ?? 1)));
    return gatewayError("rate_limited", `Every upstream channel for this model is rate limited. Retry after ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
  }
  if (failures.some((failure) => failure.kind === "timeout")) {
    return gatewayError("upstream_timeout", "The upstream did not answer in time. Retry, or lower max_tokens for a faster answer.");
  }
  return gatewayError("no_channel", "No healthy channel could serve this call: every upstream channel failed. Retry shortly.");
}

