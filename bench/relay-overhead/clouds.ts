// `npm run bench:clouds`: what a cloud channel adds to a messages call, as the ratio of a Bedrock
// channel's CPU per request to an Anthropic channel's, in the same run on the same gateway worker
// and the same upstream. The Anthropic side: the messages lane's fast group (Claude Smart
// Preferred) and its anthropic channel, `/v1/messages` upstream. The Bedrock side: a group of its
// own (Claude on Bedrock) whose bedrock channel sends the same call as InvokeModel
// (`/model/{id}/invoke`, or `/invoke-with-response-stream` with the answer in AWS's event-stream
// framing, which the gateway turns back into SSE), signed with SigV4. The upstream's answers are
// the same message and the same 10 events either way, pre-encoded, so the difference is the
// gateway's: the body's changes (no model or stream, Bedrock's anthropic_version), the signature
// (a SHA-256 of the whole body and two HMACs) and the event-stream decoding. Rounds alternate the
// two sides and swap which goes first, as `npm run bench:translation` does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { request } from "undici";
import { type PairedSide, type Started, type Target, median, pairedRatio, pairedRounds, printTable, splitCores, startProcess, stopProcess } from "./harness.ts";
import { bedrockChannel, bedrockGroup, chosen, lanes, messagesChannels } from "./lanes.ts";
import { scenarios as agent } from "./scenarios/agent.ts";
import { scenarios as smallMessages } from "./scenarios/small-messages.ts";
import { benchPassword, benchTenant } from "./tenant.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
/** The ratio the issue asks a Bedrock channel to stay within. */
const target = 1.2;
const here = import.meta.dirname;
// The messages scenarios: small and agent-sized (145 KB), each non-stream and streamed.
const scenarios = chosen([...smallMessages, ...agent.filter((scenario) => scenario.lane === "messages")]);
const { testCore, otherCores, pinned } = splitCores();
const sides = ["anthropic", "bedrock"] as const;
type Side = (typeof sides)[number];
/** `BENCH_SIDES=bedrock` loads one side alone (no ratio): for a profile of one channel kind's calls (`node --cpu-prof`). */
const loaded = (process.env.BENCH_SIDES?.split(",").map((side) => side.trim()) ?? [...sides]) as Side[];
if (loaded.length === 0 || loaded.some((side) => !sides.includes(side))) throw new Error(`BENCH_SIDES names ${sides.join(" and/or ")}`);

/** One call of a scenario on a side, read whole: a 200 with the canned answer (text, or its stream ending in message_stop). */
async function answersAsExpected(to: Target, body: string, stream: boolean): Promise<string | undefined> {
  const answer = await request(to.url, { method: "POST", headers: { "content-type": "application/json", ...to.headers }, body });
  const text = await answer.body.text();
  const whole = stream
    ? text.includes("event: message_stop") && ["Hello", " from", " the", " bench", " upstream."].every((piece) => text.includes(JSON.stringify(piece)))
    : text.includes("Hello from the bench upstream.");
  return answer.statusCode === 200 && whole ? undefined : `${answer.statusCode}: ${text.slice(0, 400)}`;
}

const started: Started[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-clouds-"));
try {
  const fast = await startProcess(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/, otherCores);
  started.push(fast);
  const fastUrl = `http://127.0.0.1:${fast.match[1]}`;
  // The cloud kinds need migration 18 (9237452): before it, the channels table refused kind bedrock.
  const gateway = await startProcess(
    resolve(here, "../../server/main.ts"),
    { PORT: String(21000 + Math.floor(Math.random() * 1000)), TOLLGATE_WORKERS: "1", TOLLGATE_DATA_DIR: dataDir, TOLLGATE_ADMIN_PASSWORD: benchPassword },
    /Tollgate listening on (http:\/\/[^ ]+)/,
    testCore,
  );
  started.push(gateway);
  const gatewayUrl = gateway.match[1];
  const anthropicGroup = lanes.messages.fast.group;
  const keys = await benchTenant(gatewayUrl, [anthropicGroup, bedrockGroup.identifier], [...messagesChannels(fastUrl, fastUrl).slice(0, 1), bedrockChannel(fastUrl)], [bedrockGroup]);
  const targets: Record<Side, Target> = {
    anthropic: { url: `${gatewayUrl}${lanes.messages.path}`, headers: lanes.messages.auth(keys[anthropicGroup]) },
    bedrock: { url: `${gatewayUrl}${lanes.messages.path}`, headers: lanes.messages.auth(keys[bedrockGroup.identifier]) },
  };

  // Every side answers every scenario in full before anything is measured (the catalog may take a moment to hold the new channels).
  for (const scenario of scenarios) {
    const body = scenario.body(lanes.messages.fast.model);
    for (const side of sides) {
      let wrong = await answersAsExpected(targets[side], body, scenario.id.endsWith("-stream"));
      for (let attempt = 0; wrong && attempt < 20; attempt++) {
        await new Promise((done) => setTimeout(done, 250));
        wrong = await answersAsExpected(targets[side], body, scenario.id.endsWith("-stream"));
      }
      if (wrong) throw new Error(`the ${side} side of ${scenario.id} does not answer as the upstream did: ${wrong}`);
    }
  }

  console.log(
    `\nClaude on Bedrock beside Claude on Anthropic — 1 gateway worker${pinned ? " pinned to core 0, load and upstream on the other cores" : " (not pinned)"}; ` +
      `${connections} connections × ${seconds}s, ${rounds} rounds that alternate the sides\n`,
  );
  const rows: string[][] = [["", "anthropic", "bedrock", "bedrock / anthropic"]];
  const summary: string[] = [];
  for (const scenario of scenarios) {
    const body = scenario.body(lanes.messages.fast.model);
    const measured: Partial<Record<Side, PairedSide>> = await pairedRounds(
      Object.fromEntries(loaded.map((side) => [side, { target: targets[side], body }])) as Record<Side, { target: Target; body: string }>,
      gateway.child.pid!,
      { rounds, seconds, connections },
    );
    if (loaded.length === 1) {
      const [side] = loaded;
      console.log(`${scenario.id}, ${side} alone: ${median(measured[side]!.cpu).toFixed(3)} ms per request, ${median(measured[side]!.rps).toFixed(0)} requests/s, ${measured[side]!.errors} errors`);
      continue;
    }
    const { anthropic, bedrock } = measured as Record<Side, PairedSide>;
    const ratio = pairedRatio(bedrock.cpu, anthropic.cpu);
    const cpu = (side: Side) => median((side === "bedrock" ? bedrock : anthropic).cpu);
    const rps = (side: Side) => median((side === "bedrock" ? bedrock : anthropic).rps);
    rows.push(
      [`${scenario.name} (${scenario.id})`, "", "", ""],
      ["  CPU ms per request (process tree)", cpu("anthropic").toFixed(3), cpu("bedrock").toFixed(3), `${ratio.toFixed(2)}x`],
      ["  ratio in each round (anthropic first, bedrock first, …)", "", "", bedrock.cpu.map((value, round) => (value / anthropic.cpu[round]).toFixed(2)).join(" ")],
      ["  requests/s at saturation", rps("anthropic").toFixed(0), rps("bedrock").toFixed(0), (rps("bedrock") / rps("anthropic")).toFixed(2)],
      ["  errors", String(anthropic.errors), String(bedrock.errors), ""],
    );
    summary.push(`${scenario.id} ${ratio.toFixed(2)}x (${ratio <= target ? "within" : "above"} ${target}x; +${(cpu("bedrock") - cpu("anthropic")).toFixed(3)} ms)`);
    console.log(`${scenario.id}: anthropic ${cpu("anthropic").toFixed(3)} ms, bedrock ${cpu("bedrock").toFixed(3)} ms, ratio ${ratio.toFixed(2)}x`); // as it comes: a run takes minutes
  }
  if (loaded.length > 1) {
    console.log("");
    printTable(rows);
    console.log(`\nbedrock / anthropic, CPU per request at saturation: ${summary.join("; ")}`);
  }
} finally {
  for (const process of started.reverse()) await stopProcess(process);
  rmSync(dataDir, { recursive: true, force: true });
}
