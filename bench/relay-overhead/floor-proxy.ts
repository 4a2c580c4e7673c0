// The floor under issue 18's constraints: Express 5 with the relay's own body reader and contract
// validator (server/gateway/middleware), then the bytes read sent on through an undici keep-alive
// pool and the answer piped back. No key lookup, routing, hold, metering, ledger or metrics: what
// any gateway that keeps Express and express-openapi-validator pays before doing its own work.
import express from "express";
import { Pool } from "undici";
import { rawJsonOf, relayBody } from "../../server/gateway/middleware/body.ts";
import { validateRelay } from "../../server/gateway/middleware/validate.ts";

const upstream = new Pool(process.env.UPSTREAM_ORIGIN!, { connections: 256, keepAliveTimeout: 30_000 });
const app = express();
for (const path of ["/v1/chat/completions", "/v1/messages"]) {
  app.post(path, relayBody({ maxBytes: 32 * 1024 * 1024, maxDepth: 64 }), validateRelay(path), (req: express.Request, res: express.Response) => {
    const body = rawJsonOf(res)?.bytes ?? JSON.stringify(req.body);
    upstream.request({ path, method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-bench" }, body }, (error, answer) => {
      if (error) return void res.status(502).end();
      res.writeHead(answer.statusCode, { "content-type": String(answer.headers["content-type"] ?? "application/json") });
      answer.body.pipe(res);
    });
  });
}
app.use((error: { status?: number; message?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  res.status(error.status ?? 500).json({ error: { message: error.message } });
});
const server = app.listen(0, "127.0.0.1", () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
server.keepAliveTimeout = 65_000;
