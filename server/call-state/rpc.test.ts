import { describe, expect, it } from "vitest";
import { type Peer, type Port, rpcPeer } from "./rpc.ts";

/** Two ports joined back to back; `hold` keeps what one side sends until `release`, which delivers it all in one go, as one read of a channel does. */
function pair() {
  const listeners: [((message: unknown) => void)[], ((message: unknown) => void)[]] = [[], []];
  const held: unknown[] = [];
  let holding = false;
  const port = (self: 0 | 1): Port => ({
    send(message) {
      const deliver = () => listeners[1 - self].forEach((listener) => listener(structuredClone(message)));
      if (holding && self === 0) held.push(message);
      else setImmediate(deliver);
    },
    onMessage: (listener) => void listeners[self].push(listener),
  });
  return {
    ports: [port(0), port(1)] as const,
    hold: () => void (holding = true),
    release() {
      holding = false;
      // Synchronously, one after another: no promise continuation runs between them.
      for (const message of held.splice(0)) listeners[1].forEach((listener) => listener(structuredClone(message)));
    },
  };
}

describe("rpc over a message port", () => {
  it("a request that arrives right behind a reply is handled after the reply's waiter has acted on it", async () => {
    const { ports, hold, release } = pair();
    // The worker: a lease that a grant adds to, and a recall that gives back what is not held.
    let lease = 0;
    const worker = rpcPeer(ports[1], { recall: () => ((lease = 0), "recalled") });
    let recalled: unknown;
    const owner = rpcPeer(ports[0], {
      acquire: async () => {
        // The grant's reply and a recall leave together, as when another worker's call is short just after this grant.
        hold();
        setImmediate(() => {
          void owner.call("recall").then((answer) => (recalled = answer));
          release();
        });
        return 100;
      },
    });
    lease += await worker.call<number>("acquire");
    await expect.poll(() => recalled).toBe("recalled");
    // The recall saw the grant: nothing is left idle in the worker.
    expect(lease).toBe(0);
  });

  it("a notice sent ahead of a reply is handled before the reply's waiter continues", async () => {
    const { ports, hold, release } = pair();
    // The owner asks a worker what its calls hold; the worker's last settlement left just before its answer.
    let settled = 0;
    const owner = rpcPeer(ports[1], { settled: () => void settled++ });
    const worker: Peer = rpcPeer(ports[0], {
      holds: () => {
        hold();
        setImmediate(release);
        worker.notify("settled");
        return 0;
      },
    });
    const seenAtAnswer = await owner.call("holds").then(() => settled);
    expect(seenAtAnswer).toBe(1);
  });

  it("requests and notices are handled in the order they were sent", async () => {
    const { ports } = pair();
    const seen: string[] = [];
    rpcPeer(ports[1], { note: (what: string) => void seen.push(what), ask: (what: string) => (seen.push(what), what) });
    const sender = rpcPeer(ports[0], {});
    sender.notify("note", "a");
    const answer = sender.call("ask", "b");
    sender.notify("note", "c");
    expect(await answer).toBe("b");
    await expect.poll(() => seen).toEqual(["a", "b", "c"]);
  });

  it("a handler that throws answers with its error, and a notice whose handler throws is dropped", async () => {
    const { ports } = pair();
    rpcPeer(ports[1], {
      fail: () => {
        throw new Error("no such account");
      },
    });
    const caller = rpcPeer(ports[0], {});
    caller.notify("fail");
    await expect(caller.call("fail")).rejects.toThrow("no such account");
    await expect(caller.call("missing")).rejects.toThrow("no handler for missing");
  });
});
