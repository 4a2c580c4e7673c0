// Operator: upstream channels. Credentials go in, hints come out; the test button sends one tiny
// request through the same adapters and pools the relay uses.
import type { Request, Response } from "express";
import { request } from "undici";
import { CredentialFormError, checkCredential, serviceAccount } from "../domain/channel-credentials.ts";
import { type ChannelKind, type ChannelPreset, defaultBaseUrl, isCloudKind, presetsOf, regionPresets } from "../domain/channel-presets.ts";
import { type Family, familyLabels } from "../domain/families.ts";
import { kindServesFamily } from "../domain/group-interfaces.ts";
import { anthropicAdapter } from "../gateway/upstreams/anthropic.ts";
import type { UpstreamAdapter } from "../gateway/upstreams/adapter.ts";
import { geminiAdapter } from "../gateway/upstreams/gemini.ts";
import { chatAdapter } from "../gateway/upstreams/openai-chat.ts";
import { channelAdapter } from "../gateway/upstreams/by-kind.ts";
import { userAgentOf, withUserAgent } from "../gateway/upstreams/user-agent.ts";
import type { Channel } from "../store/channels.ts";
import type { ChannelHealth } from "../call-state/circuit.ts";
import type { ConsoleDeps } from "./context.ts";
import { recordAudit } from "./audit.ts";
import { consoleError } from "./errors.ts";
import { currentOperator } from "./session.ts";

type ChannelBody = {
  name?: string;
  kind?: ChannelKind;
  preset?: ChannelPreset;
  base_url?: string;
  credentials?: string[];
  models?: string[];
  model_mapping?: Record<string, string>;
  group_ids?: string[];
  priority?: number;
  weight?: number;
  timeout_ms?: number;
  user_agent?: string;
  region?: string;
  project?: string;
  api_version?: string;
  enabled?: boolean;
};

/**
 * The User-Agent as stored: the contract holds it to printable ASCII of at most 256 characters;
 * the spaces around it are not the operator's meaning (an HTTP field value is read without them),
 * and empty is Tollgate's own (null).
 */
const userAgentFrom = (text: string | undefined): string | null | undefined => (text === undefined ? undefined : text.trim() || null);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Scheme, host and port: where a request to this URL goes (the text itself if it is no URL). */
const originOf = (url: string) => URL.parse(url)?.origin ?? url;

/** A tiny request per format: one output token, the cheapest call that proves the credential works. */
const probeBodies: Record<"messages" | "chat" | "generate-content", { adapter: UpstreamAdapter; body: (model: string, kind: ChannelKind) => Record<string, unknown> }> = {
  messages: { adapter: anthropicAdapter, body: (model) => ({ model, max_tokens: 1, messages: [{ role: "user", content: "ping" }] }) },
  // OpenAI's reasoning models take only max_completion_tokens; the compatible servers, max_tokens.
  chat: {
    adapter: chatAdapter,
    body: (model, kind) => ({ model, [kind === "openai-compatible" ? "max_tokens" : "max_completion_tokens"]: 1, messages: [{ role: "user", content: "ping" }] }),
  },
  "generate-content": { adapter: geminiAdapter, body: () => ({ contents: [{ role: "user", parts: [{ text: "ping" }] }], generationConfig: { maxOutputTokens: 1 } }) },
};

/** The format a channel is probed in: its kind's, and for Vertex AI, its groups' (Claude or Gemini). */
function probeFormat(channel: Channel, families: Family[]): keyof typeof probeBodies {
  if (channel.kind === "anthropic") return "messages";
  if (channel.kind === "gemini") return "generate-content";
  // The clouds serve Claude for Claude groups; else Bedrock's other models (Converse) and Vertex's Gemini.
  if (channel.kind === "bedrock") return families.includes("A") ? "messages" : "chat";
  if (channel.kind === "vertex") return families.includes("A") ? "messages" : "generate-content";
  return "chat";
}

/** A cloud channel's settings, checked against its kind: what it needs is required, what it cannot use is refused. */
function cloudSettings(kind: ChannelKind, body: ChannelBody, credentials: string[] | undefined): { region: string | null; project: string | null; apiVersion: string | null } {
  const refuse = (field: keyof ChannelBody, message: string) => {
    throw consoleError("invalid_request", message, field);
  };
  for (const field of ["region", "project", "api_version"] as const) {
    const usedBy = field === "api_version" ? ["azure-openai"] : field === "project" ? ["vertex"] : ["bedrock", "vertex"];
    if (body[field] !== undefined && !usedBy.includes(kind)) refuse(field, `\`${field}\` is for ${usedBy.join(" and ")} channels; a ${kind} channel has none. Omit it.`);
  }
  if (kind === "bedrock" && !body.region) refuse("region", `\`region\` is required for a bedrock channel: the AWS region its requests are signed for (${regionPresets.bedrock.slice(0, 3).join(", ")}, …).`);
  if (kind === "vertex" && !body.region) refuse("region", `\`region\` is required for a vertex channel: the Vertex AI location (${regionPresets.vertex.slice(0, 3).join(", ")}, …).`);
  let project = body.project ?? null;
  if (kind === "vertex" && !project) {
    project = credentials?.map((credential) => serviceAccount(credential).projectId).find((id) => id !== undefined) ?? null;
    if (!project) refuse("project", "`project` is required for a vertex channel whose service account key names no `project_id`: give the Google Cloud project id.");
  }
  return { region: body.region ?? null, project, apiVersion: body.api_version || null };
}

/** The cloud settings an update changes: only its kind's, and never one it requires to nothing. */
function cloudUpdate(channel: Channel, body: ChannelBody): { region?: string | null; project?: string; apiVersion?: string | null } {
  if (!isCloudKind(channel.kind)) {
    for (const field of ["region", "project", "api_version"] as const) {
      if (body[field] !== undefined) throw consoleError("invalid_request", `\`${field}\` is for cloud channels (bedrock, vertex, azure-openai); a ${channel.kind} channel has none. Omit it.`, field);
    }
    return {};
  }
  const merged = { region: body.region ?? channel.region ?? undefined, project: body.project ?? channel.project ?? undefined, api_version: body.api_version ?? channel.apiVersion ?? undefined };
  // `api_version: ""` survives the merge (it is not nullish) and clears the version.
  const checked = cloudSettings(channel.kind, merged, undefined);
  return {
    ...(body.region !== undefined ? { region: checked.region } : {}),
    ...(body.project !== undefined ? { project: checked.project ?? undefined } : {}),
    ...(body.api_version !== undefined ? { apiVersion: checked.apiVersion } : {}),
  };
}

/**
 * Where a channel moved to another region now points: a Bedrock or Vertex AI channel on its old
 * region's own endpoint follows to the new region's (the signature's region and the host must
 * agree); one on an endpoint of the operator's own (a proxy, a private endpoint) stays there.
 */
function followedBaseUrl(channel: Channel, body: ChannelBody, region: string | null | undefined): string | undefined {
  if (body.base_url !== undefined || region === undefined || region === channel.region) return body.base_url;
  if (channel.kind !== "bedrock" && channel.kind !== "vertex") return undefined;
  return channel.baseUrl === defaultBaseUrl(channel.kind, null, channel.region) ? defaultBaseUrl(channel.kind, null, region) : undefined;
}

/** Each credential in the form its kind takes (a 400 that says the form); a kind with plain keys takes any text. */
function checkCredentials(kind: ChannelKind, credentials: string[] | undefined) {
  if (!credentials) return;
  for (const [index, credential] of credentials.entries()) {
    try {
      checkCredential(kind, credential);
    } catch (error) {
      if (error instanceof CredentialFormError) throw consoleError("invalid_request", `\`credentials[${index}]\`: ${error.message}.`, "credentials");
      throw error;
    }
  }
}

export function channelHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  const { channels } = deps.callState;

  const channelJson = (channel: Channel, fresh?: Map<string, ChannelHealth>) => {
    const view = fresh?.get(channel.id) ?? channels.view(channel.id);
    return {
      id: channel.id,
      name: channel.name,
      kind: channel.kind,
      preset: channel.preset as ChannelPreset | null,
      base_url: channel.baseUrl,
      credentials: { count: channel.credentialHints.length, hints: channel.credentialHints },
      models: channel.models,
      model_mapping: channel.modelMapping,
      group_ids: channel.groupIds,
      priority: channel.priority,
      weight: channel.weight,
      timeout_ms: channel.timeoutMs,
      user_agent: channel.userAgent,
      region: channel.region,
      project: channel.project,
      api_version: channel.apiVersion,
      enabled: channel.enabled,
      health: {
        state: view.state,
        window_calls: view.calls,
        window_failures: view.failures,
        consecutive_failures: view.consecutiveFailures,
        last_error: view.lastError,
        last_failure_at: iso(view.lastFailureAt),
        retry_at: iso(view.retryAt),
      },
      source: channel.source,
    };
  };

  /** What the audit log keeps of a channel: its settings, never its health (which is not configuration) nor its credentials (only their hints). */
  const settingsOf = (channel: Channel) => {
    const { health: _health, ...settings } = channelJson(channel);
    return settings;
  };

  /** Every group exists, and the channel's kind can serve it: a binding no call could ever use is refused. */
  async function checkGroups(groupIds: string[] | undefined, kind: ChannelKind) {
    if (!groupIds) return;
    const groups = new Map((await store.groups.list()).map((group) => [group.id, group]));
    const unknown = groupIds.find((id) => !groups.has(id));
    if (unknown !== undefined) throw consoleError("invalid_request", `No group "${unknown}". Use ids from the groups list.`, "group_ids");
    const unservable = groupIds.map((id) => groups.get(id)!).find((group) => !kindServesFamily(kind, group.family));
    if (unservable) {
      throw consoleError(
        "invalid_request",
        `A channel of kind ${kind} cannot serve group "${unservable.name}" (${familyLabels[unservable.family]}). Remove it from \`group_ids\`, or serve it with a channel of a kind its family uses.`,
        "group_ids",
      );
    }
  }

  /** A preset belongs to a kind: the Anthropic-compatible endpoints to `anthropic`, the OpenAI-compatible APIs to `openai-compatible`. */
  function checkPreset(kind: ChannelKind, preset: ChannelPreset | undefined) {
    if (preset === undefined || presetsOf[kind].includes(preset)) return;
    const offered = presetsOf[kind].length ? `Presets of kind ${kind}: ${presetsOf[kind].join(", ")}.` : `Kind ${kind} has no presets: omit \`preset\`.`;
    throw consoleError("invalid_request", `\`preset\` "${preset}" does not exist for kind ${kind}. ${offered}`, "preset");
  }

  /** Channel names are unique; another channel's name is a conflict the operator resolves. */
  async function checkName(name: string | undefined, ownId?: string) {
    if (name === undefined) return;
    const existing = await store.channels.byName(name);
    if (existing && existing.id !== ownId) throw consoleError("conflict", `A channel named "${name}" exists. Choose another name.`, "name");
  }

  async function channelOr404(id: string) {
    const channel = await store.channels.get(id);
    if (!channel) throw consoleError("not_found", `No channel "${id}".`);
    return channel;
  }

  return {
    async list(_req: Request, res: Response) {
      currentOperator(res);
      // The owner's own view, window counts included (workers hear of state changes only).
      const fresh = await channels.fresh().catch(() => undefined);
      res.json({ data: (await store.channels.list()).map((channel) => channelJson(channel, fresh)) });
    },
    async create(req: Request, res: Response) {
      currentOperator(res);
      const body = req.body as Required<Pick<ChannelBody, "name" | "kind" | "credentials" | "group_ids">> & ChannelBody;
      checkPreset(body.kind, body.preset);
      const preset = body.kind === "openai-compatible" ? (body.preset ?? "custom") : (body.preset ?? null);
      checkCredentials(body.kind, body.credentials);
      const cloud = cloudSettings(body.kind, body, body.credentials);
      const baseUrl = body.base_url ?? defaultBaseUrl(body.kind, preset, cloud.region);
      if (!baseUrl) {
        throw consoleError(
          "invalid_request",
          body.kind === "azure-openai"
            ? "`base_url` is required for an azure-openai channel: the resource's endpoint, https://<resource>.openai.azure.com (Azure portal → the resource → Keys and Endpoint)."
            : "`base_url` is required for a custom openai-compatible channel. Give the provider's URL including its version path (…/v1), or choose a preset.",
          "base_url",
        );
      }
      await checkGroups(body.group_ids, body.kind);
      await checkName(body.name);
      const id = await store.channels.create(
        {
          name: body.name,
          kind: body.kind,
          preset,
          baseUrl,
          models: body.models ?? [],
          modelMapping: body.model_mapping ?? {},
          groupIds: body.group_ids,
          priority: body.priority ?? 0,
          weight: body.weight ?? 1,
          timeoutMs: body.timeout_ms ?? 120_000,
          userAgent: userAgentFrom(body.user_agent) ?? null,
          ...cloud,
          enabled: body.enabled ?? true,
          source: "console",
        },
        body.credentials,
      );
      await deps.onChange();
      deps.log("admin.channel_created", { channel_id: id, kind: body.kind });
      const created = (await store.channels.get(id))!;
      await recordAudit(deps, res, "channel.created", { type: "channel", id, name: created.name }, null, settingsOf(created));
      res.status(201).json(channelJson(created));
    },
    async update(req: Request, res: Response) {
      currentOperator(res);
      const channel = await channelOr404(String(req.params.id));
      const body = req.body as ChannelBody;
      await checkGroups(body.group_ids, channel.kind);
      await checkName(body.name, channel.id);
      checkCredentials(channel.kind, body.credentials);
      const cloud = cloudUpdate(channel, body);
      // The stored credentials go wherever the channel points: never to a new host they were not given
      // for. A cloud's own endpoint for the channel's region is the same account's, so they may go there.
      const cloudEndpoint = isCloudKind(channel.kind) ? defaultBaseUrl(channel.kind, null, cloud.region ?? channel.region) : undefined;
      if (body.base_url !== undefined && body.credentials === undefined && originOf(body.base_url) !== originOf(channel.baseUrl) && body.base_url !== cloudEndpoint) {
        throw consoleError(
          "invalid_request",
          `\`base_url\` moves this channel to another host (${originOf(body.base_url)}), and its stored credentials would be sent there. Give the credentials for that host in \`credentials\` in the same request.`,
          "credentials",
        );
      }
      await store.channels.update(
        channel.id,
        {
          name: body.name,
          baseUrl: followedBaseUrl(channel, body, cloud.region),
          models: body.models,
          modelMapping: body.model_mapping,
          groupIds: body.group_ids,
          priority: body.priority,
          weight: body.weight,
          timeoutMs: body.timeout_ms,
          userAgent: userAgentFrom(body.user_agent),
          ...cloud,
          enabled: body.enabled,
        },
        body.credentials,
      );
      await deps.onChange();
      const after = (await store.channels.get(channel.id))!;
      await recordAudit(deps, res, "channel.updated", { type: "channel", id: channel.id, name: after.name }, settingsOf(channel), settingsOf(after));
      res.json(channelJson(after));
    },
    async archive(req: Request, res: Response) {
      currentOperator(res);
      const channel = await channelOr404(String(req.params.id));
      await store.channels.archive(channel.id);
      await recordAudit(deps, res, "channel.archived", { type: "channel", id: channel.id, name: channel.name }, settingsOf(channel), null);
      await deps.onChange();
      deps.log("admin.channel_archived", { channel_id: channel.id });
      res.json({ id: channel.id, archived: true });
    },
    async test(req: Request, res: Response) {
      currentOperator(res);
      const channel = (await store.channels.listWithCredentials()).find((candidate) => candidate.id === req.params.id);
      if (!channel) throw consoleError("not_found", `No channel "${req.params.id}".`);
      const groups = await store.groups.list();
      const model = channel.models[0] ?? groups.find((group) => channel.groupIds.includes(group.id))?.models[0]?.modelId;
      if (!model) throw consoleError("invalid_request", "This channel serves no model yet: add models to its groups or to the channel first.");
      const format = probeFormat(channel, groups.filter((group) => channel.groupIds.includes(group.id)).map((group) => group.family));
      const probe = probeBodies[format];
      const upstream = channelAdapter(channel.kind, format, probe.adapter, true).build(
        { body: probe.body(model, channel.kind), raw: null, stream: false, headers: {}, query: {} },
        {
          baseUrl: channel.baseUrl,
          credential: channel.credentials[0],
          upstreamModel: channel.modelMapping[model] ?? model,
          region: channel.region,
          project: channel.project,
          apiVersion: channel.apiVersion,
        },
      );
      const started = performance.now();
      try {
        await upstream.authorize?.();
      } catch (error) {
        res.json({ ok: false, status: null, latency_ms: Math.round(performance.now() - started), message: `Could not authenticate: ${(error as Error).message}` });
        return;
      }
      try {
        const response = await request(upstream.url, {
          method: "POST",
          headers: withUserAgent(upstream.headers, userAgentOf(channel)),
          body: upstream.body,
          dispatcher: deps.dispatcher,
          headersTimeout: channel.timeoutMs,
          bodyTimeout: channel.timeoutMs,
        });
        const said = await response.body.text();
        const { status, text } = response.statusCode >= 400 && upstream.upstreamError ? upstream.upstreamError(response.statusCode, said, response.headers) : { status: response.statusCode, text: said };
        const ok = status < 400;
        res.json({
          ok,
          status: response.statusCode,
          latency_ms: Math.round(performance.now() - started),
          message: ok ? `Upstream answered ${status} for model "${model}".` : `Upstream answered ${response.statusCode}: ${text.slice(0, 300)}`,
        });
      } catch (error) {
        res.json({ ok: false, status: null, latency_ms: Math.round(performance.now() - started), message: `Could not reach the upstream: ${(error as Error).message}` });
      }
    },
  };
}
