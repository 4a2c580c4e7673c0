// Shared harness: starts (pinned) processes, loads with autocannon, an open-loop load at a fixed
// rate, time to first byte, and CPU time and memory of a whole process tree from /proc.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import autocannon from "autocannon";
import { Agent, request } from "undici";

export type Target = { url: string; headers: Record<string, string> };
export type Load = { requests: number; requestsPerSecond: number; p50: number; p99: number; errors: number };
export type Started = { child: ChildProcess; match: RegExpMatchArray };

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const canPin = process.platform === "linux" && existsSync("/usr/bin/taskset");

/** Starts `script` under Node, pinned to `cores` (e.g. "0") where taskset exists, and waits for `ready`. */
export async function startProcess(script: string, env: Record<string, string>, ready: RegExp, cores?: string): Promise<Started> {
  const argv = [process.execPath, ...process.execArgv.filter((arg) => arg.startsWith("--cpu-prof")), script];
  const [command, ...args] = cores && canPin ? ["taskset", "-c", cores, ...argv] : argv;
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const onData = (data: Buffer) => {
      output += data;
      const found = output.match(ready);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (data) => (output += data));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return { child, match };
}

/**
 * The cores of a run: with two or more, the process under test gets core 0 to itself and this
 * process (the load generator) is pinned, with the upstreams, to the rest.
 */
export function splitCores(): { testCore?: string; otherCores?: string; pinned: boolean } {
  const cores = availableParallelism();
  if (cores < 2) return { pinned: false };
  const otherCores = `1-${cores - 1}`;
  if (canPin) execFileSync("taskset", ["-cp", otherCores, String(process.pid)], { stdio: "ignore" });
  return { testCore: "0", otherCores, pinned: canPin };
}

/** Lets this process (the load generator) run on every core again, after `splitCores` pinned it. */
export function unpinSelf(): void {
  const cores = cpus().length; // not availableParallelism(), which counts only the cores this process is pinned to
  if (canPin && cores > 1) execFileSync("taskset", ["-cp", `0-${cores - 1}`, String(process.pid)], { stdio: "ignore" });
}

export async function stopProcess(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((done) => started.child.once("exit", done));
  started.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** pid and every descendant (a Tollgate primary and its workers; taskset execs in place). */
function tree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const pids = [root];
  for (let i = 0; i < pids.length; i++) pids.push(...(parents.get(pids[i]) ?? []));
  return pids;
}

/** CPU milliseconds (user + system) used so far by a process tree. */
export function cpuMs(root: number): number {
  let ticks = 0;
  for (const pid of tree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** Resident memory of a process tree in MiB. */
export function rssMiB(root: number): number {
  let kib = 0;
  for (const pid of tree(root)) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kib / 1024;
}

export async function load(target: Target, body: string, seconds: number, connections: number): Promise<Load> {
  const result = await autocannon({
    url: target.url,
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body,
    connections,
    duration: seconds,
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Open loop: requests start on a fixed schedule (`rate` per second) whether or not earlier ones
 * have answered, and each latency counts from the request's scheduled start, so a stall shows up
 * in the tail instead of silently lowering the offered load (no coordinated omission). Each tick
 * sends one request to every target, so targets measured together (the upstream called directly,
 * and a proxy in front of it) see the same moments of the load generator and its machine, and
 * their difference is what the proxy adds.
 */
export async function openLoop(targets: Target[], body: string, rate: number, seconds: number): Promise<{ p50: number; p99: number; errors: number }[]> {
  const dispatcher = new Agent({ connections: 512, keepAliveTimeout: 30_000 });
  const total = Math.round(rate * seconds);
  const latencies: number[][] = targets.map(() => []);
  const errors = targets.map(() => 0);
  const start = performance.now() + 20;
  const calls: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((done) => setTimeout(done, wait));
    targets.forEach((target, t) =>
      calls.push(
        request(target.url, { method: "POST", headers: { "content-type": "application/json", ...target.headers }, body, dispatcher })
          .then(async (answer) => {
            await answer.body.dump();
            if (answer.statusCode !== 200) errors[t]++;
            latencies[t].push(performance.now() - scheduled);
          })
          .catch(() => void errors[t]++),
      ),
    );
  }
  await Promise.all(calls);
  await dispatcher.close();
  return latencies.map((measured, t) => {
    measured.sort((a, b) => a - b);
    return { p50: percentile(measured, 0.5), p99: percentile(measured, 0.99), errors: errors[t] };
  });
}

/** Collections so far in a gateway's workers, by kind, from its own `/metrics` (prom-client's GC histogram). */
export type GcTotals = Record<"major" | "minor", { count: number; ms: number }>;
export async function gcTotals(gatewayUrl: string): Promise<GcTotals> {
  const text = await (await request(`${gatewayUrl}/metrics`)).body.text();
  // A renamed metric must not read as windows without collections; a kind not seen yet has no series.
  if (!text.includes("_nodejs_gc_duration_seconds")) throw new Error(`${gatewayUrl}/metrics has no nodejs_gc_duration_seconds (prom-client's GC histogram), which the bench reads.`);
  const read = (kind: string, part: "count" | "sum") => Number(text.match(new RegExp(`_nodejs_gc_duration_seconds_${part}\\{kind="${kind}"\\} ([0-9.e+-]+)`))?.[1] ?? 0);
  return {
    major: { count: read("major", "count"), ms: read("major", "sum") * 1000 },
    minor: { count: read("minor", "count"), ms: read("minor", "sum") * 1000 },
  };
}

/** The collections between two readings of `gcTotals`. */
export const gcSince = (before: GcTotals, after: GcTotals): GcTotals => ({
  major: { count: after.major.count - before.major.count, ms: after.major.ms - before.major.ms },
  minor: { count: after.minor.count - before.minor.count, ms: after.minor.ms - before.minor.ms },
});

/** Sequential requests: milliseconds until the first body byte, p50 and p99. */
export async function timeToFirstByte(target: Target, body: string, samples: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await request(target.url, { method: "POST", headers: { "content-type": "application/json", ...target.headers }, body });
    const reader = response.body[Symbol.asyncIterator]();
    await reader.next();
    times.push(performance.now() - started);
    for await (const _ of { [Symbol.asyncIterator]: () => reader }) {
      // drain
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** The instructions a callgrind dump counted (its `summary:` or `totals:` line), or null when it has none. */
export function callgrindTotal(dump: string): number | null {
  const total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(dump, "utf8"));
  return total ? Number(total[1]) : null;
}

/** What `pairedRounds` measured of each side: CPU ms per request and requests/s in each round, and errors. */
export type PairedSide = { cpu: number[]; rps: number[]; errors: number };

/**
 * Loads `sides` in turn at saturation, `rounds` times, on the process tree `pid` serves them from:
 * a 2-second warm-up of each first, then each round reverses the order of the one before, so that
 * whatever going first or second does (a fuller heap, a warmer machine) falls on every side.
 * Each side's CPU per request is the tree's CPU over the round's window, divided by its requests.
 */
export async function pairedRounds<Name extends string>(
  sides: Record<Name, { target: Target; body: string }>,
  pid: number,
  options: { rounds: number; seconds: number; connections: number },
): Promise<Record<Name, PairedSide>> {
  const names = Object.keys(sides) as Name[];
  const measured = Object.fromEntries(names.map((name) => [name, { cpu: [], rps: [], errors: 0 } as PairedSide])) as Record<Name, PairedSide>;
  for (const name of names) await load(sides[name].target, sides[name].body, 2, options.connections); // warm-up: pools, JIT
  for (let round = 0; round < options.rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const before = cpuMs(pid);
      const result = await load(sides[name].target, sides[name].body, options.seconds, options.connections);
      measured[name].cpu.push((cpuMs(pid) - before) / Math.max(1, result.requests));
      measured[name].rps.push(result.requestsPerSecond);
      measured[name].errors += result.errors;
    }
  }
  return measured;
}

/** The median of each round's ratio of `of` to `to` (rounds paired by index). */
export const pairedRatio = (of: number[], to: number[]) => median(of.map((value, round) => value / to[round]));

/** Prints rows as a table: the first column left-aligned, the rest right-aligned. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("   ").trimEnd());
}
