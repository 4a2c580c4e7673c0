// A cloud's front over a vendor mock: the cloud checks what it checks itself (signatures, tokens,
// paths, its own body members) and hands the model's part to the vendor mock behind it over
// loopback HTTP, so a Claude body on Bedrock is held to every rule of the Anthropic mock too.
// The front's scenario queue is the one a test drives: cloud scenarios are the front's to answer,
// the vendor's are passed to the mock behind, one per forwarded request.
import type { ServerResponse } from "node:http";
import { type CloudScenario, type Exchange, type Mock, type Scenario } from "../server.ts";

const cloudScenarios = new Set<Scenario>([
  "throttling",
  "service-unavailable",
  "model-not-ready",
  "stream-validation",
  "stream-exception",
  "quota-429",
  "unavailable-503",
  "content-filter",
  "content-filter-completion",
]);

export const isCloudScenario = (scenario: Scenario): scenario is CloudScenario => cloudScenarios.has(scenario);

/** The vendor's scenario for the request behind a cloud one: the cloud's own are answered in front, or wrap an ordinary answer. */
export const innerScenario = (scenario: Scenario): Scenario => (isCloudScenario(scenario) ? "ok" : scenario);

/** A front is a mock whose every request may reach the vendor mock behind it. */
export type FrontMock = Mock & { inner: Mock };

/** A vendor mock a test started itself (the agent mock, say) to stand behind a front, and the key it takes. */
export type Behind = { mock: Mock; apiKey: string };

/** The front's mock behind: the test's own (left running on close), or one the front starts and closes. */
export async function behindOrOwn(given: Behind | undefined, start: (apiKey: string) => Promise<Mock>, apiKey: string): Promise<Behind & { owned: boolean }> {
  return given ? { ...given, owned: false } : { mock: await start(apiKey), apiKey, owned: true };
}

export function withInner(front: Mock, inner: Behind & { owned: boolean }): FrontMock {
  return {
    ...front,
    inner: inner.mock,
    async close() {
      await front.close();
      if (inner.owned) await inner.mock.close();
    },
  };
}

/** Sends the model's request to the vendor mock, under the scenario the front's request took. */
export async function forward(ex: Exchange, inner: Mock, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  inner.next(innerScenario(ex.scenario));
  return fetch(`${inner.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** The SSE events of a vendor mock's answer as they arrive: `event:` name (if any) and `data:` text. */
export async function* sseEvents(response: Response): AsyncGenerator<{ event?: string; data: string }> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    let end: RegExpExecArray | null;
    while ((end = /\r?\n\r?\n/.exec(pending))) {
      const block = pending.slice(0, end.index);
      pending = pending.slice(end.index + end[0].length);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data !== "") yield { event, data };
    }
  }
}

/** Passes a vendor mock's answer on unchanged (status, content type, body as it streams). */
export async function relayAnswer(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "application/json", ...extraHeaders });
  res.flushHeaders();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) return;
      res.write(chunk);
    }
    res.end();
  } catch {
    // The vendor mock broke its stream (break-mid-stream): so does the front.
    res.destroy();
  }
}

export function sendCloudJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
