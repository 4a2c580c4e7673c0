// The operator's view of a person's console sessions, and ending them: e.g. a laptop lost, or a
// person who left while their identity provider still had them signed in. Keys and automation
// tokens are not sessions and stay (revoke those on their own pages).
import type { Request, Response } from "express";
import { recordAudit } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { currentOperator } from "./session.ts";

export function adminSessionHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  async function personOf(req: Request) {
    const email = String(req.query.email);
    const user = await store.users.byEmail(email);
    if (!user) throw consoleError("not_found", `No account uses the address ${email}. Check the \`email\`.`, "email");
    return user;
  }
  const target = (user: { id: string; email: string; organizationId: string | null }) => ({ type: "member" as const, id: user.id, name: user.email, organizationId: user.organizationId });

  return {
    async list(req: Request, res: Response) {
      currentOperator(res);
      const user = await personOf(req);
      const sessions = await store.sessions.ofUser(user.id);
      res.json({
        user: { id: user.id, email: user.email },
        data: sessions.map((session) => ({ id: session.id, method: session.method, created_at: new Date(session.createdAt).toISOString(), expires_at: new Date(session.expiresAt).toISOString() })),
      });
    },
    async endAll(req: Request, res: Response) {
      currentOperator(res);
      const user = await personOf(req);
      const ended = await store.sessions.endOfUser(user.id);
      await recordAudit(deps, res, "member.sessions_ended", target(user), null, { ended });
      res.json({ ended });
    },
    async endOne(req: Request, res: Response) {
      currentOperator(res);
      const user = await personOf(req);
      const ended = await store.sessions.endOfUser(user.id, String(req.params.id));
      if (ended === 0) throw consoleError("not_found", `${user.email} has no live session with the id ${req.params.id}. List them with GET /api/admin/sessions?email=….`);
      await recordAudit(deps, res, "member.sessions_ended", target(user), null, { ended, session_id: req.params.id });
      res.json({ ended });
    },
  };
}
