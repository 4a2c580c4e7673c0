// Budget alert settings: an owner's hook covers their organization (its balance, members and keys);
// the operator's covers every organization. Sub-users and developers have none. The signing secret
// is shown once, when the hook is created or its secret is rotated.
import type { Request, Response } from "express";
import { isInternalTarget } from "../alerts/webhook-targets.ts";
import type { AlertHook } from "../store/alerts.ts";
import type { ConsoleDeps } from "./context.ts";
import { recordAudit } from "./audit.ts";
import { consoleError } from "./errors.ts";
import { currentUser } from "./session.ts";

type AlertHookBody = { url: string; cap_percents?: number[]; balance_below?: number | null; day_cover?: boolean; email_owners?: boolean; email_addresses?: string[]; rotate_secret?: boolean };

export function alertHookJson(hook: AlertHook) {
  return {
    url: hook.url,
    scope: hook.organizationId === null ? ("all_organizations" as const) : ("organization" as const),
    organization_id: hook.organizationId,
    cap_percents: hook.capPercents,
    balance_below: hook.balanceBelow,
    day_cover: hook.dayCover,
    email_owners: hook.emailOwners,
    email_addresses: hook.emailAddresses,
    created_at: new Date(hook.createdAt).toISOString(),
    updated_at: new Date(hook.updatedAt).toISOString(),
  };
}

export function alertHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  /** The scope the signed-in user configures: their organization (owner) or every organization (operator, null). */
  const scopeOf = (res: Response): string | null => {
    const user = currentUser(res);
    if (user.role === "operator") return null;
    if (user.role !== "owner" || !user.organizationId) throw consoleError("forbidden", "Only the organization's owner (or the operator) configures budget alerts.");
    return user.organizationId;
  };
  const auditTarget = (scope: string | null) =>
    scope === null ? { type: "organization" as const, id: "*", name: "every organization", organizationId: null } : { type: "organization" as const, id: scope, organizationId: scope };

  return {
    async get(_req: Request, res: Response) {
      const hook = await store.alerts.get(scopeOf(res));
      if (!hook) throw consoleError("not_found", "No budget alerts are configured yet. PUT /api/alerts with a webhook URL sets them up.");
      res.json(alertHookJson(hook));
    },
    async put(req: Request, res: Response) {
      const scope = scopeOf(res);
      const body = req.body as AlertHookBody;
      let url: URL;
      try {
        url = new URL(body.url);
      } catch {
        throw consoleError("invalid_request", "`url` is not an absolute URL. Give the webhook's full http(s) address.", "url");
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") throw consoleError("invalid_request", "`url` must be an http(s) address.", "url");
      if (url.username || url.password) {
        throw consoleError("invalid_request", "`url` must not carry a user name or password (user:pass@…): deliveries are signed with the hook's secret instead (X-Tollgate-Signature).", "url");
      }
      // Deliveries check every address a name resolves to; an address written in the URL is refused now, while the owner is there to read why.
      if (scope !== null && !deps.alertWebhooksAllowInternal && isInternalTarget(url.hostname)) {
        throw consoleError(
          "invalid_request",
          "`url` names a loopback, private or link-local address, which organizations' webhooks may not reach on this server. Give the receiver's public address (the operator can allow internal ones with TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL).",
          "url",
        );
      }
      const capPercents = [...new Set(body.cap_percents ?? [80, 100])].sort((a, b) => a - b);
      const emailAddresses = [...new Set(body.email_addresses ?? [])];
      if (!deps.mail && (body.email_owners || emailAddresses.length > 0)) {
        throw consoleError(
          "invalid_request",
          "Alerts by e-mail need e-mail, and the operator has not configured it (TOLLGATE_SMTP_HOST, docs/email.md). Leave `email_owners` and `email_addresses` out, or ask the operator.",
          body.email_owners ? "email_owners" : "email_addresses",
        );
      }
      const before = await store.alerts.get(scope);
      const { hook, secret } = await store.alerts.put(scope, { url: url.href, capPercents, balanceBelow: body.balance_below ?? null, dayCover: body.day_cover ?? true, emailOwners: body.email_owners ?? false, emailAddresses }, body.rotate_secret === true);
      const after = alertHookJson(hook);
      await recordAudit(deps, res, before ? "organization.alerts_changed" : "organization.alerts_created", auditTarget(scope), before ? alertHookJson(before) : null, after);
      res.status(before ? 200 : 201).json(secret ? { ...after, secret } : after);
    },
    async remove(_req: Request, res: Response) {
      const scope = scopeOf(res);
      const before = await store.alerts.get(scope);
      if (!before || !(await store.alerts.remove(scope))) throw consoleError("not_found", "No budget alerts are configured.");
      await recordAudit(deps, res, "organization.alerts_removed", auditTarget(scope), alertHookJson(before), null);
      res.json({ deleted: true });
    },
  };
}
