// What console handlers share: the store, a hook that tells the relay's catalog to reload after a
// write, and the public origin used in Call Guide snippets.
import type { Request } from "express";
import type { Dispatcher } from "undici";
import type { HealthRegistry } from "../gateway/channels/health.ts";
import type { MemberAccess, OrganizationAccess } from "../domain/permissions.ts";
import type { SignInPolicy } from "../domain/sign-in-throttle.ts";
import type { Organization, User } from "../store/records.ts";
import type { Store } from "../store/store.ts";

export type ConsoleDeps = {
  store: Store;
  onChange: () => Promise<void>;
  /** Fixed public URL (TOLLGATE_PUBLIC_URL); otherwise the origin the browser used. */
  publicUrl?: string;
  log: (event: string, fields: Record<string, unknown>) => void;
  /** This worker's view of channel health, shown on the operator's channel page. */
  health: HealthRegistry;
  /** The relay's upstream pools, reused by the channel test. */
  dispatcher: Dispatcher;
  /** Sign-in attempts allowed per account and per client address (TOLLGATE_SIGNIN_*). */
  signInPolicy: SignInPolicy;
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
