// The bound group's models in the list shape each SDK expects (wire-formats.md §1.6, §2.5, §4.6).
import type { NextFunction, Request, Response } from "express";
import type { Group } from "../../store/records.ts";
import type { Catalog } from "../catalog.ts";
import type { Caller } from "../middleware/authenticate.ts";
import { isFamilyCRequest } from "../errors/wire-format.ts";
import { boundGroup } from "../resolve-route.ts";

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
    if (isFamilyCRequest(req)) return geminiList(req, res, group);
    const createdSeconds = Math.floor(group.createdAt / 1000);
    if (req.headers["anthropic-version"] === undefined) {
      res.json({
        object: "list",
        data: group.models.map((model) => ({ id: model.modelId, object: "model", created: createdSeconds, owned_by: group.identifier })),
      });
      return;
    }
    // Family A pagination: after_id / before_id / limit (default 20), newest-first order not implied.
    const ids = group.models.map((model) => model.modelId);
    const limit = Number(req.query.limit ?? 20);
    let start = 0;
    let end = ids.length;
    if (typeof req.query.after_id === "string") start = ids.indexOf(req.query.after_id) + 1;
    if (typeof req.query.before_id === "string") end = Math.max(0, ids.indexOf(req.query.before_id));
    const page = typeof req.query.before_id === "string" ? group.models.slice(Math.max(start, end - limit), end) : group.models.slice(start, start + limit);
    const last = page.at(-1);
    res.json({
      data: page.map((model) => ({
        type: "model",
        id: model.modelId,
        display_name: model.displayName,
        created_at: new Date(group.createdAt).toISOString(),
      })),
      has_more: last ? ids.indexOf(last.modelId) < ids.length - 1 && typeof req.query.before_id !== "string" : false,
      first_id: page[0]?.modelId ?? null,
      last_id: last?.modelId ?? null,
    });
  };
}

export function listGeminiModels(catalog: Catalog) {
  return function handleListGeminiModels(req: Request, res: Response, next: NextFunction) {
    const group = groupOf(catalog, res, next);
    if (group) geminiList(req, res, group);
  };
}

function geminiList(req: Request, res: Response, group: Group): void {
  const pageSize = Math.min(Number(req.query.pageSize ?? 50) || 50, 1000);
  const start = Number(req.query.pageToken ?? 0) || 0;
  const page = group.models.slice(start, start + pageSize);
  const next_ = start + pageSize < group.models.length ? String(start + pageSize) : undefined;
  res.json({
    models: page.map((model) => ({
      name: `models/${model.modelId}`,
      displayName: model.displayName,
      description: `${model.displayName} in group ${group.name}`,
      supportedGenerationMethods: ["generateContent", "streamGenerateContent"],
    })),
    ...(next_ ? { nextPageToken: next_ } : {}),
  });
}
