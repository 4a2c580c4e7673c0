// A small request/reply and notify protocol over a message port — a cluster worker's IPC channel
// to the primary, either way round. Each side registers handlers by operation name; `call` waits
// for the other side's reply, `notify` does not.
//
// Order: Node emits every message of one read of the channel before any promise continuation
// runs, so a reply's waiter would act only after a request that came behind it had been handled
// — a recall answered before the grant just ahead of it was added would leave that grant idle
// while the owner refuses a call for want of it. Requests and notices therefore wait in a queue
// (in arrival order) until the continuations of the replies ahead of them have run.
export type Port = { send(message: unknown): void; onMessage(listener: (message: unknown) => void): void };
export type Handlers = Record<string, (...args: any[]) => unknown>;

type Message = { tgRpc: true; id?: number; op?: string; args?: unknown[]; reply?: number; result?: unknown; error?: string };

export type Peer = {
  call<T = unknown>(op: string, ...args: unknown[]): Promise<T>;
  notify(op: string, ...args: unknown[]): void;
  /** Rejects every call still waiting for a reply (the other side is gone). */
  close(reason: string): void;
};

export function rpcPeer(port: Port, handlers: Handlers): Peer {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  const requests: Message[] = [];
  const handleRequests = () => {
    for (const message of requests.splice(0)) void handle(message);
  };
  port.onMessage((raw) => {
    const message = raw as Message;
    if (message?.tgRpc !== true) return;
    if (message.reply !== undefined) {
      const waiter = waiting.get(message.reply);
      waiting.delete(message.reply);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
      return;
    }
    // setImmediate runs after every microtask, however long the chain behind a reply.
    if (requests.push(message) === 1) setImmediate(handleRequests);
  });
  const handle = async (message: Message) => {
    const handler = handlers[message.op!];
    if (message.id === undefined) {
      try {
        await handler?.(...message.args!);
      } catch {
        // a notice has no one to tell
      }
      return;
    }
    let reply: Message;
    try {
      if (!handler) throw new Error(`no handler for ${message.op}`);
      reply = { tgRpc: true, reply: message.id, result: await handler(...message.args!) };
    } catch (error) {
      reply = { tgRpc: true, reply: message.id, error: String((error as Error)?.message ?? error) };
    }
    try {
      port.send(reply);
    } catch {
      // the other side went away
    }
  };
  return {
    call: (op, ...args) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        try {
          port.send({ tgRpc: true, id, op, args } satisfies Message);
        } catch (error) {
          waiting.delete(id);
          reject(error as Error);
        }
      }),
    notify(op, ...args) {
      try {
        port.send({ tgRpc: true, op, args } satisfies Message);
      } catch {
        // the other side went away; what it would have done is done by its exit handling
      }
    },
    close(reason) {
      for (const waiter of waiting.values()) waiter.reject(new Error(reason));
      waiting.clear();
    },
  };
}
