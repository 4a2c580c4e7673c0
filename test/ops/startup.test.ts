// `npm start`'s prestart rebuilds the console only when web/dist is older than its sources, so a
// start with a current build goes straight to the server.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const index = join(root, "web/dist/index.html");

describe.skipIf(!existsSync(index))("prestart", () => {
  it("does not rebuild a current console", () => {
    const before = statSync(index).mtimeMs;
    const started = performance.now();
    const output = execFileSync(process.execPath, [join(root, "web/build-if-stale.ts")], { cwd: root, encoding: "utf8" });
    expect(output).toBe("");
    expect(statSync(index).mtimeMs).toBe(before);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
