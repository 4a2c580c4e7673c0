// The sign-up verification mail: following its link proves the address and makes the account. The
// token rides in the URL's fragment, as in password-reset-mail.ts.
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

export type VerificationMail = { to: string; name: string; organizationName: string; publicUrl: string; token: string; ttlHours: number };

export const verificationLink = (publicUrl: string, token: string) => `${publicUrl}/#/verify-sign-up/${token}`;

export function verificationMail({ to, name, organizationName, publicUrl, token, ttlHours }: VerificationMail): Mail {
  const link = verificationLink(publicUrl, token);
  const lines = [
    `Hello ${name},`,
    "",
    `Someone (we hope you) signed up for Tollgate with this address, for the organization ${organizationName}.`,
    `Open this link to confirm the address and open the account. It works once, for ${ttlHours} hours:`,
    "",
    link,
    "",
    "If you did not sign up, ignore this mail: no account is made without the link.",
    "",
    `— Tollgate, ${publicUrl}`,
  ];
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>Someone (we hope you) signed up for Tollgate with this address, for the organization ${escapeHtml(organizationName)}. Open this link to confirm the address and open the account. It works once, for ${ttlHours} hours:</p>`,
    `<p><a href="${escapeHtml(link)}">Confirm and open the account</a></p>`,
    "<p>If you did not sign up, ignore this mail: no account is made without the link.</p>",
    `<p>— Tollgate, ${escapeHtml(publicUrl)}</p>`,
  ].join("\n");
  return { purpose: "verification", to, subject: "Confirm your Tollgate sign-up", text: lines.join("\n"), html };
}
