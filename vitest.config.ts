import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "web/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start real server processes; two cores, so keep file parallelism modest.
    maxWorkers: 2,
  },
});
