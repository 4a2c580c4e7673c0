// A loopback upstream that answers every request with what the test scripts next: its events, each
// in its own write 15 ms apart, then the end of the stream, a reset connection or silence — or one
// error answer of a status (with the headers it names). For what a vendor's stream does at its
// edges, which the mocks never do.
import { once } from "node:events";
import { createServer } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { sleep } from "../mock-upstreams/server.ts";
import { optIn } from "../translation/pairs.ts";
import { type RelayEnv, startRelayEnv } from "./relay-env.ts";

export type Script = { events: string[]; end?: "end" | "reset" | "hang"; status?: number; headers?: Record<string, string> };

export async function startScriptedUpstream() {
  let script: Script = { events: [] };
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume().on("end", async () => {
      const { events, end = "end", status, headers } = script;
      if (status) return void res.writeHead(status, { "content-type": "application/json", ...headers }).end(events[0]);
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const event of events) {
        res.write(event);
        await sleep(15);
      }
      if (end === "reset") res.socket?.resetAndDestroy();
      else if (end === "end") res.end();
    });
  });
  await once(server.listen(0, "127.0.0.1"), "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    /** What every request is answered with from now on: events that end the stream, or a whole script. */
    play(next: string[] | Script) {
      script = Array.isArray(next) ? { events: next } : next;
    },
    /** How many requests it was sent. */
    served: () => requests,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The gateway's environment that points every channel kind of the test tenant at `url`. */
export const everyChannelAt = (url: string) => ({
  TOLLGATE_ANTHROPIC_BASE_URL: url,
  TOLLGATE_OPENAI_BASE_URL: `${url}/v1`,
  TOLLGATE_QWEN_BASE_URL: `${url}/v1`,
  TOLLGATE_GEMINI_BASE_URL: url,
});

export type ScriptedUpstream = Awaited<ReturnType<typeof startScriptedUpstream>>;

/**
 * For a suite: a gateway whose every channel answers from one scripted upstream, translation opted
 * in, started before its tests and stopped after. `quietCircuits`: the calls fail on purpose, so no
 * circuit may open and change what the next one sees.
 */
export function useScriptedRelay(options: { quietCircuits?: boolean }, onStarted: (started: { env: RelayEnv; scripted: ScriptedUpstream }) => void): void {
  let started: { env: RelayEnv; scripted: ScriptedUpstream } | undefined;
  beforeAll(async () => {
    const scripted = await startScriptedUpstream();
    const env = await startRelayEnv({ env: { ...everyChannelAt(scripted.url), ...(options.quietCircuits ? { TOLLGATE_CIRCUIT_MIN_CALLS: "100000" } : {}) } });
    started = { env, scripted };
    await optIn(env);
    onStarted(started);
  }, 60_000);
  afterAll(async () => {
    await started?.env.stop();
    started?.scripted.close();
  });
}

/** A named SSE event (Anthropic, Responses). */
export const sseEvent = (name: string, value: unknown) => `event: ${name}\ndata: ${JSON.stringify(value)}\n\n`;
/** An unnamed SSE event, as Gemini and chat completions write them. */
export const sseData = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;
