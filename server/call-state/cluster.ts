// One node: the primary process owns the call state and each worker reaches it over the
// cluster's IPC channel.
import cluster, { type Worker } from "node:cluster";
import type { CallStateOwner } from "./owner.ts";
import { type Handlers, type Port, rpcPeer } from "./rpc.ts";
import { type CallState, workerCallState } from "./worker.ts";

const ignoreClosed = () => {};

/** In the primary: every worker that forks is attached to the owner; one that exits is detached. */
export function serveCallState(owner: CallStateOwner): void {
  cluster.on("fork", (worker: Worker) => {
    const handlers: Handlers = {};
    const port: Port = {
      send: (message) => void (worker.isConnected() && worker.send(message as never, ignoreClosed)),
      onMessage: (listener) => void worker.on("message", listener),
    };
    Object.assign(handlers, owner.attach(String(worker.id), rpcPeer(port, handlers)));
  });
  cluster.on("exit", (worker) => owner.detach(String(worker.id)));
}

/** In a worker: the relay's call state, backed by the primary. */
export async function connectCallState(options: { leaseIdleMs: number }): Promise<CallState> {
  const handlers: Handlers = {};
  const port: Port = {
    send: (message) => void (process.connected && process.send!(message, undefined, undefined, ignoreClosed)),
    onMessage: (listener) => void process.on("message", listener),
  };
  const state = workerCallState(rpcPeer(port, handlers), options);
  Object.assign(handlers, state.handlers);
  await state.sync();
  return state;
}
