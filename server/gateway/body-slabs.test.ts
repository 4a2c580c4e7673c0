// A slab is reused only when nothing can still read it: not while its call or an upstream
// exchange holds it, and not while a socket it was written to has not flushed it.
import { once } from "node:events";
import { type Socket, createServer } from "node:net";
import { Agent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { holdBytes, joinedBytes, releaseBytes, takeSlab } from "./body-slabs.ts";
import { exchange } from "./upstream-exchange.ts";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("body slabs", () => {
  it("are reused once released, and sized in powers of two from 64 KB", () => {
    const slab = takeSlab(100_000);
    expect(slab.length).toBe(128 * 1024);
    releaseBytes(slab.subarray(0, 100_000));
    const again = takeSlab(70_000);
    expect(again).toBe(slab);
    releaseBytes(again);
    // Released twice: the second release of a slab no longer lent does nothing.
    releaseBytes(again);
    const third = takeSlab(70_000);
    const fourth = takeSlab(70_000);
    expect(third).toBe(slab);
    expect(fourth).not.toBe(slab);
    releaseBytes(third);
    releaseBytes(fourth);
  });

  it("are not reused while an exchange holds them", () => {
    const slab = takeSlab(200_000);
    const release = holdBytes(slab.subarray(0, 10));
    releaseBytes(slab); // the call's own hold: its response closed
    const other = takeSlab(200_000);
    expect(other).not.toBe(slab);
    release();
    release(); // once only
    expect(takeSlab(200_000)).toBe(slab);
    releaseBytes(slab);
    releaseBytes(other);
    // Bytes that are not a slab's need no hold.
    expect(() => holdBytes(Buffer.alloc(10))()).not.toThrow();
  });

  it("hold what the relay builds (an edited body) from when an attempt holds it until it lets go", () => {
    const pieces = [Buffer.from('{"model":'), '"é-model"', Buffer.alloc(300_000, 0x20), "}"];
    const built = joinedBytes(pieces);
    expect(built.equals(Buffer.concat(pieces.map((piece) => Buffer.from(piece))))).toBe(true);
    const release = holdBytes(built);
    expect(takeSlab(300_000).buffer).not.toBe(built.buffer);
    release();
    expect(takeSlab(300_000).buffer).toBe(built.buffer);
    // A small body is joined as it always was, with no slab to hold.
    const small = joinedBytes(['{"a":', Buffer.from("1}")]);
    expect(small.toString()).toBe('{"a":1}');
    expect(holdBytes(small)).toBe(holdBytes(Buffer.alloc(1)));
  });

  it("are not reused while a socket they were written to has not flushed them, even after the upstream answered", async () => {
    // An upstream that answers from the request's head and reads the body only when told to.
    let upstreamSocket!: Socket;
    let received = 0;
    const server = createServer((socket) => {
      upstreamSocket = socket;
      let head = "";
      const onHead = (chunk: Buffer) => {
        head += chunk.toString("latin1");
        received += chunk.length;
        if (!head.includes("\r\n\r\n")) return;
        socket.off("data", onHead);
        socket.pause();
        socket.write("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
        socket.on("data", (more: Buffer) => (received += more.length));
      };
      socket.on("data", onHead);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const dispatcher = new Agent();
    closers.push(() => dispatcher.close(), () => new Promise((resolve) => server.close(resolve)));

    const size = 16 * 1024 * 1024; // beyond what loopback's socket buffers take at once
    const slab = takeSlab(size).fill(0x61);
    const answer = await exchange(dispatcher, {
      origin: `http://127.0.0.1:${port}`,
      path: "/",
      headers: { "content-type": "application/octet-stream" },
      body: slab,
      signal: new AbortController().signal,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    expect(await answer.text()).toBe("ok");
    releaseBytes(slab); // the call ends: its answer is complete
    expect(received).toBeLessThan(size); // the body is still being written

    const meanwhile = takeSlab(size);
    expect(meanwhile).not.toBe(slab);

    upstreamSocket.resume();
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(size);
    // Flushed: now it is free to be lent again.
    const lent = [meanwhile];
    await expect.poll(() => lent[lent.push(takeSlab(size)) - 1] === slab).toBe(true);
    lent.forEach((taken) => releaseBytes(taken));
  });
});
