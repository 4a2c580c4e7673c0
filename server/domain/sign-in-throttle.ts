// Sign-in throttling (README, Sign-in throttling): attempts are counted per account and per client
// address in a fixed window. Each attempt is counted before the password is checked, so concurrent
// guesses on any worker cannot slip past the limit; a successful sign-in clears the account's count
// and does not count against its address.

export type SignInPolicy = {
  /** Length of a counting window. */
  windowMs: number;
  /** Attempts per account (the email as typed, known or not) in one window. */
  perAccount: number;
  /** Attempts per client address in one window. */
  perAddress: number;
};

export const defaultSignInPolicy: SignInPolicy = { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 100 };

/** A counter after this attempt: how many attempts its window holds, and when the window started. */
export type AttemptCount = { attempts: number; windowStart: number };

/** Seconds until every counter over its limit has a fresh window, or 0 when none is over. */
export function signInWait(policy: SignInPolicy, account: AttemptCount, address: AttemptCount, now: number): number {
  const over = [
    account.attempts > policy.perAccount && account.windowStart,
    address.attempts > policy.perAddress && address.windowStart,
  ].filter((start): start is number => start !== false);
  if (over.length === 0) return 0;
  return Math.max(1, Math.ceil((Math.max(...over) + policy.windowMs - now) / 1000));
}

/**
 * An account's attempts count under its email as the database folds it for the lookup (PostgreSQL's
 * lower() folds some letters, such as İ, otherwise than JavaScript's, and SQLite's only ASCII), so
 * every spelling that finds an account shares one counter. Unknown emails are counted the same way,
 * so the throttle reveals nothing about them.
 */
export const accountScope = (foldedEmail: string) => `account:${foldedEmail}`;
export const addressScope = (address: string) => `address:${address}`;
