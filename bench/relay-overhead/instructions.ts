// `npm run bench:instructions`: instructions per call, counted by callgrind (valgrind) in the
// gateway's processes. CPU time per call on a shared machine moves by a third between runs; an
// instruction count of the same code and input barely moves, so a change of a few percent shows.
// The gateway (primary and one worker) runs under `valgrind --tool=callgrind --separate-threads=yes`;
// after a warm-up, for each kind of call the counters are zeroed (`callgrind_control -z`), `BENCH_CALLS`
// (40) calls are made four at a time, and the counters dumped (`-d`). Main-thread instructions are
// reported apart from V8's background threads (concurrent marking, compilers), whose share swings
// with when a major collection happens to fall. Needs valgrind (Debian's package); takes minutes.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { request } from "undici";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { callgrindTotal, startProcess, stopProcess } from "./harness.ts";
import { chatChannelEnv, lanes, messagesChannels } from "./lanes.ts";
import { chatRequest, messagesRequest } from "./scenarios/agent-request.ts";
import { scenarios as smallScenarios } from "./scenarios/small.ts";
import { benchPassword, benchTenant } from "./tenant.ts";

// BENCH_SIZE=small counts the bench's small chat turn instead: the gateway's fixed cost per call.
const small = process.env.BENCH_SIZE === "small";
const calls = Number(process.env.BENCH_CALLS ?? (small ? 400 : 40));
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const stream = process.env.BENCH_STREAM === "1";
const here = import.meta.dirname;
const dumps = mkdtempSync(join(tmpdir(), "tollgate-callgrind-"));
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-"));
const messages = lanes.messages.fast;
const chat = lanes.chat.fast;

const upstream = await startProcess(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/);
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
let pids: string[] = [];
const gateway: ChildProcess = spawn(
  "valgrind",
  ["--tool=callgrind", "--trace-children=yes", "--separate-threads=yes", `--callgrind-out-file=${dumps}/cg.%p`, process.execPath, resolve(here, "../../server/main.ts")],
  {
    env: { ...process.env, PORT: String(21000 + Math.floor(Math.random() * 1000)), TOLLGATE_WORKERS: "1", TOLLGATE_DATA_DIR: dataDir, TOLLGATE_ADMIN_PASSWORD: benchPassword, ...chatChannelEnv(upstreamUrl, upstreamUrl) },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
try {
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error("the gateway did not start under valgrind within 10 minutes")), 600_000);
    gateway.once("exit", (code) => fail(new Error(`valgrind exited with ${code} (is valgrind installed?)`)));
    gateway.stdout!.on("data", (data) => {
      const found = String(data).match(/listening on (http:\/\/[^ ]+)/);
      if (found) clearTimeout(timer), ready(found[1]);
    });
  });
  const keys = await benchTenant(url, [messages.group, chat.group], messagesChannels(upstreamUrl, upstreamUrl).slice(0, 1));
  const admin = consoleClient({ baseUrl: url, fetch: withCookieJar() });
  await admin.POST("/api/session", { body: { email: "admin@tollgate.local", password: benchPassword } });
  const groupId = (await admin.GET("/api/admin/groups")).data!.data.find((group) => group.identifier === messages.group)!.id;
  await admin.PATCH("/api/admin/groups/{id}", { params: { path: { id: groupId } }, body: { translated_interfaces: ["chat"] } });
  await new Promise((done) => setTimeout(done, 5000)); // the catalog reloads

  type Call = { path: string; headers: Record<string, string>; body: string };
  const smallChat = smallScenarios.find((scenario) => scenario.id === (stream ? "small-stream" : "small"))!;
  const kinds: Record<string, Call> = small
    ? { "small chat passthrough": { path: "/v1/chat/completions", headers: lanes.chat.auth(keys[chat.group]), body: smallChat.body(chat.model) } }
    : {
        "messages passthrough": { path: "/v1/messages", headers: lanes.messages.auth(keys[messages.group]), body: messagesRequest(messages.model, stream) },
        "chat passthrough": { path: "/v1/chat/completions", headers: lanes.chat.auth(keys[chat.group]), body: chatRequest(chat.model, stream) },
        "chat → messages, translated": { path: "/v1/chat/completions", headers: lanes.chat.auth(keys[messages.group]), body: chatRequest(messages.model, stream) },
      };
  const call = async (kind: string) => {
    const { path, headers, body } = kinds[kind];
    const answer = await request(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const text = await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(`${kind}: ${answer.statusCode} ${text.slice(0, 300)}`);
  };
  const batch = async (kind: string, count: number) => {
    for (let done = 0; done < count; done += 4) await Promise.all([0, 1, 2, 3].map(() => call(kind)));
  };
  // The primary (valgrind runs it in place) and its worker.
  pids = [String(gateway.pid), ...execFileSync("pgrep", ["-P", String(gateway.pid)]).toString().trim().split("\n")];
  const control = (flag: string) => {
    for (const pid of pids) execFileSync("callgrind_control", [flag, pid], { stdio: "ignore" });
  };
  // BENCH_KEEP_DUMPS=<dir>: the counted dumps are moved there (for callgrind_annotate) instead of deleted.
  const keep = process.env.BENCH_KEEP_DUMPS;
  if (keep) mkdirSync(keep, { recursive: true });
  let counts = 0;
  /** Instructions in the dumps written since the last count: main threads (the primary's apart), and every other thread. */
  const counted = () => {
    const sum = { main: 0, primary: 0, background: 0 };
    counts++;
    for (const file of readdirSync(dumps)) {
      const total = callgrindTotal(join(dumps, file)) ?? 0;
      if (/-01$/.test(file)) sum.main += total;
      else sum.background += total;
      if (file.startsWith(`cg.${pids[0]}`) && /-01$/.test(file)) sum.primary += total;
      if (keep) renameSync(join(dumps, file), join(keep, `${counts}.${file}`));
      else rmSync(join(dumps, file));
    }
    return sum;
  };
  // Warm-up: pools, and enough calls for the JIT's tiers (under valgrind its compiler threads barely run).
  for (const kind of Object.keys(kinds)) await batch(kind, small ? 3000 : 120);
  console.log(`\nInstructions per call (${small ? "thousands" : "millions"}), ${calls} ${small ? "small" : "agent-sized (145 KB)"} calls${stream ? ", streamed" : ""} per kind and round, gateway under callgrind\n`);
  const unit = small ? 1e3 : 1e6;
  const main: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round++) {
    for (const kind of Object.keys(kinds)) {
      counted(); // what the warm-up or the last kind left
      control("-z");
      await batch(kind, calls);
      control("-d");
      await new Promise((done) => setTimeout(done, 3000)); // the dumps are written
      const { main: mainThread, primary, background } = counted();
      main[kind].push(mainThread / calls);
      const per = (value: number) => (value / calls / unit).toFixed(2).padStart(7);
      console.log(`${kind.padEnd(30)} main threads ${per(mainThread)} (primary ${per(primary)}, worker ${per(mainThread - primary)})   background threads ${per(background)}`);
    }
  }
  if (!small) {
    const ratio = (a: string, b: string) => main[a].map((value, round) => (value / main[b][round]).toFixed(2)).join(" ");
    console.log(`\nmain threads, translated ÷ messages passthrough: ${ratio("chat → messages, translated", "messages passthrough")}`);
    console.log(`main threads, translated ÷ chat passthrough:     ${ratio("chat → messages, translated", "chat passthrough")}`);
  }
} finally {
  gateway.kill("SIGTERM");
  await new Promise((done) => setTimeout(done, 10_000)); // a stop under valgrind is slow
  for (const pid of pids) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {} // already gone
  }
  await stopProcess(upstream);
  rmSync(dumps, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
