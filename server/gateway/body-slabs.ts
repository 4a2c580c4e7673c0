// Large request bodies are read into buffers the worker reuses ("slabs"), not into a new buffer per
// call. A body's bytes live as long as its call (they are what goes upstream), and a new buffer of
// that size per call is external memory V8 frees only when the buffer's owner object dies: when
// enough of them had been promoted while their calls ran, V8 answered with mark-compact pauses of
// 7–17 ms a few times a second (bench/relay-overhead/results.md, thirteenth round). A slab is
// allocated once and lives in the old generation, so a call adds no external memory that outlives it.
//
// A slab goes back to be reused only when nothing can still read it: the call that read the body
// has ended (its response closed), no upstream exchange is sending it, and every socket it was
// written to has flushed it. The last matters because a socket write may wait for the peer to
// read, after the upstream's answer: another call's bytes must never be sent in its place.
import { subscribe } from "node:diagnostics_channel";
import type { Socket } from "node:net";

/** Bodies of at least this many bytes are read into a slab; smaller ones are a single chunk anyway. */
export const slabFromBytes = 64 * 1024;
/** What the free slabs may hold in all, per worker; beyond it a returned slab is left to the GC. */
const freeBytesKept = 32 * 1024 * 1024;

/** `returning`: its last hold is gone and it waits for its sockets to flush; nothing may hold it again. */
type Lease = { slab: Buffer; holds: number; sockets: Socket[]; returning: boolean };

const leases = new WeakMap<ArrayBufferLike, Lease>();
const free = new Map<number, Buffer[]>();
let freeBytes = 0;

const sizeFor = (length: number) => {
  let size = slabFromBytes;
  while (size < length) size *= 2;
  return size;
};

/** A slab of at least `length` bytes, lent to one request body; `releaseBytes` it when the call ends. */
export function takeSlab(length: number, holds = 1): Buffer {
  const size = sizeFor(length);
  const reused = free.get(size)?.pop();
  if (reused) freeBytes -= size;
  const slab = reused ?? Buffer.allocUnsafeSlow(size);
  leases.set(slab.buffer, { slab, holds, sockets: [], returning: false });
  return slab;
}

/**
 * `pieces` joined, in a slab when they are large: a body the relay builds (edited or translated).
 * Nobody holds it yet; the attempt that sends it holds it (`holdBytes`) and it returns after that.
 */
export function joinedBytes(pieces: (Buffer | string)[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += typeof piece === "string" ? Buffer.byteLength(piece) : piece.length;
  const body = bodyBuffer(length);
  let at = 0;
  for (const piece of pieces) at += typeof piece === "string" ? body.write(piece, at) : piece.copy(body, at);
  return body;
}

/** A buffer of `length` bytes for a body the relay builds (a caller may send a view of its start): a view of a slab when it is large, held as `joinedBytes`' are. */
export function bodyBuffer(length: number): Buffer {
  return length < slabFromBytes ? Buffer.allocUnsafe(length) : takeSlab(length, 0).subarray(0, length);
}

/**
 * Keeps the slab that `bytes` is a view of (if any) from being reused until the returned function
 * is called. Bytes that are not a slab's (a small body, a string) need no hold.
 */
export function holdBytes(bytes: Buffer | string): () => void {
  const lease = typeof bytes === "string" ? undefined : leases.get(bytes.buffer);
  if (!lease || lease.returning) return noHold;
  lease.holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release(lease);
  };
}

const noHold = () => {};

/** Gives up one hold of the slab `bytes` views; the last one returns it once its sockets have flushed it. */
export function releaseBytes(bytes: Buffer): void {
  const lease = leases.get(bytes.buffer);
  if (lease && !lease.returning && lease.holds > 0) release(lease);
}

function release(lease: Lease) {
  if (--lease.holds > 0) return;
  lease.returning = true;
  returnWhenFlushed(lease);
}

function returnWhenFlushed(lease: Lease) {
  // A slab is larger than a socket's high-water mark, so while any of it is unwritten the socket owes a 'drain'.
  const writing = lease.sockets.find((socket) => !socket.destroyed && socket.writableNeedDrain);
  if (writing) {
    const retry = () => {
      writing.off("drain", retry).off("close", retry);
      returnWhenFlushed(lease);
    };
    writing.on("drain", retry).on("close", retry);
    return;
  }
  leases.delete(lease.slab.buffer);
  const size = lease.slab.length;
  if (freeBytes + size > freeBytesKept) return;
  const list = free.get(size);
  if (list) list.push(lease.slab);
  else free.set(size, [lease.slab]);
  freeBytes += size;
}

// undici publishes each request with its socket just before writing it (a documented diagnostics
// channel); a lent slab's sockets are remembered so that its return can wait for them to flush.
subscribe("undici:client:sendHeaders", (message) => {
  const { request, socket } = message as { request: { body?: unknown }; socket: Socket };
  const body = request.body;
  if (!Buffer.isBuffer(body)) return;
  const lease = leases.get(body.buffer);
  if (lease && !lease.sockets.includes(socket)) lease.sockets.push(socket);
});
