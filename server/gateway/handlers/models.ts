// The bound group's models in the list shape each SDK expects (wire-formats.md §1.6, §2.5, §4.6),
// and one model in the same shapes: SDKs and CLIs retrieve one to check that it exists.
import type { NextFunction, Request, Response } from "express";
import { callNameInPath } from "../../domain/call-name.ts";
import { groupCalls } from "../../domain/group-interfaces.ts";
import { modelCapabilities } from "../../domain/model-capabilities.ts";
import type { Group, GroupModel } from "../../store/records.ts";
import type { Catalog, Snapshot } from "../catalog.ts";
import { eligibleChannels, translatingChannels } from "../channels/select.ts";
import type { Caller } from "../middleware/authenticate.ts";
import { isFamilyCRequest } from "../errors/wire-format.ts";
import { boundGroup, resolveRoute } from "../resolve-route.ts";

function groupOf(catalog: Catalog, res: Response, next: NextFunction): Group | undefined {
  const group = boundGroup(catalog.snapshot, res.locals.caller as Caller);
  if ("kind" in group) {
    next(group);
    return undefined;
  }
  return group;
}

export function listModels(catalog: Catalog) {
  return function handleListModels(req: Request, res: Response, next: NextFunction) {
    const group = groupOf(catalog, res, next);
    if (!group) return;
    if (isFamilyCRequest(req)) return geminiList(req, res, catalog.snapshot, group);
    if (req.headers["anthropic-version"] === undefined) {
      res.json({ object: "list", data: group.models.map((model) => openaiModel(group, model.modelId)) });
      return;
    }
    // Family A pagination: after_id / before_id / limit (default 20), newest-first order not implied.
    // `has_more` says whether more lie in the direction asked (the SDK pages back while it is true);
    // a cursor that names none of the group's models (one removed meanwhile) gives an empty page,
    // never the list again from its start.
    const ids = group.models.map((model) => model.modelId);
    const limit = Number(req.query.limit ?? 20);
    const after = typeof req.query.after_id === "string" ? ids.indexOf(req.query.after_id) : undefined;
    const before = typeof req.query.before_id === "string" ? ids.indexOf(req.query.before_id) : undefined;
    const start = after === undefined ? 0 : after < 0 ? ids.length : after + 1;
    const end = before === undefined ? ids.length : Math.max(0, before);
    const page = before !== undefined ? group.models.slice(Math.max(start, end - limit), end) : group.models.slice(start, start + limit);
    const first = page[0];
    const last = page.at(-1);
    const hasMore = before !== undefined ? first !== undefined && ids.indexOf(first.modelId) > start : last !== undefined && ids.indexOf(last.modelId) < ids.length - 1;
    res.json({
      data: page.map((model) => anthropicModel(group, model, model.modelId)),
      has_more: hasMore,
      first_id: first?.modelId ?? null,
      last_id: last?.modelId ?? null,
    });
  };
}

export function listGeminiModels(catalog: Catalog) {
  return function handleListGeminiModels(req: Request, res: Response, next: NextFunction) {
    const group = groupOf(catalog, res, next);
    if (group) geminiList(req, res, catalog.snapshot, group);
  };
}

function geminiList(req: Request, res: Response, snapshot: Snapshot, group: Group): void {
  // pageSize as the API takes it (50 unless a positive size is given, at most 1000); a page token
  // this list did not give (not a position in it) gives an empty page, never the list again.
  const size = Number(req.query.pageSize ?? 50);
  const pageSize = Number.isInteger(size) && size > 0 ? Math.min(size, 1000) : 50;
  const token = req.query.pageToken;
  const at = token === undefined || token === "" ? 0 : Number(token);
  const start = Number.isInteger(at) && at >= 0 ? at : group.models.length;
  const page = group.models.slice(start, start + pageSize);
  const next_ = start + pageSize < group.models.length ? String(start + pageSize) : undefined;
  res.json({ models: page.map((model) => geminiModel(snapshot, group, model, model.modelId)), ...(next_ ? { nextPageToken: next_ } : {}) });
}

// One model per shape; `id` is the name the caller used (plain or group-qualified), so an SDK finds what it asked for.
const openaiModel = (group: Group, id: string) => ({ id, object: "model", created: Math.floor(group.createdAt / 1000), owned_by: group.identifier });
// The limits are the catalog's for the group's model id (domain/model-capabilities.ts), where Anthropic's and Gemini's model objects have fields for them.
const anthropicModel = (group: Group, model: GroupModel, id: string) => {
  const capabilities = modelCapabilities(model.modelId, model.capabilities);
  return {
    type: "model",
    id,
    display_name: model.displayName,
    created_at: new Date(group.createdAt).toISOString(),
    max_input_tokens: capabilities.contextWindow,
    max_tokens: capabilities.maxOutputTokens,
  };
};
const geminiModel = (snapshot: Snapshot, group: Group, model: GroupModel, id: string) => {
  const capabilities = modelCapabilities(model.modelId, model.capabilities);
  return {
    name: `models/${id}`,
    displayName: model.displayName,
    description: `${model.displayName} in group ${group.name}`,
    inputTokenLimit: capabilities.contextWindow,
    outputTokenLimit: capabilities.maxOutputTokens,
    thinking: capabilities.reasoning !== null,
    supportedGenerationMethods: geminiMethods(snapshot, group, model.modelId),
  };
};

/**
 * The Gemini methods a caller of this group can call on the model through Tollgate, as the relay
 * would answer them: none where the group does not take the generateContent interface (natively
 * or translated; the call is refused as an interface mismatch); countTokens wherever it does
 * (Tollgate estimates where no upstream counts); generateContent and its stream only where an
 * enabled channel of the group can serve the model (else the call finds no channel).
 */
function geminiMethods(snapshot: Snapshot, group: Group, modelId: string): string[] {
  const calls = groupCalls(group, "generate-content", snapshot.channelKindsByGroup.get(group.id) ?? []);
  if (calls === null) return [];
  const serving =
    calls === "native" ? eligibleChannels(snapshot.channels, "generate-content", group.family, group.id, modelId) : translatingChannels(snapshot.channels, group.family, group.id, modelId);
  return serving.length > 0 ? ["generateContent", "streamGenerateContent", "countTokens"] : ["countTokens"];
}

/**
 * `GET /v1/models/{model}` and `/v1beta/models/{model}`, also with two segments (`{group}/{model}`:
 * a group-qualified name or an id such as `Qwen/Qwen3-235B-A22B`) or three (a group-qualified name
 * of such an id, as the Call Guide shows it). A model the key's group does not offer is the relay's
 * 404, in the caller's error shape.
 */
export function getModel(catalog: Catalog) {
  return function handleGetModel(req: Request, res: Response, next: NextFunction) {
    const callName = callNameInPath(req.params);
    const route = resolveRoute(catalog.snapshot, res.locals.caller as Caller, "models", callName);
    if ("kind" in route) return next(route);
    const { group, model } = route;
    if (isFamilyCRequest(req)) res.json(geminiModel(catalog.snapshot, group, model, callName));
    else if (req.headers["anthropic-version"] === undefined) res.json(openaiModel(group, callName));
    else res.json(anthropicModel(group, model, callName));
  };
}

/**
 * `GET /v1/models/x:generateContent` (or `:countTokens`) is a method path, not a model: leave it to the 405 that path
 * answers. Other colons are model ids (Ollama's `llama3.1:8b`).
 */
export function notAMethodPath(req: Request, _res: Response, next: NextFunction) {
  next(/:(?:(?:stream)?generatecontent|counttokens)$/i.test(String(req.params.model)) ? "route" : undefined);
}
