// The Responses API's WebSocket mode through the OpenAI SDK's own client for it (`ResponsesWS`),
// on the GPT group (passthrough behind the bridge) and a Claude group (translated): each
// `response.create` is a POST /v1/responses call of this gateway, billed as one; the connection keeps
// its last response for `previous_response_id` (incremental input); `generate: false` prepares
// that state without a model call; `stream_id` comes back on every event; a refused key is the
// answer to the upgrade, a refused request an error event with its status.
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import type { ResponsesServerEvent } from "openai/resources/responses/responses";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { ANTHROPIC_REPLY, expectLedger, type Group, groups, keyFor, mark, TOOL, TOOL_RESULT, toolReply, upstreamSince, useSdkEnv } from "./sdk-helpers.ts";

let env: RelayEnv;
useSdkEnv("responses", ["claude", "gpt"], (started) => (env = started));

const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });

/** Opens the SDK's socket and collects its events; `until` says when a response is whole. */
const opened: ResponsesWS[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

async function connect(secret: string) {
  const socket = new ResponsesWS(client(secret));
  opened.push(socket);
  const events: ResponsesServerEvent[] = [];
  const waiters: { test: (event: ResponsesServerEvent) => boolean; done: (event: ResponsesServerEvent) => void }[] = [];
  socket.on("event", (event) => {
    events.push(event);
    for (const waiter of [...waiters]) if (waiter.test(event)) waiters.splice(waiters.indexOf(waiter), 1), waiter.done(event);
  });
  socket.on("error", () => {}); // error events are read from `events`
  const until = (test: (event: ResponsesServerEvent) => boolean) => new Promise<ResponsesServerEvent>((done) => waiters.push({ test, done }));
  const ended = () => until((event) => event.type === "response.completed" || event.type === "response.incomplete" || event.type === "error");
  return { socket, events, until, ended };
}

describe.each([["claude", groups.claude], ["gpt", groups.gpt]] as const)("the Responses WebSocket on the %s group", (name, group: Group) => {
  it("answers response.create with the stream's events, keeps the last response for previous_response_id, and bills each call", async () => {
    const key = await keyFor(env, group, `ws-${name}`);
    const since = mark(env, group);
    const { socket, events, ended } = await connect(key.secret);
    env.mocks[group.mock].next("tool", "tool");
    const tools: OpenAI.Responses.Tool[] = [{ type: "function", ...TOOL, strict: false }];
    socket.send({ type: "response.create", model: group.model, store: false, tools, input: [{ role: "user", content: "Read the README." }] });
    const first = await ended();
    expect(first.type, JSON.stringify(first)).toBe("response.completed");
    const firstResponse = (first as OpenAI.Responses.ResponseCompletedEvent).response;
    const call = firstResponse.output.find((item) => item.type === "function_call") as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toMatchObject({ name: TOOL.name });
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["response.created", "response.output_item.added", "response.function_call_arguments.delta", "response.completed"]));

    // Incremental input: only the tool's output, after the connection's last response.
    socket.send({ type: "response.create", model: group.model, store: false, tools, previous_response_id: firstResponse.id, input: [{ type: "function_call_output", call_id: call.call_id, output: TOOL_RESULT }] });
    const second = (await ended()) as OpenAI.Responses.ResponseCompletedEvent;
    expect(second.type).toBe("response.completed");
    expect(JSON.stringify(second.response.output)).toContain(JSON.stringify(toolReply(TOOL_RESULT)).slice(1, -1));
    socket.close();

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    // The upstream got the whole conversation on the second call: the user's words, the call, its output.
    const secondText = upstream[1].raw;
    expect(secondText).toContain("Read the README.");
    expect(secondText).toContain(name === "gpt" ? call.call_id : TOOL.name);
    expect(secondText).toContain(TOOL_RESULT);
    if (name === "gpt") expect(upstream[1].body).not.toHaveProperty("previous_response_id");
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [true, true] });
  });

  it("generate: false prepares the next response without a model call; stream_id comes back on every event", async () => {
    const key = await keyFor(env, group, `ws-warm-${name}`);
    const since = mark(env, group);
    const { socket, events, ended } = await connect(key.secret);
    socket.send({ type: "response.create", model: group.model, generate: false, input: [{ role: "user", content: "You will be asked about the README." }] } as never);
    const warm = (await ended()) as OpenAI.Responses.ResponseCompletedEvent;
    expect(warm.response.output).toEqual([]);
    expect(upstreamSince(env, group, since)).toHaveLength(0);
    const before = events.length;
    socket.send({ type: "response.create", model: group.model, previous_response_id: warm.response.id, stream_id: "lane-7", input: "Hello there" } as never);
    const answer = (await ended()) as OpenAI.Responses.ResponseCompletedEvent;
    expect(answer.type).toBe("response.completed");
    if (name === "claude") expect(JSON.stringify(answer.response.output)).toContain(JSON.stringify(ANTHROPIC_REPLY).slice(1, -1));
    for (const event of events.slice(before)) expect((event as any).stream_id, event.type).toBe("lane-7");
    socket.close();
    const [upstream] = upstreamSince(env, group, since);
    expect(upstream.raw).toContain("You will be asked about the README.");
    expect(upstream.raw).toContain("Hello there");
  });

  it("a previous_response_id that is not the connection's last, or a refused request, is an error event with its status; nothing is billed", async () => {
    const key = await keyFor(env, group, `ws-refused-${name}`);
    const since = mark(env, group);
    const { socket, ended } = await connect(key.secret);
    socket.send({ type: "response.create", model: group.model, previous_response_id: "resp_elsewhere", input: "Hi" });
    expect(await ended()).toMatchObject({ type: "error", status: 400, error: { code: "previous_response_not_found", param: "previous_response_id" } });
    socket.send({ type: "response.create", model: group.model, input: "Hi", temperature: 7 });
    expect(await ended()).toMatchObject({ type: "error", status: 400, error: { message: expect.stringContaining("temperature") } });
    socket.close();
    expect(upstreamSince(env, group, since)).toHaveLength(0);
    expect(await env.ledger(key.name, 0)).toEqual([]);
  });
});

describe("the Responses WebSocket, stateless", () => {
  it("previous_response_id with store false leaves out a reasoning item without its content, which OpenAI would take for a reference to nothing stored", async () => {
    const key = await keyFor(env, groups.gpt, "ws-stateless");
    const since = mark(env, groups.gpt);
    env.mocks.openai.next("thinking", "thinking");
    const { socket, ended } = await connect(key.secret);
    // Reasoning asked, but not its encrypted content: the reasoning item comes back as a bare id.
    socket.send({ type: "response.create", model: groups.gpt.thinks, store: false, reasoning: { effort: "low" }, input: "Say hello." });
    const first = (await ended()) as OpenAI.Responses.ResponseCompletedEvent;
    expect(first.response.output.map((item) => item.type)).toContain("reasoning");
    socket.send({ type: "response.create", model: groups.gpt.thinks, store: false, reasoning: { effort: "low" }, previous_response_id: first.response.id, input: "And again." });
    const second = await ended();
    expect(second.type, JSON.stringify(second)).toBe("response.completed");
    const [, upstream] = upstreamSince(env, groups.gpt, since);
    expect(upstream.body.input.map((item: any) => item.type ?? item.role)).not.toContain("reasoning");
    expect(upstream.raw).toContain("Say hello.");
  });
});

describe("the Responses WebSocket's opening", () => {
  const open = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string } | "open">((resolve, reject) => {
      const socket = new WebSocket(`${env.tollgate.url.replace(/^http/, "ws")}${path}`, { headers });
      socket.on("open", () => (socket.close(), resolve("open")));
      socket.on("unexpected-response", (_req, res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }));
      });
      socket.on("error", reject);
    });

  it("a socket that breaks the protocol is closed, and the worker lives on", async () => {
    const key = await keyFor(env, groups.gpt, "ws-broken");
    const socket = new WebSocket(`${env.tollgate.url.replace(/^http/, "ws")}/v1/responses`, { headers: { authorization: `Bearer ${key.secret}` } });
    await new Promise((opened) => socket.on("open", opened));
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    // A text frame with RSV1 set, which no extension was agreed for: the server's ws raises an error.
    (socket as any)._socket.write(Buffer.from([0xc1, 0x80, 0, 0, 0, 0]));
    expect(await closed).toBe(1002);
    await new Promise((settled) => setTimeout(settled, 300));
    expect(env.tollgate.output()).not.toContain("worker.exited");
    expect(await open("/v1/responses", { authorization: `Bearer ${key.secret}` })).toBe("open");
  });

  it("with a refused key is the gateway's 401 in OpenAI's shape; elsewhere than /v1/responses a 404", async () => {
    const refused = await open("/v1/responses", { authorization: "Bearer tg-not-a-key" });
    expect(refused).toMatchObject({ status: 401 });
    expect(JSON.parse((refused as { body: string }).body).error).toMatchObject({ type: "invalid_request_error" });
    const key = await keyFor(env, groups.gpt, "ws-open");
    expect(await open("/v1/responses", { authorization: `Bearer ${key.secret}` })).toBe("open");
    expect(await open("/v1/chat/completions", { authorization: `Bearer ${key.secret}` })).toMatchObject({ status: 404 });
  });
});
