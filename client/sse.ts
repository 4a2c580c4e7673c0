// Server-sent events as an async iterator, for every relay stream: Family A and Responses send
// `event:` lines, chat and Family C data-only ones; chat ends with `data: [DONE]`.

export type ServerSentEvent = { event?: string; data: string };

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  const reader = body.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
        // A CR that ends the chunk may be the first half of a CR LF (one line break): wait for the next chunk.
        if (!done && newline === buffer.length - 1 && buffer[newline] === "\r") break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length) yield { event, data: data.join("\n") };
          event = undefined;
          data = [];
        } else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        else if (line.startsWith("event:")) event = line.slice(6).trim();
      }
      if (done) break;
    }
    if (data.length) yield { event, data: data.join("\n") };
  } finally {
    reader.releaseLock();
  }
}

/** The JSON payloads of a stream, stopping at chat's `[DONE]`. */
export async function* readJsonEvents<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event?: string; data: T }> {
  for await (const { event, data } of readEvents(body)) {
    if (data === "[DONE]") return;
    yield { event, data: JSON.parse(data) as T };
  }
}
