// `npm run bench:translation-stages`: instructions per call in each stage of a translated call, on
// the agent-sized chat turn (145 KB) written as messages — where `npm run bench:translation` says
// how much translation costs, this says where. Each stage runs in a process of its own under
// callgrind (valgrind), 300 times to warm up and then `low` or `high` times; the difference of the
// two counts, divided by `high - low`, is the stage's steady cost. V8 runs `--single-threaded`:
// under valgrind its compiler threads barely run, so code would stay in the interpreter for a
// random while and the same code read 2.2 or 3.6 M (with it, 2.208 and 2.215 M). Copies count one
// instruction a byte under callgrind (`rep movsb`), far more than they cost a processor. Needs
// valgrind (Debian's package); a stage takes a few minutes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdBytes } from "../../server/gateway/body-slabs.ts";
import { parseInPieces } from "../../server/gateway/parse-in-pieces.ts";
import { type RawJson, scanJson } from "../../server/gateway/raw-json.ts";
import { SseSplitter } from "../../server/gateway/upstreams/sse.ts";
import { codecs } from "../../server/translate/codecs.ts";
import { jsonBytes } from "../../server/translate/json-bytes.ts";
import { rawStringsOf } from "../../server/translate/raw-strings.ts";
import { startTranslation } from "../../server/translate/translate.ts";
import { callgrindTotal } from "./harness.ts";
import { chatRequest } from "./scenarios/agent-request.ts";
import { messagesStream } from "./scenarios/answers.ts";

const body = Buffer.from(chatRequest("claude-bench", false));
const options = { stream: false, model: "claude-bench", input: { textBytes: body.length, imageTokens: 0 } };
const target = { baseUrl: "http://127.0.0.1:1", credential: "key", upstreamModel: "claude-upstream" };

function parsed(bytes: Buffer): { raw: RawJson; body: Record<string, unknown> } {
  const scan = scanJson(bytes, 64);
  if (scan.tooDeep || !scan.raw) throw new Error("the bench body did not scan");
  return { raw: scan.raw, body: parseInPieces(scan.raw)! };
}

// What each stage is given is made once, outside the count.
const caller = parsed(body);
const canonical = codecs.chat.readRequest(caller.body, options);
const written = codecs.messages.writeRequest({ ...canonical, model: target.upstreamModel, stream: true });
const strings = rawStringsOf(caller.raw, caller.body);

/** The body sent and its call over: its slab goes back to be reused, as the relay's does. */
const sent = (bytes: Buffer) => {
  holdBytes(bytes)();
  return bytes;
};

// The bench upstream's short streamed answer, read back into one chat completion.
const answer = Buffer.from(messagesStream);
const smallCall = { model: "claude-bench", max_tokens: 16, messages: [{ role: "user", content: "Say hello." }] };

const stages: Record<string, { what: string; run: () => unknown }> = {
  parse: { what: "scan and parse the caller's body (passthrough does the same)", run: () => parsed(body) },
  read: { what: "chat body → canonical (readRequest)", run: () => codecs.chat.readRequest(caller.body, options) },
  pair: { what: "pair the caller's long strings with their bytes (rawStringsOf)", run: () => rawStringsOf(caller.raw, caller.body) },
  write: { what: "canonical → messages objects (writeRequest)", run: () => codecs.messages.writeRequest({ ...canonical, model: target.upstreamModel, stream: true }) },
  bytes: { what: "messages objects → the upstream's body (jsonBytes)", run: () => sent(jsonBytes(written, strings)) },
  all: {
    what: "all of the above, as the relay does it",
    run: () => {
      const { raw, body: read } = parsed(body);
      return sent(startTranslation("chat", read, { ...options, raw }).to("messages").build({ body: {}, raw: null, stream: false, headers: {}, query: {} }, target).body as Buffer);
    },
  },
  answer: {
    what: "a short streamed answer read back into one chat completion",
    run: () => {
      const session = startTranslation("chat", smallCall, { stream: false, model: "claude-bench", input: { textBytes: 80, imageTokens: 0 } }).to("messages").startStream({ body: {}, raw: null, stream: false, headers: {}, query: {} });
      for (const upstreamEvent of new SseSplitter().push(answer)) session.onEvent(upstreamEvent);
      session.close?.();
      return JSON.stringify(session.assembled?.());
    },
  },
};

const stage = process.env.STAGE;
if (stage) {
  // A process of its own, under callgrind.
  const { run } = stages[stage];
  const loop = (times: number) => {
    for (let i = 0; i < times; i++) run();
  };
  loop(300);
  (globalThis as { gc?: () => void }).gc?.();
  loop(Number(process.env.TIMES));
} else {
  const low = Number(process.env.BENCH_LOW ?? 50);
  const high = Number(process.env.BENCH_HIGH ?? 550);
  const chosen = process.env.BENCH_STAGES?.split(",") ?? Object.keys(stages);
  const dumps = mkdtempSync(join(tmpdir(), "tollgate-stages-"));
  /** Instructions on the main thread of one run of `name`, `times` times after the warm-up. */
  const count = (name: string, times: number): number => {
    const prefix = join(dumps, `${name}.${times}`);
    execFileSync(
      "valgrind",
      ["--tool=callgrind", "--separate-threads=yes", `--callgrind-out-file=${prefix}.%p`, process.execPath, "--single-threaded", "--expose-gc", "--max-semi-space-size=64", import.meta.filename],
      { env: { ...process.env, STAGE: name, TIMES: String(times) }, stdio: "ignore" },
    );
    const main = readdirSync(dumps).find((file) => file.startsWith(`${name}.${times}.`) && file.endsWith("-01"));
    const total = main ? callgrindTotal(join(dumps, main)) : null;
    if (total === null) throw new Error(`no callgrind count for ${name} (is valgrind installed?)`);
    return total;
  };
  try {
    console.log(`\nInstructions per call by stage, the agent-sized chat turn (${(body.length / 1024).toFixed(0)} KB) translated to messages; (${high} − ${low} runs) under callgrind\n`);
    for (const name of chosen) {
      if (!stages[name]) throw new Error(`no stage ${name}; stages: ${Object.keys(stages).join(", ")}`);
      const perCall = (count(name, high) - count(name, low)) / (high - low);
      console.log(`${name.padEnd(7)} ${(perCall / 1e6).toFixed(3).padStart(7)} M   ${stages[name].what}`);
    }
  } finally {
    rmSync(dumps, { recursive: true, force: true });
  }
}
