import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange } from "./upstream-exchange.ts";

// A loopback upstream: `/chunks?n=N` answers N chunks of 16 KiB in separate writes, `/hang` answers
// its head and then nothing, `/echo` answers the request body back, `/early-hints` sends a 103 first.
let server: Server;
let origin: string;
const agent = new Agent({ keepAliveTimeout: 1_000 });
const chunk = (i: number) => String(i % 10).repeat(16 * 1024);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (part) => (body += part));
    req.on("end", async () => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/echo") return res.writeHead(201, { "x-seen": "yes" }).end(body);
      if (url.pathname === "/hang") return res.writeHead(200).write("head");
      if (url.pathname === "/trickle") {
        res.writeHead(200);
        for (const part of ["a", "b", "c"]) {
          res.write(part);
          await new Promise((done) => setTimeout(done, 5));
        }
        return res.end();
      }
      if (url.pathname === "/early-hints") {
        res.writeEarlyHints({ link: "</style.css>; rel=preload; as=style" });
        return res.writeHead(200).end("after the hints");
      }
      res.writeHead(200, { "content-type": "text/plain" });
      for (let i = 0; i < Number(url.searchParams.get("n")); i++) {
        if (!res.write(chunk(i))) await new Promise((done) => res.once("drain", done));
      }
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  server.close();
});

const options = (path: string, signal = new AbortController().signal) => ({
  origin,
  path,
  headers: { "content-type": "text/plain" },
  body: "héllo",
  signal,
  headersTimeout: 2_000,
  bodyTimeout: 2_000,
});

describe("exchange", () => {
  it("resolves with the answer's head and reads the body whole as UTF-8", async () => {
    const answer = await exchange(agent, options("/echo"));
    expect(answer.statusCode).toBe(201);
    expect(answer.headers["x-seen"]).toBe("yes");
    expect(await answer.text()).toBe("héllo");
  });

  it("an informational answer (103 Early Hints) is not the answer", async () => {
    const answer = await exchange(agent, options("/early-hints"));
    expect(answer.statusCode).toBe(200);
    expect(await answer.text()).toBe("after the hints");
  });

  it("hands over every chunk in order, and a slow consumer holds the upstream back without losing any", async () => {
    const answer = await exchange(agent, options("/chunks?n=64"));
    let received = "";
    let inFlight = 0;
    let overlapped = false;
    await answer.forEachChunk((part) => {
      if (inFlight > 0) overlapped = true;
      received += part.toString();
      if (received.length % 3 !== 0) return undefined;
      inFlight++;
      return new Promise<void>((done) => setTimeout(() => (inFlight--, done()), 1));
    });
    const expected = Array.from({ length: 64 }, (_, i) => chunk(i)).join("");
    expect(overlapped).toBe(false);
    expect(received.length).toBe(expected.length);
    expect(received === expected).toBe(true);
  });

  it("rejects the answer when the signal aborts before it, and the body's reading when it aborts during it", async () => {
    const before = new AbortController();
    before.abort(new Error("gone before"));
    await expect(exchange(agent, options("/echo", before.signal))).rejects.toThrow("gone before");

    const during = new AbortController();
    const answer = await exchange(agent, options("/hang", during.signal));
    const reading = answer.text();
    setTimeout(() => during.abort(new Error("gone during")), 20);
    await expect(reading).rejects.toThrow("gone during");
  });

  it("a consumer that throws, even a value that is no Error and after the body has ended, fails the reading", async () => {
    const answer = await exchange(agent, options("/echo"));
    await new Promise((done) => setTimeout(done, 50)); // the body has ended: no abort can stand in for the error
    await expect(
      answer.forEachChunk(() => {
        throw undefined;
      }),
    ).rejects.toBeInstanceOf(Error);
  });

  it("an abort while the request waits for a connection rejects at once, not when a connection frees up", async () => {
    const single = new Agent({ connections: 1 });
    const holder = new AbortController();
    await exchange(single, options("/hang", holder.signal)); // holds the only connection
    const waiting = new AbortController();
    const queued = exchange(single, options("/echo", waiting.signal));
    const started = performance.now();
    setTimeout(() => waiting.abort(new Error("client gone")), 20);
    await expect(queued).rejects.toThrow("client gone");
    expect(performance.now() - started).toBeLessThan(1_000);
    holder.abort();
    await single.close();
  });

  it("once its body has ended, a slow consumer never pauses or resumes the connection that serves the next request", async () => {
    const single = new Agent({ connections: 1 });
    const first = await exchange(single, options("/trickle"));
    await new Promise((done) => setTimeout(done, 100)); // its whole body has arrived; the connection is free again
    // The next request on the same connection pauses itself at its first chunk and stays paused.
    let controller: Dispatcher.DispatchController | undefined;
    let deliveredWhilePaused = 0;
    single.dispatch(
      { origin, path: "/chunks?n=64", method: "POST", body: "" },
      {
        onRequestStart() {},
        onResponseStart() {},
        onResponseData(paused) {
          controller = paused;
          if (paused.paused) deliveredWhilePaused++;
          paused.pause();
        },
        onResponseEnd() {},
        onResponseError() {},
      },
    );
    await new Promise((done) => setTimeout(done, 100));
    await first.forEachChunk(() => new Promise((done) => setTimeout(done, 5)));
    await new Promise((done) => setTimeout(done, 50));
    expect(controller).toBeDefined();
    expect(deliveredWhilePaused).toBe(0);
    controller?.abort(new Error("done"));
    await single.close();
  });

  it("a consumer that throws ends the exchange with its error", async () => {
    const answer = await exchange(agent, options("/chunks?n=8"));
    await expect(
      answer.forEachChunk(() => {
        throw new Error("cannot take it");
      }),
    ).rejects.toThrow("cannot take it");
  });

  it("an unreachable upstream rejects with undici's error code", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await expect(exchange(agent, { ...options("/"), origin: `http://127.0.0.1:${port}` })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
