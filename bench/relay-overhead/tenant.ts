// The benchmark's tenant, built through the console API as an operator would: an organization
// with a large balance, and a key in each group the bench calls through.
import { consoleClient, withCookieJar } from "../../client/index.ts";

/** The operator's password every bench gateway is started with (TOLLGATE_ADMIN_PASSWORD). */
export const benchPassword = "bench-password";

/** A tenant with a large balance and a key for each group (by identifier); returns the keys' secrets in that order. */
export async function fundedKeys(gatewayUrl: string, identifiers: string[]): Promise<string[]> {
  const admin = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await admin.POST("/api/session", { body: { email: "admin@tollgate.local", password: benchPassword } });
  const groups = (await admin.GET("/api/admin/groups")).data!.data;
  const org = (await admin.POST("/api/admin/organizations", { body: { name: "Bench", owner: { email: "bench@example.test", name: "Bench", password: benchPassword } } })).data!;
  await admin.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: org.id } }, body: { amount: 1e14 } });
  const owner = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await owner.POST("/api/session", { body: { email: "bench@example.test", password: benchPassword } });
  const keys: string[] = [];
  for (const identifier of identifiers) {
    keys.push((await owner.POST("/api/keys", { body: { name: identifier, group_id: groups.find((group) => group.identifier === identifier)!.id } })).data!.secret);
  }
  return keys;
}
