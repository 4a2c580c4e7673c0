// The shapes repositories return. Times are epoch milliseconds; money is integer micros.
import type { CapabilityOverrides } from "../domain/model-capabilities.ts";
import type { CapPeriod } from "../domain/cap-periods.ts";
import type { Family, RelayInterface } from "../domain/families.ts";
import type { Role } from "../domain/permissions.ts";
import type { Prices } from "../domain/pricing.ts";
import type { RateLimits } from "../call-state/rate-limits.ts";

export type { RateLimits };

export type Visibility = "public" | "exclusive";

export type Organization = {
  id: string;
  name: string;
  balance: number;
  groupRouting: boolean;
  /** Members sign in only through single sign-on. */
  ssoRequired: boolean;
  exclusiveGroupIds: string[];
  createdAt: number;
  rateLimits: RateLimits;
};

export type User = {
  id: string;
  organizationId: string | null;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  spendCap: number | null;
  /** What counts against the cap now: in the current period for a cap that resets. */
  spent: number;
  capPeriod: CapPeriod | null;
  createdAt: number;
  /** Groups granted to a sub-user or developer. */
  groupIds: string[];
};

/** `capabilities`: the operator's changes to what the catalog says the model takes (domain/model-capabilities.ts); absent when none. */
export type GroupModel = { modelId: string; displayName: string; prices: Prices; capabilities?: CapabilityOverrides };

export type Group = {
  id: string;
  name: string;
  identifier: string;
  family: Family;
  /** Interfaces the group accepts beyond its family's, translated to its channels' formats (in the order of `relayInterfaces`). */
  translatedInterfaces: RelayInterface[];
  multiplierMilli: number;
  visibility: Visibility;
  createdAt: number;
  models: GroupModel[];
  /** Applies to each organization's calls through the group. */
  rateLimits: RateLimits;
};

export type ApiKey = {
  id: string;
  userId: string;
  organizationId: string;
  name: string;
  secretHash: string;
  display: string;
  groupId: string | null;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
  spendCap: number | null;
  /** What counts against the cap now: in the current period for a cap that resets. */
  spent: number;
  capPeriod: CapPeriod | null;
  rateLimits: RateLimits;
};

/** A BIGINT column that may be NULL, as a number (PostgreSQL hands BIGINTs over as strings). */
export const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));
