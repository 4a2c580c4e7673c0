// An organization that requires single sign-on: its members' passwords no longer sign them in (nor
// does a mailed reset link, which would sign them in too). The operator has no organization, so the
// operator's own account is never locked out.
import type { User } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { type ConsoleError, consoleError } from "./errors.ts";

/** The refusal for a member of an SSO-required organization, naming the buttons to use; undefined for everyone else. */
export async function passwordSignInRefusal(store: Store, user: User): Promise<ConsoleError | undefined> {
  if (!user.organizationId) return undefined;
  const organization = await store.organizations.get(user.organizationId);
  if (!organization?.ssoRequired) return undefined;
  const labels = (await store.identityProviders.list())
    .filter((provider) => provider.enabled && provider.claimRules.some((rule) => rule.organization_id === organization.id))
    .map((provider) => `“Sign in with ${provider.label}”`);
  const button = labels.length > 0 ? `the ${labels.join(" or ")} button` : "your organization's single sign-on button";
  return consoleError("forbidden", `${organization.name} signs in through single sign-on only, so passwords do not sign its members in. Use ${button} on the sign-in page.`);
}
