// Billing through translation, every pair, streamed and not, with cache and reasoning tokens: the
// ledger's tokens by kind are the upstream's own numbers normalized as domain/usage.ts does (and
// the caller is told the same usage in its format), and the call costs exactly — to the micro —
// what a passthrough call costs that sends the upstream the very body it received.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, type UsageCall } from "../helpers/relay-env.ts";
import type { Scenario } from "../mock-upstreams/server.ts";
import { call, callers, optIn, pairs } from "./pairs.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
  await optIn(env);
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const tokensOf = (record: UsageCall) => ({
  input: record.input_tokens,
  output: record.output_tokens,
  cacheRead: record.cache_read_tokens,
  cacheWrite: record.cache_write_tokens,
  cacheWrite1h: record.cache_write_1h_tokens,
  reasoning: record.reasoning_tokens,
});

describe.each(pairs)("$name", (pair) => {
  const { caller, upstream } = pair;
  describe.each([false, true])("stream %s", (stream) => {
    it.each(["cached", "thinking"] as Scenario[])("%s: the ledger holds the upstream's usage and the passthrough price", async (scenario) => {
      const name = unique("translated");
      const key = await env.key(upstream.group, name);
      const spec = { messages: [{ role: "user" as const, text: "Please answer with a short greeting for the billing test." }], reasoning: scenario === "thinking" };
      const exchange = await call(env, pair, key, spec, stream, scenario);
      expect(exchange.status, exchange.raw.slice(0, 600)).toBe(200);
      const received = exchange.received!;
      const expected = upstream.usage(received.body, scenario);
      expect(exchange.reply!.usage).toMatchObject(caller.usageFor(expected));
      const [record] = await env.ledger(name);
      expect(record).toMatchObject({ status: "ok", interface: caller.format, stream });
      expect(tokensOf(record)).toEqual(expected);
      expect(record.cost).toBeGreaterThan(0);

      // The same upstream body, called natively on the same group: the same usage, the same price.
      const native = callers[upstream.format];
      const passName = unique("passthrough");
      const passKey = await env.key(upstream.group, passName);
      const mock = upstream.mock(env);
      mock.next(scenario);
      const response = await fetch(`${env.tollgate.url}${native.path(upstream.model, received.body.stream === true || upstream.format === "generate-content")}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...native.headers(passKey) },
        body: received.raw,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      await response.text();
      expect(mock.requests.at(-1)!.raw).toBe(received.raw);
      const [passthrough] = await env.ledger(passName);
      expect(tokensOf(passthrough)).toEqual(expected);
      expect(record.cost).toBe(passthrough.cost);
    });
  });
});
