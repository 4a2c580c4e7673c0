// A gateway wired to the three mock upstreams through environment channels, with a funded tenant:
// what the relay, billing and SDK suites start from.
import type { ConsoleComponents } from "../../client/index.ts";
import { startAnthropicMock } from "../mock-upstreams/anthropic.ts";
import { startGeminiMock } from "../mock-upstreams/gemini.ts";
import { startOpenAIMock } from "../mock-upstreams/openai.ts";
import type { Mock } from "../mock-upstreams/server.ts";
import { type Console, type Tenant, createKey, createTenant, groupsByIdentifier, signInOperator } from "./fixtures.ts";
import { type Tollgate, startTollgate } from "./tollgate.ts";

export const upstreamKeys = { anthropic: "sk-ant-upstream-secret-1", openai: "sk-openai-upstream-secret-2", gemini: "gemini-upstream-secret-3" };

export type RelayEnv = {
  tollgate: Tollgate;
  operator: Console;
  tenant: Tenant;
  groups: Awaited<ReturnType<typeof groupsByIdentifier>>;
  mocks: { anthropic: Mock; openai: Mock; gemini: Mock };
  /** A fresh key bound to the group with this identifier. */
  key: (identifier: string, name?: string) => Promise<string>;
  /** The ledger records of a key (by name), newest first, once `count` of them are written: calls admitted, not the gateway's refusals (which the request log also lists). */
  ledger: (keyName: string, count?: number) => Promise<UsageCall[]>;
  balance: () => Promise<number>;
  /** Money still held, as the call-state owner reports it: calls holding money, and what they hold on keys' and members' caps. */
  held: () => Promise<{ reservations: number; keyReserved: number; memberReserved: number }>;
  stop: () => Promise<void>;
};

export type UsageCall = ConsoleComponents["schemas"]["UsageCall"];

export async function startRelayEnv(options: { balance?: number; env?: Record<string, string>; delayMs?: number; command?: string[] } = {}): Promise<RelayEnv> {
  const delayMs = options.delayMs ?? 0;
  const [anthropic, openai, gemini] = await Promise.all([
    startAnthropicMock({ apiKey: upstreamKeys.anthropic, delayMs }),
    startOpenAIMock({ apiKey: upstreamKeys.openai, delayMs }),
    startGeminiMock({ apiKey: upstreamKeys.gemini, delayMs }),
  ]);
  const tollgate = await startTollgate({
    TOLLGATE_ANTHROPIC_API_KEY: upstreamKeys.anthropic,
    TOLLGATE_ANTHROPIC_BASE_URL: anthropic.url,
    TOLLGATE_OPENAI_API_KEY: upstreamKeys.openai,
    TOLLGATE_OPENAI_BASE_URL: `${openai.url}/v1`,
    TOLLGATE_GEMINI_API_KEY: upstreamKeys.gemini,
    TOLLGATE_GEMINI_BASE_URL: gemini.url,
    // Domestic groups through OpenAI-compatible channels, served here by the OpenAI mock.
    TOLLGATE_QWEN_API_KEY: upstreamKeys.openai,
    TOLLGATE_QWEN_BASE_URL: `${openai.url}/v1`,
    TOLLGATE_DEEPSEEK_API_KEY: upstreamKeys.openai,
    TOLLGATE_DEEPSEEK_BASE_URL: `${openai.url}/v1`,
    ...options.env,
  }, { command: options.command });
  const operator = await signInOperator(tollgate.url);
  const groups = await groupsByIdentifier(operator);
  const tenant = await createTenant(tollgate.url, operator, { groupRouting: true });
  await operator.POST("/api/admin/organizations/{id}/top-ups", {
    params: { path: { id: tenant.organizationId } },
    body: { amount: options.balance ?? 1_000_000_000 },
  });

  return {
    tollgate,
    operator,
    tenant,
    groups,
    mocks: { anthropic, openai, gemini },
    key: (identifier, name) => createKey(tenant.owner, groups.get(identifier)!.id, name),
    async ledger(keyName, count = 1) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const { data } = await operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } });
        const calls = (data?.data ?? []).filter((call) => call.key_name === keyName && call.error_code === null);
        if (calls.length >= count) return calls;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${count} ledger records for key ${keyName}`);
    },
    async balance() {
      const { data } = await operator.GET("/api/admin/organizations");
      return data!.data.find((org) => org.id === tenant.organizationId)!.balance;
    },
    async held() {
      const { data } = await operator.GET("/api/admin/call-state");
      return { reservations: data!.holding_calls, keyReserved: data!.held.key, memberReserved: data!.held.member };
    },
    async stop() {
      await tollgate.stop();
      await Promise.all([anthropic.close(), openai.close(), gemini.close()]);
    },
  };
}
