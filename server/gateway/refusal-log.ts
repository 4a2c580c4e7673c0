// The gateway's own refusals in the request log: a call of a known key that the gateway answered
// with an error before any upstream did (a field the contract or a translation refuses, a model
// the group lacks, a body past the limit, a rate limit or budget, no channel) gets a row as an
// upstream's refusal does, with the error's kind and message, cost 0, so the operator sees what
// the client saw (up to a hundred a second per key and worker: a tight retry loop is not a row per retry). Calls without a valid key are not logged to any organization (nobody can flood
// another's log); the request metrics count them. A call the relay already recorded (a refusal
// after its hold: a failover that found no channel) is not recorded twice.
import type { Request, Response } from "express";
import { randomUUIDv7 } from "node:crypto";
import type { GatewayError } from "../domain/errors.ts";
import type { UsageRecord } from "../store/ledger.ts";
import type { Catalog } from "./catalog.ts";
import { loggedAsOf } from "./loopback.ts";
import { type Caller, type CredentialSource, callerOf } from "./middleware/authenticate.ts";
import type { Route } from "./resolve-route.ts";

/** Writes a refused call's record (cost 0) with the next ledger batch. */
export type RefusalSink = (record: UsageRecord) => void;

/** The request log's interface of a generation call's path; null for paths that are not calls (model lists, token counts). */
function interfaceOf(path: string): string | null {
  switch (path) {
    case "/v1/messages":
      return "messages";
    case "/v1/chat/completions":
      return "chat";
    case "/v1/responses":
      return "responses";
    case "/v1/responses/compact":
      return "responses/compact";
    case "/v1/embeddings":
      return "embeddings";
  }
  return /^\/v1(beta)?\/models\/.+:(generateContent|streamGenerateContent)$/.test(path) ? "generate-content" : null;
}

/** Where each interface takes its key (routes.ts): the caller of a refused request is the one its authentication would have found. */
const credentialSourceOf = (iface: string): CredentialSource => (iface === "messages" ? "family-a" : iface === "generate-content" ? "family-c" : "bearer");

/** The caller of a request refused before authentication (a body past the limit is refused before it), by the same lookup. */
function callerBeforeAuthentication(req: Request, catalog: Catalog, iface: string): Caller | undefined {
  const found = callerOf(req, catalog, credentialSourceOf(iface));
  return typeof found === "object" && "key" in found ? found : undefined;
}

/** The call name the request gave: the body's model, or Gemini's in the path (percent-decoded, as the route reads it). */
function calledModel(req: Request, path: string): string {
  const inPath = /^\/v1(?:beta)?\/models\/(.+):(?:generateContent|streamGenerateContent)$/.exec(path)?.[1];
  const named = typeof req.body?.model === "string" ? req.body.model : inPath ? safeDecode(inPath) : "";
  return named.slice(0, 256);
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * At most this many refusals of one key a second are logged by a worker: a client retrying in a
 * tight loop against its rate limit is not one database row per retry. The request metrics count
 * every one.
 */
const refusalsLoggedPerKeySecond = 100;

export function refusalRecorder(catalog: Catalog, sink: RefusalSink) {
  let second = 0;
  const loggedThisSecond = new Map<string, number>();
  const mayLog = (keyId: string): boolean => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) (second = now), loggedThisSecond.clear();
    const logged = loggedThisSecond.get(keyId) ?? 0;
    if (logged >= refusalsLoggedPerKeySecond) return false;
    loggedThisSecond.set(keyId, logged + 1);
    return true;
  };
  return function recordRefusal(req: Request, res: Response, error: GatewayError, status: number): void {
    if (res.locals.callRecorded || req.method !== "POST" || status === 401) return;
    const path = req.originalUrl.split("?", 1)[0];
    const iface = interfaceOf(path);
    if (iface === null) return;
    const caller: Caller | undefined = res.locals.caller ?? callerBeforeAuthentication(req, catalog, iface);
    if (!caller || !mayLog(caller.key.id)) return;
    const route = res.locals.route as Route | undefined;
    const groupId = route?.group.id ?? caller.key.groupId ?? "";
    const group = catalog.snapshot.groupsById.get(groupId);
    const callName = route?.callName ?? calledModel(req, path);
    const started = typeof res.locals.metricsStart === "number" ? res.locals.metricsStart : performance.now();
    sink({
      id: randomUUIDv7(),
      requestId: String(res.locals.requestId ?? ""),
      createdAt: Date.now(),
      organizationId: caller.organization.id,
      userId: caller.member.id,
      keyId: caller.key.id,
      groupId,
      modelId: route?.model.modelId ?? callName,
      callName,
      channelId: null,
      interface: loggedAsOf(req) ?? iface,
      stream: res.locals.stream ?? (req.body?.stream === true || path.endsWith(":streamGenerateContent")),
      status: error.kind,
      httpStatus: status,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      reasoningTokens: 0,
      multiplierMilli: group?.multiplierMilli ?? 1000,
      cost: 0,
      latencyMs: Math.round(performance.now() - started),
      ttfbMs: null,
      finishReason: null,
      failovers: null,
      errorCode: error.kind,
      errorMessage: error.message.slice(0, 2000),
    });
  };
}
