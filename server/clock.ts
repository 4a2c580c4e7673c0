// The time spend-cap periods (and mailed links' expiry, store/mail-tokens.ts) are counted in. In production it is the system clock. For tests only:
// TOLLGATE_TEST_CLOCK_FILE names a file holding a number of milliseconds added to the system
// clock; every process re-reads it every 100 ms, so a test can move Tollgate across a period
// boundary (midnight UTC), or past a link's expiry, without waiting for one. Never set it in production.
import { readFileSync } from "node:fs";

let offset = 0;
const file = process.env.TOLLGATE_TEST_CLOCK_FILE;
if (file) {
  const read = () => {
    try {
      offset = Number(readFileSync(file, "utf8").trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
}

/** Epoch milliseconds for cap periods (and alerts' periods). */
export const periodClock = (): number => Date.now() + offset;
