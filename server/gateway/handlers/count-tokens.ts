// Token counting of the messages, Responses and generateContent formats. The call name resolves through the
// key's group as a generation call's does (the same 403s and 404s); nothing is held, billed or
// counted against rate limits. The serving channel's upstream counts where its kind offers it
// (Anthropic's, OpenAI's Responses and Gemini's APIs do); otherwise — another kind, no channel, an upstream that
// answers 404 or fails — Tollgate's estimate answers (domain/estimate-tokens.ts), marked with
// `x-tollgate-token-count: estimate`. A request the upstream refuses as invalid is answered with
// its refusal, as a generation call's would be.
import type { NextFunction, Request, Response } from "express";
import type { Dispatcher } from "undici";
import { estimateRequestTokens } from "../../domain/estimate-tokens.ts";
import type { Family } from "../../domain/families.ts";
import type { ChannelWithCredentials } from "../../store/channels.ts";
import type { Catalog } from "../catalog.ts";
import { eligibleChannels, nextCredential, orderChannels, upstreamModelOf } from "../channels/select.ts";
import type { Caller } from "../middleware/authenticate.ts";
import { holdBytes } from "../body-slabs.ts";
import { channelRefused, gaveUp, refusalBody } from "../errors/upstream-refusal.ts";
import { wireFormatOf } from "../errors/wire-format.ts";
import { rawJsonOf } from "../middleware/body.ts";
import { resolveRoute } from "../resolve-route.ts";
import { callNameOf } from "./relay.ts";
import { originAndPath } from "../upstream-exchange.ts";
import { type ClientRequest, type UpstreamRequest, modelChange, trimSlash, upstreamBody } from "../upstreams/adapter.ts";
import { anthropicAdapter } from "../upstreams/anthropic.ts";
import { bedrockErrorAnswer } from "../upstreams/clouds/bedrock-errors.ts";
import { bedrockAnthropicVersion, pathSegment } from "../upstreams/clouds/bedrock.ts";
import { authorizeBedrock } from "../upstreams/clouds/sigv4.ts";
import { vertexAdapter, vertexAnthropicVersion } from "../upstreams/clouds/vertex.ts";
import { geminiAdapter } from "../upstreams/gemini.ts";
import { withUserAgent } from "../upstreams/user-agent.ts";

type CountingInterface = "messages" | "responses" | "generate-content";

/** A count takes no longer than this, whatever the channel's own timeout: past it, the estimate answers. */
const countTimeoutMs = 10_000;

/**
 * A count's request to its upstream: aimed and authenticated (`authorize`, for the clouds), and
 * how its answer and its errors read in the caller's format where the upstream's own differ.
 */
type CountRequest = Pick<UpstreamRequest, "url" | "headers" | "body" | "authorize" | "upstreamError"> & { answer?: (text: string) => string };

type Counter = (client: ClientRequest, channel: ChannelWithCredentials, modelId: string) => CountRequest;

const cloudTarget = (channel: ChannelWithCredentials, modelId: string) => ({
  baseUrl: channel.baseUrl,
  credential: nextCredential(channel),
  upstreamModel: upstreamModelOf(channel, modelId),
  region: channel.region,
  project: channel.project,
  apiVersion: channel.apiVersion,
});

/** A cross-region inference profile's geography before the model id (`us.anthropic.…`, `global.anthropic.…`). */
const inferenceProfilePrefix = /^(us|us-gov|eu|apac|jp|au|ca|global)\./;
/** Bedrock's words for a model its CountTokens does not count, or an id it cannot count under. */
const cannotCount = /support counting tokens|model identifier is invalid/i;

/** The counting endpoint of each channel kind that has one: its generation request, re-aimed. */
const counters: Partial<Record<ChannelWithCredentials["kind"], Counter>> = {
  anthropic: (client, channel, modelId) => {
    const built = anthropicAdapter.build(client, { baseUrl: channel.baseUrl, credential: nextCredential(channel), upstreamModel: upstreamModelOf(channel, modelId) });
    return { ...built, url: built.url.replace(/\/v1\/messages(?=\?|$)/, "/v1/messages/count_tokens") };
  },
  openai: (client, channel, modelId) => {
    // Not the generation request (that one always streams upstream): the caller's body, its model mapped.
    const target = { baseUrl: channel.baseUrl, credential: nextCredential(channel), upstreamModel: upstreamModelOf(channel, modelId) };
    const headers = { "content-type": "application/json", authorization: `Bearer ${target.credential}` };
    return { url: `${trimSlash(target.baseUrl)}/responses/input_tokens`, headers, body: upstreamBody(client, modelChange(client, target)) };
  },
  gemini: (client, channel, modelId) => {
    const upstreamModel = upstreamModelOf(channel, modelId);
    const built = geminiAdapter.build(client, { baseUrl: channel.baseUrl, credential: nextCredential(channel), upstreamModel });
    return { ...built, body: countBodyOfGemini(client, upstreamModel, built.body), url: built.url.replace(/:generateContent$/, ":countTokens") };
  },
  // Bedrock's CountTokens takes the InvokeModel body it would count, base64 in JSON; InvokeModel needs max_tokens, which a count does not give.
  bedrock: (client, channel, modelId) => {
    const target = cloudTarget(channel, modelId);
    const invoke = upstreamBody(client, { model: undefined, anthropic_version: bedrockAnthropicVersion, ...(client.body.max_tokens === undefined ? { max_tokens: 1 } : {}) });
    const body = JSON.stringify({ input: { invokeModel: { body: Buffer.from(invoke).toString("base64") } } });
    // CountTokens refuses inference-profile ids ("doesn't support counting tokens") and counts the foundation model they route to.
    const url = `${trimSlash(target.baseUrl)}/model/${pathSegment(target.upstreamModel.replace(inferenceProfilePrefix, ""))}/count-tokens`;
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    return {
      url,
      headers,
      body,
      authorize: () => authorizeBedrock(target.credential, target.region ?? "us-east-1", url, headers, body),
      // A model Bedrock cannot count is no fault of the request: the estimate answers (as for a 404).
      upstreamError: (status, text, answerHeaders) => {
        const answered = bedrockErrorAnswer(status, text, answerHeaders);
        return cannotCount.test(text) ? { ...answered, status: 404 } : answered;
      },
      answer: (text) => JSON.stringify({ input_tokens: JSON.parse(text).inputTokens }),
    };
  },
  // Vertex counts Claude at the publisher's own count-tokens model (the model named in the body), Gemini at the model's :countTokens.
  vertex: (client, channel, modelId) => {
    const target = cloudTarget(channel, modelId);
    const claude = typeof client.body.messages === "object";
    const built = vertexAdapter(claude ? anthropicAdapter : geminiAdapter, claude ? "messages" : "generate-content").build(client, target);
    if (!claude) return { ...built, body: countBodyOfGemini(client, target.upstreamModel, built.body), url: built.url.replace(/:generateContent$/, ":countTokens") };
    const body = upstreamBody(client, { model: target.upstreamModel, anthropic_version: vertexAnthropicVersion });
    return { ...built, body, url: built.url.replace(/\/models\/[^/]+:rawPredict$/, "/models/count-tokens:rawPredict") };
  },
};

/**
 * Whether the channel's counter counts for this group: Bedrock's counts Claude (the InvokeModel
 * body), which only a Claude group's channel serves; a channel of another family's group serves
 * Bedrock's other models through Converse (bedrock-converse.ts), which AWS's CountTokens does not
 * document for them, so the estimate answers.
 */
const countsOn = (channel: ChannelWithCredentials, family: Family) => channel.kind !== "bedrock" || family === "A";

/**
 * A count asked as a whole generateContentRequest names the model inside it too (the older SDK
 * sends `models/<call name>`): the upstream reads its own id there, as in the path.
 */
function countBodyOfGemini(client: ClientRequest, upstreamModel: string, built: Buffer | string): Buffer | string {
  const inner = client.body.generateContentRequest;
  return inner && typeof inner === "object" && typeof inner.model === "string" ? upstreamBody(client, { generateContentRequest: { ...inner, model: `models/${upstreamModel}` } }) : built;
}

/** A count in each format's own answer. */
const countAnswer: Record<CountingInterface, (tokens: number) => object> = {
  messages: (tokens) => ({ input_tokens: tokens }),
  responses: (tokens) => ({ object: "response.input_tokens", input_tokens: tokens }),
  "generate-content": (tokens) => ({ totalTokens: tokens }),
};

export function countTokensHandler(iface: CountingInterface, catalog: Catalog, dispatcher: Dispatcher, log: (event: string, fields: Record<string, unknown>) => void) {
  return async function countTokens(req: Request, res: Response, next: NextFunction) {
    const releases: (() => void)[] = [];
    try {
      const route = resolveRoute(catalog.snapshot, res.locals.caller as Caller, iface, callNameOf[iface](req));
      if ("kind" in route) return next(route);
      const [channel] = orderChannels(eligibleChannels(catalog.snapshot.channels, iface, route.group.family, route.group.id, route.model.modelId));
      const counter = channel && countsOn(channel, route.group.family) ? counters[channel.kind] : undefined;
      const raw = rawJsonOf(res);
      // The bytes (reused slabs, see body-slabs.ts) are read again after the upstream's answer (for
      // the estimate), when the client may have gone, and what was built is sent until then.
      if (raw) releases.push(holdBytes(raw.bytes));
      if (counter) {
        const client: ClientRequest = { body: req.body, raw, stream: false, headers: req.headers, query: req.query as Record<string, unknown> };
        const upstream = counter(client, channel, route.model.modelId);
        releases.push(holdBytes(upstream.body));
        // Not kept while the upstream counts (as a generation call, see admittedRequest): the estimate reads the bytes again if it must.
        if (raw) req.body = undefined;
        try {
          await upstream.authorize?.();
          const answer = await dispatcher.request({
            ...originAndPath(upstream.url),
            method: "POST",
            headers: withUserAgent(upstream.headers, channel.upstreamUserAgent),
            body: upstream.body,
            headersTimeout: Math.min(channel.timeoutMs, countTimeoutMs),
            bodyTimeout: Math.min(channel.timeoutMs, countTimeoutMs),
          });
          const said = await answer.body.text();
          const { status, text } = answer.statusCode >= 400 && upstream.upstreamError ? upstream.upstreamError(answer.statusCode, said, answer.headers) : { status: answer.statusCode, text: said };
          if (status === 200) return void res.writeHead(200, { "content-type": "application/json" }).end(upstream.answer ? upstream.answer(text) : text);
          // The request's own fault reaches the client in its interface's error shape; anything else (the channel's credentials, a 404 of an upstream that cannot count, 429, a count it gave up) falls back to the estimate.
          if (status >= 400 && status < 500 && ![404, 429].includes(status) && !channelRefused(status, text) && !gaveUp(status, text)) {
            return void res.writeHead(status, { "content-type": "application/json" }).end(refusalBody(wireFormatOf(req), status, text, String(res.locals.requestId ?? "")));
          }
          log("relay.count_tokens_estimated", { request_id: res.locals.requestId, channel_id: channel.id, status: answer.statusCode });
        } catch (error) {
          log("relay.count_tokens_estimated", { request_id: res.locals.requestId, channel_id: channel.id, code: (error as { code?: string }).code ?? "error" });
        }
      }
      const tokens = estimateRequestTokens(iface, req.body ?? JSON.parse(raw!.bytes.toString("utf8")));
      res.setHeader("x-tollgate-token-count", "estimate");
      res.json(countAnswer[iface](tokens));
    } catch (error) {
      next(error);
    } finally {
      for (const release of releases) release();
    }
  };
}
