// Structured JSON log lines, written off the request path: lines gather in memory and leave in one
// write per tick. Only fields the caller passes are written, so headers and keys never reach the log.
export type Log = (event: string, fields?: Record<string, unknown>) => void;

export function createLog(write: (text: string) => void = (text) => process.stdout.write(text)) {
  let buffer: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffer.length === 0) return;
    const text = buffer.join("");
    buffer = [];
    write(text);
  };
  const log: Log = (event, fields = {}) => {
    buffer.push(JSON.stringify({ time: new Date().toISOString(), pid: process.pid, event, ...fields }) + "\n");
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return { log, flush };
}
