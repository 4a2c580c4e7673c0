// Outgoing e-mail over SMTP, through nodemailer (https://nodemailer.com/smtp/). Mails leave off the
// request path: `send` queues one and returns at once, so no answer waits on (or tells of) the SMTP
// server. A failure is logged with the mail's purpose, its recipient's account id and the server's
// reply — never credentials, never the mail's text (which may carry a one-time link) — and is never
// thrown into a request or a worker. Each kind of mail composes its own `Mail` in a file of its own
// (password-reset-mail.ts, invitation-mail.ts, verification-mail.ts, budget-alert-mail.ts).
import nodemailer from "nodemailer";
import type { SmtpConfig } from "../config.ts";
import type { Log } from "../log.ts";

/** What a mail is for, in logs and metrics. */
export type MailPurpose = "password_reset" | "invitation" | "verification" | "budget_alert";

export type Mail = {
  purpose: MailPurpose;
  to: string;
  /** The account the mail concerns, for the log line (the address itself is not logged). */
  userId?: string;
  subject: string;
  text: string;
  html: string;
};

export type Mailer = {
  /** Queues the mail; returns at once. */
  send(mail: Mail): void;
  /** Resolves when every queued mail has been sent or has failed (a graceful stop waits on it). */
  idle(): Promise<void>;
};

/** Mails waiting or being sent in one worker; past this, new ones are dropped (and logged) rather than held in memory while the SMTP server is away. */
const maxPending = 100;

const singleAddress = /^[^\s@<>()\[\],;:"\\]+@[^\s@<>()\[\],;:"\\]+$/;

export function createMailer(config: SmtpConfig, log: Log): Mailer {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.tls === "implicit",
    // STARTTLS is required, not opportunistic: a server (or a meddler) that does not offer it gets nothing.
    requireTLS: config.tls === "starttls",
    ignoreTLS: config.tls === "none",
    auth: config.auth && { user: config.auth.user, pass: config.auth.password },
    // A silent server must not pile mails up: each try gives up within a minute at most.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  });
  const secrets = config.auth ? [config.auth.password, Buffer.from(config.auth.password).toString("base64")] : [];
  /** An SMTP error as a log can hold it: whatever echoes the password (it should not, but a server's reply is not ours) is blanked. */
  const scrub = (text: string) => secrets.reduce((said, secret) => (secret ? said.split(secret).join("[redacted]") : said), text);
  const pending = new Set<Promise<void>>();

  return {
    send(mail) {
      // One plain address, never a list: an account's stored address such as "a@x.test, b@y.test"
      // must not carry its one-time link to a second mailbox.
      if (!singleAddress.test(mail.to)) {
        log("mail.refused", { purpose: mail.purpose, user: mail.userId, reason: "the account's e-mail is not one plain address (user@domain)" });
        return;
      }
      if (pending.size >= maxPending) {
        log("mail.dropped", { purpose: mail.purpose, user: mail.userId, reason: `${maxPending} mails are already waiting for the SMTP server` });
        return;
      }
      const started = Date.now();
      const sending = transport
        .sendMail({ from: config.from, to: { name: "", address: mail.to }, subject: mail.subject, text: mail.text, html: mail.html })
        .then(
          () => log("mail.sent", { purpose: mail.purpose, user: mail.userId, ms: Date.now() - started }),
          (error: Error & { code?: string; responseCode?: number; command?: string }) =>
            log("mail.failed", {
              purpose: mail.purpose,
              user: mail.userId,
              smtp: `${config.host}:${config.port}`,
              code: error.code,
              response_code: error.responseCode,
              command: error.command?.startsWith("AUTH") ? "AUTH" : error.command,
              error: scrub(String(error.message ?? error)),
              ms: Date.now() - started,
            }),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
