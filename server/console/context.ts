// What console handlers share: the store, a hook that tells the relay's catalog to reload after a
// write, and the public origin used in Call Guide snippets.
import type { Request } from "express";
import type { Dispatcher } from "undici";
import type { CallState } from "../call-state/worker.ts";
import type { MemberAccess, OrganizationAccess } from "../domain/permissions.ts";
import type { SignInPolicy } from "../domain/sign-in-throttle.ts";
import type { Organization, User } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SignUpConfig } from "../config.ts";

export type ConsoleDeps = {
  store: Store;
  onChange: () => Promise<void>;
  /** Fixed public URL (TOLLGATE_PUBLIC_URL); otherwise the origin the browser used. */
  publicUrl?: string;
  log: (event: string, fields: Record<string, unknown>) => void;
  /** The relay's call state: the channel health every worker acts on, live balances, top-ups. */
  callState: CallState;
  /** The relay's upstream pools, reused by the channel test. */
  dispatcher: Dispatcher;
  /** Sign-in attempts allowed per account and per client address (TOLLGATE_SIGNIN_*). */
  signInPolicy: SignInPolicy;
  /** TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: an owner's alert webhook may name an internal address. */
  alertWebhooksAllowInternal?: boolean;
  /** Outgoing e-mail and the console address its links point to; undefined when the operator configured no SMTP server. */
  mail?: { mailer: Mailer; publicUrl: string };
  /** How long a mailed password reset link works (TOLLGATE_PASSWORD_RESET_TTL_MINUTES); 30 minutes by default. */
  passwordResetTtlMs?: number;
  /** Self sign-up (TOLLGATE_SIGNUP_*); closed when absent. */
  signUp?: SignUpConfig;
};

export function originOf(deps: ConsoleDeps, req: Request): string {
  return deps.publicUrl ?? `${req.protocol}://${req.get("host")}`;
}

export function accessOf(organization: Organization | undefined, user: User): { organization: OrganizationAccess; member: MemberAccess } {
  return {
    organization: { exclusiveGroupIds: new Set(organization?.exclusiveGroupIds ?? []) },
    member: { role: user.role, grantedGroupIds: new Set(user.groupIds) },
  };
}

/** Organizations with the balance the relay works with: the stored one less charges not yet written. */
export async function withLiveBalances<T extends Organization>(deps: ConsoleDeps, organizations: T[]): Promise<T[]> {
  if (organizations.length === 0) return organizations;
  const live = await deps.callState.remaining(organizations.map((organization) => `org:${organization.id}`));
  return organizations.map((organization, i) => ({ ...organization, balance: live[i] ?? organization.balance }));
}
