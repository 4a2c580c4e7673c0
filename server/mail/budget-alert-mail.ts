// A budget alert as a mail, beside its webhook: what fired, for which organization, and the
// numbers, in words. It carries no token and no link that signs anyone in.
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

type Payload = Record<string, unknown> & { type?: string; organization?: { id?: string; name?: string | null }; subject?: { type?: string; name?: string } };

const money = (micros: unknown) => `$${(Number(micros) / 1_000_000).toFixed(2)}`;

/** One sentence for each kind of crossing evaluate.ts makes. */
export function alertSentence(payload: Payload): string {
  const org = payload.organization?.name ?? "An organization";
  switch (payload.type) {
    case "cap.threshold":
      return `${payload.subject?.type === "key" ? "The key" : "The member"} ${payload.subject?.name} of ${org} has spent ${money(payload.spent)}, ${payload.threshold_percent}% or more of its ${money(payload.spend_cap)} cap${payload.cap_period ? ` (${payload.cap_period})` : ""}.`;
    case "balance.below":
      return `The balance of ${org} is ${money(payload.balance)}, below the ${money(payload.balance_below)} this alert watches for.`;
    case "balance.day_cover":
      return `The balance of ${org} is ${money(payload.balance)}, less than the ${money(payload.cost_last_24h)} its calls cost in the last 24 hours: at that rate it runs out within a day.`;
    default:
      return `A budget alert (${payload.type}) fired for ${org}.`;
  }
}

export function budgetAlertMail({ to, payload, publicUrl }: { to: string; payload: Payload; publicUrl: string }): Mail {
  const sentence = alertSentence(payload);
  const org = payload.organization?.name ?? "your organization";
  const text = [sentence, "", `Top up or change the caps in the Tollgate console: ${publicUrl}`, "", "You get this mail because the budget alerts of the organization name this address or its owners. An owner changes that on the console's Alerts page."].join("\n");
  const html = [
    `<p>${escapeHtml(sentence)}</p>`,
    `<p>Top up or change the caps in the <a href="${escapeHtml(publicUrl)}">Tollgate console</a>.</p>`,
    "<p>You get this mail because the budget alerts of the organization name this address or its owners. An owner changes that on the console's Alerts page.</p>",
  ].join("\n");
  return { purpose: "budget_alert", to, subject: `Tollgate budget alert: ${org}`, text, html };
}
