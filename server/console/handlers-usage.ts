// Usage from the ledger for the console's charts and tables. Scope follows the role: the operator
// sees everything (or one organization), an owner the organization, a sub-user its own calls;
// developers see no billing.
import type { Request, Response } from "express";
import type { UsageGrouping } from "../store/ledger.ts";
import { seesOrganizationBalance } from "../domain/permissions.ts";
import { type ConsoleDeps, withLiveBalances } from "./context.ts";
import { consoleError } from "./errors.ts";
import { currentUser } from "./session.ts";
import { labelsOf, scopeOf } from "./usage-scope.ts";

const day = 24 * 3600 * 1000;

export function usageHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  const names = () => labelsOf(store);

  return {
    async summary(req: Request, res: Response) {
      const user = currentUser(res);
      const scope = scopeOf(user, req.query.organization_id);
      const to = typeof req.query.to === "string" ? Date.parse(req.query.to) : Date.now();
      const from = typeof req.query.from === "string" ? Date.parse(req.query.from) : to - 30 * day;
      if (!(from < to)) throw consoleError("invalid_request", "`from` must be before `to`.", "from");
      const groupBy = (req.query.group_by as UsageGrouping | undefined) ?? "day";
      const [rows, labels] = await Promise.all([store.ledger.summary(scope, from, to, groupBy), names()]);
      const labelOf = (bucket: string) => (groupBy === "day" || groupBy === "model" ? bucket : (labels[groupBy].get(bucket) ?? bucket));
      const totals = { requests: 0, input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost: 0 };
      for (const row of rows) for (const name of Object.keys(totals) as (keyof typeof totals)[]) totals[name] += row[name];
      // A sub-user's summary carries no balance: it sees its own spend and cap (GET /api/me).
      const stored = scope.organizationId && seesOrganizationBalance(user.role) ? await store.organizations.get(scope.organizationId) : undefined;
      const organization = stored && (await withLiveBalances(deps, [stored]))[0];
      res.json({
        group_by: groupBy,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        rows: rows.map(({ bucket, ...figures }) => ({ key: bucket, label: labelOf(bucket), ...figures })),
        totals,
        balance: organization?.balance ?? null,
      });
    },
  };
}
