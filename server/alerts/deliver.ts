// Budget alerts, off the request path: the primary evaluates every hook on a timer, claims each due
// crossing once per period, and POSTs it as JSON signed Stripe-style:
//   X-Tollgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
// A delivery is tried a few times with backoff; a failure is logged and never touches a call.
import { createHmac, randomUUID } from "node:crypto";
import { periodClock } from "../clock.ts";
import type { Store } from "../store/store.ts";
import { dueCrossings } from "./evaluate.ts";

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

/** POSTs one alert; tries `attempts` times, waiting 1 s, 2 s, 4 s… between them. */
export async function deliver(url: string, secret: string, payload: Record<string, unknown>, log: Log, { attempts = 4, backoffMs = 1_000 } = {}): Promise<boolean> {
  const body = JSON.stringify(payload);
  // Logs name the host only: a webhook's path or query often is its secret (Slack's, `?token=`).
  const host = URL.parse(url)?.origin ?? "(not a URL)";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Tollgate-Alerts", "x-tollgate-signature": signature(secret, body, Date.now()) },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer().catch(() => {});
      if (response.ok) return true;
      log("alerts.delivery_failed", { url: host, id: payload.id, attempt, status: response.status });
    } catch (error) {
      // Not the error's message: some name the whole URL (undici's for one with credentials in it).
      log("alerts.delivery_failed", { url: host, id: payload.id, attempt, error: errorKind(error) });
    }
    if (attempt < attempts) await new Promise((done) => setTimeout(done, backoffMs * 2 ** (attempt - 1)));
  }
  log("alerts.delivery_gave_up", { url: host, id: payload.id, attempts });
  return false;
}

/** Evaluates every hook now; deliveries run in the background. */
export async function evaluateAlerts(store: Store, log: Log): Promise<number> {
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
      void deliver(hook.url, hook.secret, payload, log);
    }
  }
  return sent;
}

/** The primary's timer (TOLLGATE_ALERT_INTERVAL_MS, default a minute). */
export function startAlerts(store: Store, log: Log, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    await evaluateAlerts(store, log)
      .catch((error) => log("alerts.evaluate_failed", { error: String(error) }))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
