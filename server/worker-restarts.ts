// When the primary forks a replacement for a worker that exited unexpectedly. A worker that dies
// soon after it started (say, it cannot load its catalog) would otherwise be re-forked in a tight
// loop: each quick exit in a row doubles the wait, up to a ceiling; a worker that ran for a while
// before exiting is replaced at once and clears the count.

export type RestartPolicy = { firstDelayMs: number; maxDelayMs: number; healthyAfterMs: number };

export const defaultRestartPolicy: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 60_000, healthyAfterMs: 30_000 };

/** `quickExits` counts the exits in a row of workers that lived less than `healthyAfterMs`. */
export function nextRestart(lifetimeMs: number, quickExitsBefore: number, policy: RestartPolicy = defaultRestartPolicy) {
  const quickExits = lifetimeMs < policy.healthyAfterMs ? quickExitsBefore + 1 : 0;
  const delayMs = quickExits === 0 ? 0 : Math.min(policy.firstDelayMs * 2 ** (quickExits - 1), policy.maxDelayMs);
  return { quickExits, delayMs };
}
