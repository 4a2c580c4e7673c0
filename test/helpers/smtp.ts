// A real SMTP server on loopback (smtp-server, from the nodemailer project) that keeps every mail
// it receives, parsed (mailparser), so tests read what a person's mail client would show.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Inbox = {
  port: number;
  /** Every mail received so far, oldest first. */
  mails: ParsedMail[];
  /** Mails whose To is `address` (case-insensitive). */
  to: (address: string) => ParsedMail[];
  /** Waits until `address` has received `count` mails, and returns the newest. */
  next: (address: string, count?: number, timeoutMs?: number) => Promise<ParsedMail>;
  /** Sign-ins the server saw: user names with whether the password matched. */
  logins: { user: string; accepted: boolean }[];
  stop: () => Promise<void>;
};

export const smtpUser = "tollgate-mailer";
export const smtpPassword = "smtp-secret-Jw8qL2x";

const recipients = (mail: ParsedMail) => [mail.to].flat().flatMap((to) => to?.value ?? []).map((entry) => entry.address?.toLowerCase());

/** Plain SMTP on loopback (TOLLGATE_SMTP_TLS=none) with AUTH required: `smtpUser`/`smtpPassword`. */
export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const logins: Inbox["logins"] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, done) {
      const accepted = auth.username === smtpUser && auth.password === smtpPassword;
      logins.push({ user: auth.username ?? "", accepted });
      done(accepted ? null : Object.assign(new Error("Invalid username or password"), { responseCode: 535 }), accepted ? { user: auth.username } : undefined);
    },
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          done();
        },
        (error) => done(error),
      );
    },
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const port = (server.server.address() as { port: number }).port;
  const to = (address: string) => mails.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  return {
    port,
    mails,
    to,
    logins,
    async next(address, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms (received ${mails.length} in all)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address)[count - 1];
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The one-time token of the reset link in a mail's text. */
export function resetTokenIn(mail: ParsedMail): string {
  const token = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
  if (!token) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return token;
}

/** The whole reset link in a mail's text. */
export function resetLinkIn(mail: ParsedMail): string {
  const link = /(https?:\/\/\S+#\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
  if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return link;
}

/** The one-time token of a console link in a mail's text, e.g. `linkTokenIn(mail, "invitation")` for `#/invitation/<token>`. */
export function linkTokenIn(mail: ParsedMail, page: string): string {
  const token = new RegExp(`#/${page}/([A-Za-z0-9_-]+)`).exec(mail.text ?? "")?.[1];
  if (!token) throw new Error(`no #/${page}/ link in the mail:\n${mail.text}`);
  return token;
}

/** The whole console link of a mail's text to `#/<page>/<token>`. */
export function linkIn(mail: ParsedMail, page: string): string {
  const link = new RegExp(`(https?://\\S+#/${page}/[A-Za-z0-9_-]+)`).exec(mail.text ?? "")?.[1];
  if (!link) throw new Error(`no #/${page}/ link in the mail:\n${mail.text}`);
  return link;
}

/** The Tollgate environment that sends through `inbox`; the server's own port is fixed so TOLLGATE_PUBLIC_URL can name it. */
export function smtpEnv(inbox: Inbox, port: number, password = smtpPassword): Record<string, string> {
  return {
    PORT: String(port),
    TOLLGATE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    TOLLGATE_SMTP_HOST: "127.0.0.1",
    TOLLGATE_SMTP_PORT: String(inbox.port),
    TOLLGATE_SMTP_TLS: "none",
    TOLLGATE_SMTP_USER: smtpUser,
    TOLLGATE_SMTP_PASSWORD: password,
    TOLLGATE_MAIL_FROM: "Tollgate <no-reply@tollgate.test>",
  };
}
