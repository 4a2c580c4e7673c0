// POST /v1/responses/compact (the OpenAI SDK's `responses.compact`). A compaction is a response
// whose input ends with a `compaction_trigger` item: OpenAI answers it with one `compaction` item,
// and on a translated group the model writes a summary that the item carries (translate/responses/
// compaction.ts). So the endpoint is that response, made over loopback (loopback.ts) and routed,
// limited, billed and logged as any; the answer is reshaped into OpenAI's compacted response: the
// input's user messages, then the compaction item.
import type { NextFunction, Request, Response } from "express";
import { request } from "undici";
import { gatewayError } from "../../domain/errors.ts";
import { holdBytes } from "../body-slabs.ts";
import { loopbackBase, loopbackHeaders, loopbackTimeouts } from "../loopback.ts";
import { rawJsonOf } from "../middleware/body.ts";
import { type RawJson, withMembers } from "../raw-json.ts";

type Json = Record<string, any>;

const triggerItem = '{"type":"compaction_trigger"}';

/**
 * The loopback call's body: the caller's own bytes, with the trigger after its input items (a
 * string input made one user message) and `stream` false. Nothing else is serialized again, so
 * nothing the caller wrote is rewritten (an integer past 2^53, `1.0`) or grows past the size
 * limit's allowance (`1e20` written out is 21 digits). Bytes not kept, or with a key twice: as parsed.
 */
function loopbackBody(raw: RawJson | null, body: Json, items: Json[]): Buffer | string {
  if (!raw || raw.duplicateKeys) return JSON.stringify({ ...body, input: [...items, { type: "compaction_trigger" }], stream: false });
  const input = raw.members.find((member) => member.key === "input");
  const value = input && raw.bytes.toString("utf8", input.valueStart, input.valueEnd);
  const inputText =
    value === undefined || body.input == null
      ? `[${triggerItem}]`
      : typeof body.input === "string"
        ? `[{"type":"message","role":"user","content":${value}},${triggerItem}]`
        : `${value.slice(0, -1)}${items.length > 0 ? "," : ""}${triggerItem}]`;
  return withMembers(raw, { input: inputText, stream: "false" });
}

/** The loopback answer's headers the caller gets as they are: its request id (the call log's) and its limits. */
const passedOn = (name: string) => name === "request-id" || name === "retry-after" || name.startsWith("x-");

const isUserMessage = (item: Json) => item?.role === "user" && (item.type === undefined || item.type === "message");

/**
 * A user message as OpenAI echoes it in a compacted response: a `message` item whose content is
 * always a list of parts, a string content (or a string `input`) becoming one `input_text` part.
 */
const echoed = (item: Json): Json => ({ type: "message", ...item, content: typeof item.content === "string" ? [{ type: "input_text", text: item.content }] : item.content });

export function compactHandler() {
  return async function handleCompact(req: Request, res: Response, next: NextFunction) {
    // A caller that leaves stops the call, as a caller of POST /v1/responses does.
    const abort = new AbortController();
    try {
      const { input } = req.body as Json;
      const items: Json[] = input == null ? [] : typeof input === "string" ? [{ type: "message", role: "user", content: input }] : input;
      const trigger = items.findIndex((item) => item?.type === "compaction_trigger");
      if (trigger >= 0) return next(gatewayError("invalid_request", `input[${trigger}] is a compaction_trigger: this endpoint adds its own after the input; remove it.`, { field: `input[${trigger}]` }));
      res.on("close", () => abort.abort());
      // The loopback call counts itself in the metrics as this compaction, with its group and model.
      res.locals.countedInside = true;
      const body = loopbackBody(rawJsonOf(res), req.body as Json, items);
      // A large body is built in a reused slab (body-slabs.ts): kept until the call has sent it.
      const release = holdBytes(body);
      const answer = await request(`${loopbackBase(req.socket.address())}/v1/responses`, {
        method: "POST",
        // Logged as what the caller called, not as the response call inside.
        headers: loopbackHeaders(req, "responses/compact"),
        body,
        signal: abort.signal,
        ...loopbackTimeouts,
      })
        .catch((error) => {
          // The server takes no new connection once a graceful stop began: the caller retries elsewhere.
          if (abort.signal.aborted) throw error;
          res.locals.countedInside = false;
          throw gatewayError("no_channel", "The gateway is restarting and could not make this compaction. Retry it.", { retryAfterSeconds: 1 });
        })
        .finally(release);
      // The call inside has its row in the request log (and its bill): an error said after it is not recorded again.
      res.locals.callRecorded = true;
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && passedOn(name)) res.setHeader(name, value);
      const text = await answer.body.text();
      // A refusal (a bad item, the key's limits, no channel) is already said in OpenAI's shape.
      if (answer.statusCode !== 200) return void res.status(answer.statusCode).type("application/json").send(text);
      const response = JSON.parse(text) as Json;
      const compaction = Array.isArray(response.output) ? response.output.find((item: Json) => item?.type === "compaction") : undefined;
      if (!compaction) {
        const why = response.error?.message ? `: ${response.error.message}` : " (its upstream may not compact conversations).";
        return next(gatewayError("upstream_error", `The model answered the compaction without a compaction item${why}`, { status: 502 }));
      }
      res.json({ id: response.id, object: "response.compaction", created_at: response.created_at, output: [...items.filter(isUserMessage).map(echoed), compaction], usage: response.usage });
    } catch (error) {
      // The caller left: its response call ended as a disconnect (logged and billed as one), no fault of the gateway's.
      if (abort.signal.aborted) return;
      next(error);
    }
  };
}
