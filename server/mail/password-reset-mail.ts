// The "forgot your password" mail: a link to the console's reset page carrying the one-time token.
// The token sits in the URL's fragment (after `#`), which browsers never send to a server, so it
// reaches no access log, proxy or Referer header on the way to the console.
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

export type PasswordResetMail = { to: string; userId: string; name: string; publicUrl: string; token: string; ttlMinutes: number };

export const passwordResetLink = (publicUrl: string, token: string) => `${publicUrl}/#/reset-password/${token}`;

export function passwordResetMail({ to, userId, name, publicUrl, token, ttlMinutes }: PasswordResetMail): Mail {
  const link = passwordResetLink(publicUrl, token);
  const lines = [
    `Hello ${name},`,
    "",
    `Someone (we hope you) asked to set a new password for the Tollgate console account ${to}.`,
    `Open this link to choose one. It works once, for ${ttlMinutes} minutes:`,
    "",
    link,
    "",
    "If you did not ask, ignore this mail: your password stays as it is.",
    "",
    `— Tollgate, ${publicUrl}`,
  ];
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>Someone (we hope you) asked to set a new password for the Tollgate console account ${escapeHtml(to)}. Open this link to choose one. It works once, for ${ttlMinutes} minutes:</p>`,
    `<p><a href="${escapeHtml(link)}">Set a new password</a></p>`,
    `<p>If you did not ask, ignore this mail: your password stays as it is.</p>`,
    `<p>— Tollgate, ${escapeHtml(publicUrl)}</p>`,
  ].join("\n");
  return { purpose: "password_reset", to, userId, subject: "Set a new Tollgate password", text: lines.join("\n"), html };
}
