// Budget alerts, off the request path: the primary evaluates every hook on a timer, claims each due
// crossing once per period, and POSTs it as JSON signed Stripe-style:
//   X-Tollgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
// A delivery is tried a few times with backoff; a failure is logged and never touches a call.
// Redirects are never followed, and an organization's hook may not reach this network's insides
// (see webhook-targets.ts): an owner chooses its URL, and the primary is the one that sends it.
import { createHmac, randomUUID } from "node:crypto";
import type { LookupFunction } from "node:net";
import { Agent, fetch } from "undici";
import { periodClock } from "../clock.ts";
import { budgetAlertMail } from "../mail/budget-alert-mail.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Store } from "../store/store.ts";
import { dueCrossings } from "./evaluate.ts";
import { InternalTargetError, checkedLookup, internalTargetRefused, isInternalTarget } from "./webhook-targets.ts";

export function signature(secret: string, body: string, at: number): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

type Log = (event: string, fields: Record<string, unknown>) => void;

/** What went wrong with a delivery, without the URL: the error's name and its cause's code (ECONNREFUSED, a timeout…). */
function errorKind(error: unknown): string {
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string; name?: string } };
  return [name ?? "Error", cause?.code ?? cause?.name].filter(Boolean).join(": ");
}

export type DeliveryOptions = {
  attempts?: number;
  backoffMs?: number;
  /** Whether the URL may name (or resolve to) a loopback, private or link-local address: the operator's own hook may. */
  internalTargets?: "allowed" | "refused";
  /** Resolves the URL's host name (tests answer for names of their own); dns.lookup by default. */
  lookup?: LookupFunction;
};

/** POSTs one alert; tries `attempts` times, waiting 1 s, 2 s, 4 s… between them. */
export async function deliver(url: string, secret: string, payload: Record<string, unknown>, log: Log, options: DeliveryOptions = {}): Promise<boolean> {
  const { attempts = 4, backoffMs = 1_000, internalTargets = "refused" } = options;
  const body = JSON.stringify(payload);
  // Logs name the host only: a webhook's path or query often is its secret (Slack's, `?token=`).
  const parsed = URL.parse(url);
  const host = parsed?.origin ?? "(not a URL)";
  const refuseInternal = internalTargets === "refused";
  // An address written in the URL is never looked up: it is checked here; a name is checked as it
  // resolves, and the connection goes to the address checked, so a second answer cannot swap it.
  if (refuseInternal && parsed && isInternalTarget(parsed.hostname)) {
    log("alerts.delivery_refused", { url: host, id: payload.id, reason: internalTargetRefused });
    return false;
  }
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(refuseInternal, options.lookup) } });
  try {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Tollgate-Alerts", "x-tollgate-signature": signature(secret, body, Date.now()) },
          body,
          // A redirect is a failed delivery: following it would send the alert (and reach) wherever the receiver points.
          redirect: "manual",
          dispatcher,
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer().catch(() => {});
        if (response.ok) return true;
        log("alerts.delivery_failed", { url: host, id: payload.id, attempt, status: response.status });
      } catch (error) {
        if ((error as { cause?: unknown })?.cause instanceof InternalTargetError) {
          log("alerts.delivery_refused", { url: host, id: payload.id, reason: internalTargetRefused });
          return false;
        }
        // Not the error's message: some name the whole URL (undici's for one with credentials in it).
        log("alerts.delivery_failed", { url: host, id: payload.id, attempt, error: errorKind(error) });
      }
      if (attempt < attempts) await new Promise((done) => setTimeout(done, backoffMs * 2 ** (attempt - 1)));
    }
  } finally {
    void dispatcher.close().catch(() => {});
  }
  log("alerts.delivery_gave_up", { url: host, id: payload.id, attempts });
  return false;
}

export type AlertOptions = {
  /** TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: organizations' hooks may reach internal addresses too. */
  organizationHooksMayTargetInternal: boolean;
  /** Outgoing e-mail, for hooks that also mail their alerts; without it they go by webhook only. */
  mail?: { mailer: Mailer; publicUrl: string };
};

/** Who a crossing is mailed to: the organization's owners (if the hook says so) and the hook's addresses, each once. */
function recipients(hook: { emailOwners: boolean; emailAddresses: string[] }, organizationId: string | undefined, members: { organizationId: string | null; role: string; email: string }[]): string[] {
  const owners = hook.emailOwners && organizationId ? members.filter((member) => member.organizationId === organizationId && member.role === "owner").map((member) => member.email) : [];
  const seen = new Set<string>();
  return [...owners, ...hook.emailAddresses].filter((address) => !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()));
}

/** Evaluates every hook now; deliveries run in the background. */
export async function evaluateAlerts(store: Store, log: Log, options: AlertOptions = { organizationHooksMayTargetInternal: false }): Promise<number> {
  const hooks = await store.alerts.all();
  if (hooks.length === 0) return 0;
  const now = periodClock();
  const organizations = await store.organizations.list();
  const members = (await Promise.all(organizations.map((org) => store.users.inOrganization(org.id)))).flat();
  const data = { organizations, members, keys: await store.keys.active(), costLastDay: await store.alerts.costSince(Date.now() - 86_400_000) };
  let sent = 0;
  for (const hook of hooks) {
    for (const crossing of dueCrossings(hook, now, data)) {
      if (!(await store.alerts.claim(hook.id, crossing.subject, crossing.kind, crossing.periodStart))) continue;
      sent++;
      const payload = { id: `evt_${randomUUID()}`, created_at: new Date(now).toISOString(), ...crossing.payload };
      // The operator's hook (every organization) is the operator's to point anywhere.
      const internalTargets = hook.organizationId === null || options.organizationHooksMayTargetInternal ? "allowed" : "refused";
      void deliver(hook.url, hook.secret, payload, log, { internalTargets });
      // The mailer queues and returns at once, so a slow SMTP server holds up no evaluation.
      if (options.mail) {
        const organizationId = (crossing.payload.organization as { id?: string } | undefined)?.id;
        for (const to of recipients(hook, organizationId, data.members)) options.mail.mailer.send(budgetAlertMail({ to, payload, publicUrl: options.mail.publicUrl }));
      }
    }
  }
  return sent;
}

/** The primary's timer (TOLLGATE_ALERT_INTERVAL_MS, default a minute). */
export function startAlerts(store: Store, log: Log, intervalMs: number, options: AlertOptions): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    await evaluateAlerts(store, log, options)
      .catch((error) => log("alerts.evaluate_failed", { error: String(error) }))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
