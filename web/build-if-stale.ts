// `npm start`'s prestart: rebuild the console (vite build) only when web/dist is missing or older
// than any of its sources, so a start with a current build goes straight to listening.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const built = join(root, "web/dist/index.html");
// Everything the console bundle is made from: its sources, the typed client it imports, the lock file.
const sources = ["web/src", "web/index.html", "web/vite.config.ts", "client", "package-lock.json"];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changed = sources.find((source) => newest(join(root, source)) > builtAt);
if (builtAt === 0 || changed) {
  console.log(builtAt === 0 ? "Building the console (web/dist is missing)…" : `Rebuilding the console (${changed} changed since the last build)…`);
  execFileSync(join(root, "node_modules/.bin/vite"), ["build", "web", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
}
