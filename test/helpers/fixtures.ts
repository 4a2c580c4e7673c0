// Builds tenants through the console API with the typed client, the way a person would in the
// console: the operator creates organizations, owners create members and keys.
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { adminEmail, adminPassword } from "./tollgate.ts";

export type Console = ReturnType<typeof consoleClient>;

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export async function signIn(url: string, email: string, password: string): Promise<Console> {
  const client = consoleClient({ baseUrl: url, fetch: withCookieJar() });
  const { error } = await client.POST("/api/session", { body: { email, password } });
  if (error) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(error)}`);
  return client;
}

export const signInOperator = (url: string) => signIn(url, adminEmail, adminPassword);

export async function groupsByIdentifier(operator: Console) {
  const { data, error } = await operator.GET("/api/admin/groups");
  if (error) throw new Error(JSON.stringify(error));
  return new Map(data.data.map((group) => [group.identifier, group]));
}

export type Tenant = { organizationId: string; owner: Console; ownerEmail: string };

export async function createTenant(url: string, operator: Console, options: { groupRouting?: boolean } = {}): Promise<Tenant> {
  const ownerEmail = `${unique("owner")}@example.test`;
  const password = "owner-password-1";
  const { data, error } = await operator.POST("/api/admin/organizations", {
    body: { name: unique("Org"), group_routing: options.groupRouting ?? false, owner: { email: ownerEmail, name: "Owner", password } },
  });
  if (error) throw new Error(JSON.stringify(error));
  return { organizationId: data.id, owner: await signIn(url, ownerEmail, password), ownerEmail };
}

export async function createKey(client: Console, groupId: string | null, name = unique("key")): Promise<string> {
  const { data, error } = await client.POST("/api/keys", { body: { name, group_id: groupId } });
  if (error) throw new Error(JSON.stringify(error));
  return data.secret;
}
