// The Responses API over a WebSocket (OpenAI's WebSocket mode: the OpenAI SDK's `ResponsesWS`, and
// Codex with OpenAI's own provider, which opens it before HTTP). Each `response.create` message is
// the body of a `POST /v1/responses` call with `stream: true`, and the stream's events go back one
// message each. The bridge makes that call to this gateway itself over loopback (loopback.ts), at
// the cost of one loopback hop a turn; it adds only what the mode has of its own:
// - `previous_response_id` names the connection's last response, which the server keeps: its input
//   and output stand before the new input (the mode's incremental inputs), less, with `store: false`,
//   reasoning items that carry no content (references to nothing stored). Another id is refused.
// - `generate: false` prepares that state without calling a model (nothing is billed).
// - `stream_id`, when given, is echoed on every event of its response.
// - The key is checked when the socket opens (a refused key is the HTTP answer to the upgrade).
// One response runs at a time; messages that arrive meanwhile wait their turn.
// A graceful stop closes every socket with 1001 (going away), a busy one once its response is
// complete, so the client reconnects to a worker that stays; the drain's end cuts the rest.
import { randomBytes } from "node:crypto";
import { type IncomingMessage, STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { request } from "undici";
import { type WebSocket, WebSocketServer } from "ws";
import { record } from "../metrics/metrics.ts";
import { openaiErrorBody, openaiErrorType } from "./errors/openai.ts";
import { loopbackBase, loopbackHeaders, loopbackTimeouts } from "./loopback.ts";
import { SseSplitter } from "./upstreams/sse.ts";

type Json = Record<string, any>;
type Last = { id: string; input: unknown[]; output: unknown[] };

/** What a graceful stop does to the mode's sockets (they are no HTTP connections: the server's closing does not end them). */
export type ResponsesWebSockets = {
  /** Each socket closes with 1001 once no response of it is under way; no new one opens. */
  stop(): void;
  /** The drain is over: every socket ends now. */
  terminate(): void;
};

const goingAway = [1001, "The gateway is restarting; reconnect."] as const;

export function serveResponsesWebSocket(server: Server, options: { maxPayload: number }): ResponsesWebSockets {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload, perMessageDeflate: false });
  /** Each open socket, with how many of its messages are under way or waiting. */
  const open = new Map<WebSocket, { queued: number }>();
  let stopping = false;
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket's error (the client reset it) is its end, never the worker's: an unheard 'error' would throw.
    socket.on("error", () => socket.destroy());
    if (stopping) return refuseUpgrade(socket, 503, "The gateway is restarting; open the WebSocket again.");
    const path = (req.url ?? "").split("?", 1)[0].replace(/\/+$/, "");
    if (path.toLowerCase() !== "/v1/responses") return refuseUpgrade(socket, 404, `${path || "/"} has no WebSocket; the Responses API has one at /v1/responses.`);
    const headers = loopbackHeaders(req);
    const base = loopbackBase(server.address());
    // The key, checked before the socket opens (a listing of models costs no upstream call).
    request(`${base}/v1/models`, { headers })
      .then(async (answer) => {
        const body = await answer.body.text();
        if (answer.statusCode >= 400) return refuseUpgrade(socket, answer.statusCode, "", body);
        if (stopping) return refuseUpgrade(socket, 503, "The gateway is restarting; open the WebSocket again.");
        sockets.handleUpgrade(req, socket, head, (ws) => {
          record.websocket("open");
          const state = { queued: 0 };
          open.set(ws, state);
          ws.on("close", () => open.delete(ws));
          connection(ws, base, headers, state, () => stopping);
        });
      })
      .catch(() => refuseUpgrade(socket, 503, "The gateway could not open the WebSocket; use POST /v1/responses."));
  });
  return {
    stop() {
      stopping = true;
      for (const [ws, state] of open) if (state.queued === 0) ws.close(...goingAway);
    },
    terminate() {
      for (const ws of open.keys()) ws.terminate();
    },
  };
}

/** The `stream_id` a response.create gave, for each event of its response. */
const lane = (streamId: unknown) => (streamId === undefined ? {} : { stream_id: streamId });

/** The HTTP answer to an upgrade that is not taken: the gateway's own JSON (`body`), or a message in OpenAI's error shape. */
function refuseUpgrade(socket: Duplex, status: number, message: string, body = JSON.stringify(openaiErrorBody(status, message, status === 404 ? "not_found" : undefined))): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * An output item that can stand in a stateless call's input: a reasoning item without its encrypted
 * content is only a reference to a stored item, which `store: false` never stored (OpenAI refuses
 * it); the model's own mode keeps it in the connection, this bridge does not.
 */
const isSentBackWithoutState = (item: any) => !(item?.type === "reasoning" && typeof item.encrypted_content !== "string");

function connection(ws: WebSocket, base: string, headers: Record<string, string>, state: { queued: number }, stopping: () => boolean): void {
  let last: Last | undefined;
  let turn = Promise.resolve();
  const abort = new AbortController();
  ws.on("close", () => abort.abort());
  // A frame that breaks the protocol (or one past maxPayload): ws closes the socket with its code; unheard, the error would end the worker.
  ws.on("error", () => {});
  ws.on("message", (data, isBinary) => {
    state.queued++;
    turn = turn
      .then(() => {
        if (ws.readyState !== ws.OPEN) return;
        // Stopping: a message not yet begun is the client's to send again once it reconnects, and it hears which.
        if (stopping()) return notBegun(isBinary ? null : data.toString());
        return respond(isBinary ? null : data.toString());
      })
      .catch(() => error(500, "server_error", "The gateway failed to answer this message; send it again."))
      .finally(() => {
        state.queued--;
        if (state.queued === 0 && stopping() && ws.readyState === ws.OPEN) ws.close(...goingAway);
      });
  });

  const send = (event: Json): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
  };
  const error = (status: number, code: string, message: string, param: string | null = null, streamId?: unknown): void =>
    send({ type: "error", status, error: { type: openaiErrorType(status), code, message, param }, ...lane(streamId) });

  function notBegun(text: string | null): void {
    let streamId: unknown;
    try {
      streamId = text === null ? undefined : JSON.parse(text)?.stream_id;
    } catch {}
    error(503, "unavailable", "The gateway is restarting and did not begin this response; send it again once reconnected.", null, streamId);
  }

  async function respond(text: string | null): Promise<void> {
    let message: Json;
    try {
      message = text === null ? null : JSON.parse(text);
    } catch {
      message = null as never;
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return error(400, "invalid_json", "A message is one JSON object, such as {\"type\": \"response.create\", …}.");
    const { type, stream_id: streamId, generate, previous_response_id: previous, ...body } = message;
    if (type !== "response.create") return error(400, "unsupported_event", `\`${String(type)}\` is not an event this gateway takes; send response.create.`, "type", streamId);
    record.websocket("response.create");
    let input: unknown[] = body.input === undefined ? [] : Array.isArray(body.input) ? body.input : [{ role: "user", content: body.input }];
    if (previous != null) {
      if (!last || previous !== last.id)
        return error(400, "previous_response_not_found", `Previous response ${JSON.stringify(previous)} is not this connection's last response, the only one this gateway keeps: name that one, or send the whole input.`, "previous_response_id", streamId);
      input = [...last.input, ...(body.store === false ? last.output.filter(isSentBackWithoutState) : last.output), ...input];
    }
    if (generate === false) {
      // State for the next response, and no model call: nothing is billed.
      last = { id: `resp_${randomBytes(12).toString("hex")}`, input, output: [] };
      const response = { id: last.id, object: "response", status: "completed", model: body.model, output: [], usage: null };
      send({ type: "response.created", response: { ...response, status: "in_progress" }, sequence_number: 0, ...lane(streamId) });
      send({ type: "response.completed", response, sequence_number: 1, ...lane(streamId) });
      return;
    }
    await call({ ...body, input, stream: true }, input, streamId);
  }

  async function call(body: Json, input: unknown[], streamId: unknown): Promise<void> {
    const echo = streamId === undefined ? "" : `,"stream_id":${JSON.stringify(streamId)}`;
    let answer;
    try {
      answer = await request(`${base}/v1/responses`, { method: "POST", headers, body: JSON.stringify(body), signal: abort.signal, ...loopbackTimeouts });
    } catch {
      if (!abort.signal.aborted) error(503, "unavailable", "The gateway could not make the call; send it again.", null, streamId);
      return;
    }
    if (answer.statusCode !== 200) {
      // Said as the mode says an HTTP error: an error event with the status and the error object.
      const text = await answer.body.text().catch(() => "");
      let said: Json | undefined;
      try {
        said = JSON.parse(text)?.error;
      } catch {}
      send({ type: "error", status: answer.statusCode, error: said ?? openaiErrorBody(answer.statusCode, text || `HTTP ${answer.statusCode}`).error, ...lane(streamId) });
      return;
    }
    const splitter = new SseSplitter();
    const forward = (events: ReturnType<SseSplitter["push"]>) => {
      for (const event of events) {
        const data = event.data;
        if (!data || data === "[DONE]") continue;
        // Only the last event's response is read (the state for previous_response_id); each event goes on as it came, with its stream_id.
        if (event.event === "response.completed" || event.event === "response.incomplete") {
          const response = JSON.parse(data).response;
          if (response?.id) last = { id: response.id, input, output: Array.isArray(response.output) ? response.output : [] };
        }
        if (ws.readyState === ws.OPEN) ws.send(echo && data.endsWith("}") ? `${data.slice(0, -1)}${echo}}` : data);
      }
    };
    try {
      for await (const chunk of answer.body) forward(splitter.push(chunk));
      forward(splitter.end());
    } catch {
      // The socket closed (the call was aborted, as a client's disconnect aborts it) or the stream broke; its error event, if any, went on.
    }
  }
}
