// A small request/reply and notify protocol over a message port — a cluster worker's IPC channel
// to the primary, either way round. Each side registers handlers by operation name; `call` waits
// for the other side's reply, `notify` does not.
//
// Order: messages are acted on in the order they were sent, and what a reply sets going runs
// before the message behind it. Node emits every message of one read of the channel before any
// promise continuation runs, so without care a reply's waiter would act only after the messages
// that came behind it: a recall answered before the grant just ahead of it was added (the grant
// left idle while the owner refuses a call for want of it). So after a reply, the rest of the
// read waits for the next turn of the event loop.
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
  const inbox: Message[] = [];
  let paused = false;
  const drain = () => {
    paused = false;
    for (let message = inbox.shift(); message; message = inbox.shift()) {
      if (message.reply === undefined) {
        void handle(message);
        continue;
      }
      const waiter = waiting.get(message.reply);
      waiting.delete(message.reply);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
      // Whatever comes next (in this read or a later one) waits for setImmediate, which runs after
      // every microtask, however long the chain behind the reply.
      paused = true;
      return void setImmediate(drain);
    }
  };
  port.onMessage((raw) => {
    const message = raw as Message;
    if (message?.tgRpc !== true) return;
    inbox.push(message);
    if (!paused) drain();
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
