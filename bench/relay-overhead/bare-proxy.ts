// The baseline: the least a Node reverse proxy can do — node:http in, an undici keep-alive pool out,
// the request body read but not parsed, the upstream answer piped back as it arrives. Tollgate's
// figures are reported as ratios to this one, measured in the same run on the same core.
import { createServer } from "node:http";
import { Pool } from "undici";

const upstream = new Pool(process.env.UPSTREAM_ORIGIN!, { connections: 256, keepAliveTimeout: 30_000 });

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    upstream.request(
      { path: req.url!, method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-bench" }, body: Buffer.concat(chunks) },
      (error, answer) => {
        if (error) {
          res.writeHead(502).end();
          return;
        }
        res.writeHead(answer.statusCode, { "content-type": String(answer.headers["content-type"] ?? "application/json") });
        answer.body.pipe(res);
      },
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
