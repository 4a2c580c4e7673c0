// Console and operator API: paths to handlers. Public paths (login, Marketplace) and signed-in
// paths share one validator instance built from the console spec, apart from the relay's.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { lazyValidator, loadSpec } from "../gateway/middleware/validate.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError, consoleErrors } from "./errors.ts";
import { adminHandlers } from "./handlers-admin.ts";
import { auditHandlers } from "./audit.ts";
import { alertHandlers } from "./handlers-alerts.ts";
import { channelHandlers } from "./handlers-channels.ts";
import { usageHandlers } from "./handlers-usage.ts";
import { requestLogHandlers } from "./handlers-request-log.ts";
import { keyHandlers } from "./handlers-keys.ts";
import { adminKeyHandlers } from "./rate-limits.ts";
import { memberHandlers } from "./handlers-members.ts";
import { modelViewHandlers } from "./handlers-models.ts";
import { passwordHandlers } from "./handlers-passwords.ts";
import { passwordResetHandlers } from "./handlers-password-reset.ts";
import { invitationHandlers } from "./handlers-invitations.ts";
import { signUpHandlers } from "./handlers-sign-up.ts";
import { sessionHandlers } from "./handlers-session.ts";
import { adminSessionHandlers } from "./handlers-admin-sessions.ts";
import { identityProviderHandlers } from "./handlers-identity-providers.ts";
import { ssoHandlers } from "./handlers-sso.ts";
import { tokenHandlers } from "./handlers-tokens.ts";
import { loadSession, sameOriginOnly } from "./session.ts";

function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("cache-control", "no-store");
  next();
}

export function consoleRouter(deps: ConsoleDeps): Router {
  const router = express.Router({ caseSensitive: true });
  const session = sessionHandlers(deps);
  const views = modelViewHandlers(deps);
  const keys = keyHandlers(deps);
  const members = memberHandlers(deps);
  const admin = adminHandlers(deps);
  const channels = channelHandlers(deps);
  const usage = usageHandlers(deps);
  const requestLog = requestLogHandlers(deps);
  const tokens = tokenHandlers(deps);
  const adminKeys = adminKeyHandlers(deps);
  const passwords = passwordHandlers(deps);
  const passwordReset = passwordResetHandlers(deps);
  const audit = auditHandlers(deps);
  const alerts = alertHandlers(deps);
  const sso = ssoHandlers(deps);
  const identityProviders = identityProviderHandlers(deps);
  const adminSessions = adminSessionHandlers(deps);
  const invitations = invitationHandlers(deps);
  const signUps = signUpHandlers(deps);

  router.use(
    "/api",
    noStore,
    express.json({ limit: "1mb" }),
    lazyValidator(() => OpenApiValidator.middleware({
      apiSpec: loadSpec("console") as never,
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses: false,
      validateSecurity: false,
      validateApiSpec: false,
      // The SSO callback takes whatever parameters the provider adds (session_state, iss, scope…); openid-client checks the ones that matter.
      // (The validator joins the mount path and the route's: `/api//sso/…`.)
      ignorePaths: (path: string) => !path.startsWith("/api/") || /^\/api\/+sso\/[^/]+\/callback$/.test(path),
    })),
    sameOriginOnly(),
    loadSession(deps.store),
  );

  router.post("/api/session", session.login);
  router.delete("/api/session", session.logout);
  router.get("/api/me", session.me);
  router.put("/api/me/password", passwords.changeOwn);
  router.post("/api/admin/password-resets", passwords.reset);
  router.get("/api/sign-in-options", async (req, res) => passwordReset.signInOptions(req, res, await sso.signInButtons()));
  router.get("/api/sso/:providerId/start", sso.start);
  router.get("/api/sso/:providerId/callback", sso.callback);
  // The validator skips the callback (above), so its 405 for other methods is answered here, in the validator's shape.
  router.all("/api/sso/:providerId/callback", (req, _res, next) => next({ status: 405, message: `${req.method} is not allowed on the single sign-on callback`, headers: { Allow: "get" } }));
  router.post("/api/password-reset-links", passwordReset.requestLink);
  router.post("/api/password-resets", passwordReset.resetByLink);
  router.post("/api/invitation-previews", invitations.preview);
  router.post("/api/invitation-acceptances", invitations.accept);
  router.post("/api/sign-ups", signUps.signUp);
  router.post("/api/sign-up-verifications", signUps.verify);
  router.get("/api/marketplace", views.marketplace);
  router.get("/api/call-guide", views.callGuide);

  router.get("/api/keys", keys.list);
  router.post("/api/keys", keys.create);
  router.patch("/api/keys/:id", keys.update);
  router.delete("/api/keys/:id", keys.revoke);

  router.get("/api/members", members.list);
  router.post("/api/members", members.create);
  router.patch("/api/members/:id", members.update);
  router.put("/api/members/:id/groups", members.setGroups);
  router.delete("/api/members/:id", members.archive);
  router.get("/api/invitations", invitations.list);
  router.post("/api/invitations", invitations.create);
  router.post("/api/invitations/:id/resend", invitations.resend);
  router.delete("/api/invitations/:id", invitations.revoke);

  router.get("/api/admin/groups", admin.listGroups);
  router.post("/api/admin/groups", admin.createGroup);
  router.patch("/api/admin/groups/:id", admin.updateGroup);
  router.delete("/api/admin/groups/:id", admin.archiveGroup);
  router.get("/api/admin/organizations", admin.listOrganizations);
  router.post("/api/admin/organizations", admin.createOrganization);
  router.patch("/api/admin/organizations/:id", admin.updateOrganization);
  router.post("/api/admin/organizations/:id/top-ups", admin.topUp);
  router.delete("/api/admin/organizations/:id", admin.archiveOrganization);
  router.put("/api/admin/organizations/:id/exclusive-groups", admin.setExclusiveGroups);
  router.get("/api/admin/organizations/:id/keys", adminKeys.listOfOrganization);
  router.patch("/api/admin/keys/:id", adminKeys.update);

  router.get("/api/admin/channels", channels.list);
  router.post("/api/admin/channels", channels.create);
  router.patch("/api/admin/channels/:id", channels.update);
  router.delete("/api/admin/channels/:id", channels.archive);
  router.post("/api/admin/channels/:id/test", channels.test);

  router.get("/api/admin/call-state", admin.callState);

  router.get("/api/admin/identity-providers", identityProviders.list);
  router.post("/api/admin/identity-providers", identityProviders.create);
  router.patch("/api/admin/identity-providers/:id", identityProviders.update);
  router.delete("/api/admin/identity-providers/:id", identityProviders.remove);
  router.get("/api/admin/sessions", adminSessions.list);
  router.delete("/api/admin/sessions", adminSessions.endAll);
  router.delete("/api/admin/sessions/:id", adminSessions.endOne);

  router.get("/api/usage/summary", usage.summary);
  router.get("/api/usage/calls", requestLog.list);
  router.get("/api/usage/calls.csv", requestLog.exportCsv);
  router.get("/api/usage/calls/:id", requestLog.detail);

  router.get("/api/audit", audit.list);

  router.get("/api/alerts", alerts.get);
  router.put("/api/alerts", alerts.put);
  router.delete("/api/alerts", alerts.remove);

  router.get("/api/tokens", tokens.list);
  router.post("/api/tokens", tokens.create);
  router.delete("/api/tokens/:id", tokens.revoke);

  router.use("/api", (req, _res, next) => next(consoleError("not_found", `${req.method} ${req.path} is not a console endpoint.`)));
  router.use("/api", consoleErrors(deps.log));
  return router;
}
