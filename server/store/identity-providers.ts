// OpenID providers the operator registered for single sign-on, the links from a provider's subject
// to an account, and sign-ins in progress. The client secret is sealed like channel credentials
// (secret-box.ts) and leaves this file only for the token request; lists show its hint.
import type { Role } from "../domain/permissions.ts";
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import type { SecretBox } from "./secret-box.ts";

/** A claim rule: the first whose condition holds places a new account. `claim` + `value`: the claim is, or (a list) contains, the value; `email_domain`: the address is at that domain. */
export type ClaimRule = { claim?: string; value?: string; email_domain?: string; organization_id: string; role: Exclude<Role, "operator"> };

/** first_sign_in: rules place a new account only; every_sign_in: they also set a linked account's role in that organization at each sign-in. */
export type RulesApply = "first_sign_in" | "every_sign_in";

export type IdentityProvider = {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecretHint: string;
  emailDomains: string[];
  claimRules: ClaimRule[];
  rulesApply: RulesApply;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
};

export type IdentityProviderInput = Omit<IdentityProvider, "id" | "clientSecretHint" | "createdAt" | "updatedAt"> & { clientSecret: string };

/** A sign-in in progress, by the SHA-256 of its state. */
export type SsoTransaction = { providerId: string; nonce: string; codeVerifier: string; returnTo: string };

type Row = {
  id: string;
  label: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  client_secret_hint: string;
  email_domains: string;
  claim_rules: string;
  rules_apply: RulesApply;
  enabled: number;
  created_at: number;
  updated_at: number;
};

const toProvider = (row: Row): IdentityProvider => ({
  id: row.id,
  label: row.label,
  issuer: row.issuer,
  clientId: row.client_id,
  clientSecretHint: row.client_secret_hint,
  emailDomains: JSON.parse(row.email_domains),
  claimRules: JSON.parse(row.claim_rules),
  rulesApply: row.rules_apply,
  enabled: Number(row.enabled) === 1,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The last four characters, enough to tell two secrets apart and too few to guess one. */
const hintOf = (secret: string) => (secret.length > 8 ? `…${secret.slice(-4)}` : "…");

export function identityProviderRepository(db: Db, box: SecretBox) {
  return {
    async list(): Promise<IdentityProvider[]> {
      return (await db.all<Row>(`SELECT * FROM identity_providers ORDER BY created_at, id`)).map(toProvider);
    },
    async get(id: string): Promise<IdentityProvider | undefined> {
      const row = await db.get<Row>(`SELECT * FROM identity_providers WHERE id = ?`, [id]);
      return row && toProvider(row);
    },
    async clientSecret(id: string): Promise<string | undefined> {
      const row = await db.get<{ client_secret_sealed: string }>(`SELECT client_secret_sealed FROM identity_providers WHERE id = ?`, [id]);
      return row && box.open(row.client_secret_sealed);
    },
    async create(input: IdentityProviderInput): Promise<string> {
      const id = newId("idp");
      const now = Date.now();
      await db.run(
        `INSERT INTO identity_providers (id, label, issuer, client_id, client_secret_sealed, client_secret_hint, email_domains, claim_rules, rules_apply, enabled, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, input.label, input.issuer, input.clientId, box.seal(input.clientSecret), hintOf(input.clientSecret), JSON.stringify(input.emailDomains), JSON.stringify(input.claimRules), input.rulesApply, input.enabled ? 1 : 0, now, now],
      );
      return id;
    },
    /** Fields left undefined stay as they are; a new secret replaces the old one. */
    async update(id: string, input: Partial<IdentityProviderInput>): Promise<boolean> {
      const current = await db.get<Row>(`SELECT * FROM identity_providers WHERE id = ?`, [id]);
      if (!current) return false;
      const secret = input.clientSecret === undefined ? undefined : { sealed: box.seal(input.clientSecret), hint: hintOf(input.clientSecret) };
      await db.run(
        `UPDATE identity_providers SET label = ?, issuer = ?, client_id = ?, client_secret_sealed = ?, client_secret_hint = ?, email_domains = ?, claim_rules = ?, rules_apply = ?, enabled = ?, updated_at = ? WHERE id = ?`,
        [
          input.label ?? current.label,
          input.issuer ?? current.issuer,
          input.clientId ?? current.client_id,
          secret?.sealed ?? current.client_secret_sealed,
          secret?.hint ?? current.client_secret_hint,
          input.emailDomains ? JSON.stringify(input.emailDomains) : current.email_domains,
          input.claimRules ? JSON.stringify(input.claimRules) : current.claim_rules,
          input.rulesApply ?? current.rules_apply,
          input.enabled === undefined ? current.enabled : input.enabled ? 1 : 0,
          Math.max(Date.now(), Number(current.updated_at) + 1),
          id,
        ],
      );
      return true;
    },
    /** Removes the provider and its links; the accounts stay (and sign in by password, if they have one). */
    async remove(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.run(`DELETE FROM identity_links WHERE provider_id = ?`, [id]);
        return (await tx.run(`DELETE FROM identity_providers WHERE id = ?`, [id])).changes === 1;
      });
    },

    async linkedUser(providerId: string, subject: string): Promise<string | undefined> {
      return (await db.get<{ user_id: string }>(`SELECT user_id FROM identity_links WHERE provider_id = ? AND subject = ?`, [providerId, subject]))?.user_id;
    },
    async link(providerId: string, subject: string, userId: string, tx: Db = db): Promise<void> {
      await tx.run(`INSERT INTO identity_links (provider_id, subject, user_id, created_at) VALUES (?, ?, ?, ?)`, [providerId, subject, userId, Date.now()]);
    },

    async beginSignIn(stateHash: string, transaction: SsoTransaction, ttlMs: number): Promise<void> {
      const now = Date.now();
      await db.run(`DELETE FROM sso_transactions WHERE expires_at < ?`, [now]);
      await db.run(`INSERT INTO sso_transactions (state_hash, provider_id, nonce, code_verifier, return_to, expires_at) VALUES (?, ?, ?, ?, ?, ?)`, [
        stateHash,
        transaction.providerId,
        transaction.nonce,
        transaction.codeVerifier,
        transaction.returnTo,
        now + ttlMs,
      ]);
    },
    /** Takes a live sign-in in progress, atomically: of two callbacks with one state, one gets it. */
    async takeSignIn(stateHash: string): Promise<SsoTransaction | undefined> {
      const row = await db.get<{ provider_id: string; nonce: string; code_verifier: string; return_to: string }>(
        `DELETE FROM sso_transactions WHERE state_hash = ? AND expires_at > ? RETURNING provider_id, nonce, code_verifier, return_to`,
        [stateHash, Date.now()],
      );
      return row && { providerId: row.provider_id, nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to };
    },
  };
}
