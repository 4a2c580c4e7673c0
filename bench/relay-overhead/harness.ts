// Shared harness: starts processes, loads with autocannon, samples time to first byte.
import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";
import { request } from "undici";

export type Target = { url: string; headers: Record<string, string> };
export type Load = { requestsPerSecond: number; p50: number; p99: number; errors: number };

export async function startProcess(script: string, env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
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

export async function load(target: Target, body: string, seconds: number, connections: number): Promise<Load> {
  const result = await autocannon({
    url: target.url,
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body,
    connections,
    duration: seconds,
  });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

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
  return { p50: times[Math.floor(samples * 0.5)], p99: times[Math.min(samples - 1, Math.floor(samples * 0.99))] };
}
