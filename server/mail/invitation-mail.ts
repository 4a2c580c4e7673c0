// The invitation mail: a link to the console's invitation page carrying the one-time token, in the
// URL's fragment (never sent to a server, so in no access log or Referer; see password-reset-mail.ts).
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

export type InvitationMail = { to: string; organizationName: string; role: string; invitedBy: string; publicUrl: string; token: string; ttlDays: number };

export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/#/invitation/${token}`;

const roleWords: Record<string, string> = { owner: "an owner", "sub-user": "a sub-user", developer: "a developer" };

export function invitationMail({ to, organizationName, role, invitedBy, publicUrl, token, ttlDays }: InvitationMail): Mail {
  const link = invitationLink(publicUrl, token);
  const as = roleWords[role] ?? role;
  const lines = [
    "Hello,",
    "",
    `${invitedBy} invites you to join ${organizationName} on Tollgate as ${as}.`,
    `Open this link to choose a password and sign in. It works once, for ${ttlDays} days:`,
    "",
    link,
    "",
    "If you did not expect this, ignore this mail: nothing is made until the link is used.",
    "",
    `— Tollgate, ${publicUrl}`,
  ];
  const html = [
    "<p>Hello,</p>",
    `<p>${escapeHtml(invitedBy)} invites you to join ${escapeHtml(organizationName)} on Tollgate as ${as}. Open this link to choose a password and sign in. It works once, for ${ttlDays} days:</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    "<p>If you did not expect this, ignore this mail: nothing is made until the link is used.</p>",
    `<p>— Tollgate, ${escapeHtml(publicUrl)}</p>`,
  ].join("\n");
  return { purpose: "invitation", to, subject: `Join ${organizationName} on Tollgate`, text: lines.join("\n"), html };
}
