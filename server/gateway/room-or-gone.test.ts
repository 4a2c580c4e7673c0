import { getEventListeners } from "node:events";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { roomOrGone } from "./channel-attempt.ts";

it("waiting for a slow client's room, again and again, leaves no listener behind", async () => {
  const signal = new AbortController().signal;
  const counts: number[][] = [];
  const server = createServer(async (_req, res) => {
    const listeners = () => [res.listenerCount("drain"), res.listenerCount("close"), res.listenerCount("error"), getEventListeners(signal, "abort").length];
    res.writeHead(200);
    counts.push(listeners());
    for (let waits = 0; waits < 30; ) {
      if (!res.write(Buffer.alloc(64 * 1024, 120))) {
        await roomOrGone(res, signal);
        waits++;
      }
    }
    counts.push(listeners());
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const received = await new Promise<number>((done, fail) => {
    request({ port: (server.address() as AddressInfo).port, host: "127.0.0.1" }, (answer) => {
      let bytes = 0;
      // A slow reader: a pause after every chunk, so the server's writes keep running into backpressure.
      answer.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        answer.pause();
        setTimeout(() => answer.resume(), 1);
      });
      answer.on("end", () => done(bytes));
    })
      .on("error", fail)
      .end();
  });
  server.close();
  expect(received).toBeGreaterThanOrEqual(30 * 64 * 1024);
  expect(counts[1]).toEqual(counts[0]);
});
