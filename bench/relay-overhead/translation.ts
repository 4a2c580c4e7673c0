// `npm run bench:translation`: what translation costs, as the ratio of a translated call's CPU per
// request to a passthrough call's, in the same run on the same gateway and the same upstream.
// Passthrough: the messages format to a Claude group. Translated: the chat format to the same
// group (it accepts chat by `translated_interfaces`), so the upstream answers in messages either
// way; the translated call always streams upstream. Rounds alternate the two, like `npm run bench`,
// and swap which goes first each round, so that whatever the order does (a fuller heap, a warmer
// machine) falls on both sides rather than always on the one that goes second.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Started, type Target, cpuMs, load, median, splitCores, startProcess, stopProcess } from "./harness.ts";
import { lanes, messagesChannels } from "./lanes.ts";
import { chatRequest, messagesRequest } from "./scenarios/agent-request.ts";
import { benchPassword, benchTenant } from "./tenant.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = import.meta.dirname;
const { testCore, otherCores, pinned } = splitCores();

const group = lanes.messages.fast.group;
const model = lanes.messages.fast.model;
const small = {
  messages: (stream: boolean) => JSON.stringify({ model, max_tokens: 16, messages: [{ role: "user", content: "Say hello." }], ...(stream ? { stream } : {}) }),
  chat: (stream: boolean) => JSON.stringify({ model, max_tokens: 16, messages: [{ role: "user", content: "Say hello." }], ...(stream ? { stream } : {}) }),
};
const allPairs = [
  { name: "small, non-stream", passthrough: small.messages(false), translated: small.chat(false) },
  { name: "small, stream", passthrough: small.messages(true), translated: small.chat(true) },
  { name: "agent-sized (145 KB), non-stream", passthrough: messagesRequest(model, false), translated: chatRequest(model, false) },
  { name: "agent-sized (145 KB), stream", passthrough: messagesRequest(model, true), translated: chatRequest(model, true) },
];

/** `BENCH_PAIRS=agent` runs only the pairs whose names start with it. */
const pairs = allPairs.filter((pair) => !process.env.BENCH_PAIRS || pair.name.startsWith(process.env.BENCH_PAIRS));

const started: Started[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-"));
try {
  const fast = await startProcess(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/, otherCores);
  started.push(fast);
  const fastUrl = `http://127.0.0.1:${fast.match[1]}`;
  const gateway = await startProcess(
    resolve(here, "../../server/main.ts"),
    { PORT: String(19000 + Math.floor(Math.random() * 1000)), TOLLGATE_WORKERS: "1", TOLLGATE_DATA_DIR: dataDir, TOLLGATE_ADMIN_PASSWORD: benchPassword },
    /Tollgate listening on (http:\/\/[^ ]+)/,
    testCore,
  );
  started.push(gateway);
  const gatewayUrl = gateway.match[1];
  const keys = await benchTenant(gatewayUrl, [group], messagesChannels(fastUrl, fastUrl).slice(0, 1));
  const admin = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await admin.POST("/api/session", { body: { email: "admin@tollgate.local", password: benchPassword } });
  const groupId = (await admin.GET("/api/admin/groups")).data!.data.find((candidate) => candidate.identifier === group)!.id;
  await admin.PATCH("/api/admin/groups/{id}", { params: { path: { id: groupId } }, body: { translated_interfaces: ["chat"] } });
  await new Promise((done) => setTimeout(done, 1500)); // the catalog reloads

  const targets: Record<"passthrough" | "translated", Target> = {
    passthrough: { url: `${gatewayUrl}/v1/messages`, headers: { "x-api-key": keys[group], "anthropic-version": "2023-06-01" } },
    translated: { url: `${gatewayUrl}/v1/chat/completions`, headers: { authorization: `Bearer ${keys[group]}` } },
  };
  console.log(`\nTranslation cost — 1 gateway worker${pinned ? " pinned to core 0, load and upstream on the other cores" : " (not pinned)"}; ${connections} connections × ${seconds}s, ${rounds} rounds\n`);
  const rows: string[][] = [["", "passthrough (messages)", "translated (chat → messages)", "ratio"]];
  for (const pair of pairs) {
    const cpu: Record<"passthrough" | "translated", number[]> = { passthrough: [], translated: [] };
    const rps: Record<"passthrough" | "translated", number[]> = { passthrough: [], translated: [] };
    let errors = 0;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (["passthrough", "translated"] as const) : (["translated", "passthrough"] as const);
      if (round === 0) for (const who of order) await load(targets[who], pair[who], 2, connections); // warm-up: pools, JIT
      for (const who of order) {
        const body = pair[who];
        const before = cpuMs(gateway.child.pid!);
        const result = await load(targets[who], body, seconds, connections);
        cpu[who].push((cpuMs(gateway.child.pid!) - before) / Math.max(1, result.requests));
        rps[who].push(result.requestsPerSecond);
        errors += result.errors;
      }
    }
    const ratios = cpu.translated.map((value, round) => value / cpu.passthrough[round]);
    const ratio = median(ratios);
    rows.push(
      [pair.name, "", "", ""],
      ["  CPU ms per request (process tree)", median(cpu.passthrough).toFixed(3), median(cpu.translated).toFixed(3), ratio.toFixed(2)],
      ["  ratio in each round (passthrough first, translated first, …)", "", "", ratios.map((value) => value.toFixed(2)).join(" ")],
      ["  requests/s at saturation", median(rps.passthrough).toFixed(0), median(rps.translated).toFixed(0), (median(rps.translated) / median(rps.passthrough)).toFixed(2)],
    );
    if (errors > 0) rows.push(["  errors", "", String(errors), ""]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("   "));
} finally {
  for (const process of started.reverse()) await stopProcess(process);
  rmSync(dataDir, { recursive: true, force: true });
}
