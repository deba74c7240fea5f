// Login throttling that stops guessing without handing attackers a lockout (docs/decisions/0010-…).
// Only failed logins count, on three keys:
// - per (account, address), tight: one address guessing one account is stopped after a few tries, and the owner's
//   own address is not affected by failures made elsewhere;
// - per account over every address, loose: this is the brute-force cap. Once it is reached no password is checked
//   for the account until the window ends, and its owner can get in with a one-time sign-in link by email;
// - per address over every account, wide (offices and schools share one).
// Every attempt is counted before its password is checked and taken back if it succeeds, so concurrent guesses
// cannot slip past a limit. A counter store outage (Redis down) lets logins through rather than locking out everyone.
import { createHash } from 'node:crypto';
import type { FailureCounter } from './failure-counter';
import type { Limit } from './rate-limit';

export interface LoginLimits {
  perAccountAndIp: Limit;
  perAccount: Limit;
  perIp: Limit;
}

export type Refusal = { scope: 'address' | 'account'; retryAfterSeconds: number };

export interface LoginAttempt {
  /** The password was right: the attempt is not a failure, and this address's failures on the account are forgiven. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account unknown): the attempt stays counted. */
  failed(): Promise<void>;
  /** The attempt could not be judged (the database failed): it is not counted. */
  cancel(): Promise<void>;
}

/** Email addresses are hashed before they become keys: the store need not hold personal data. */
export const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export interface LoginThrottle {
  /** Counts an attempt; a refusal when a limit is reached (the attempt is then not counted). */
  begin(email: string, ip: string): Promise<{ refused: Refusal } | { refused: null; attempt: LoginAttempt }>;
}

export function loginThrottle(
  counter: FailureCounter,
  limits: LoginLimits,
  onStoreError: (err: unknown) => void,
): LoginThrottle {
  const pass: LoginAttempt = { succeeded: async () => {}, failed: async () => {}, cancel: async () => {} };
  return {
    async begin(email, ip) {
      const account = emailKey(email);
      const keys = [
        { key: `login-fail:acct-ip:${account}:${ip}`, limit: limits.perAccountAndIp, scope: 'address' as const },
        { key: `login-fail:ip:${ip}`, limit: limits.perIp, scope: 'address' as const },
        { key: `login-fail:acct:${account}`, limit: limits.perAccount, scope: 'account' as const },
      ];
      const takeBack = () => Promise.all(keys.map((k) => counter.add(k.key, -1, k.limit.windowMs)));
      let counts;
      try {
        counts = await Promise.all(keys.map((k) => counter.add(k.key, 1, k.limit.windowMs)));
      } catch (err) {
        onStoreError(err);
        return { refused: null, attempt: pass };
      }
      const over = keys.findIndex((k, i) => counts[i].count > k.limit.max);
      if (over >= 0) {
        await takeBack().catch(onStoreError);
        return {
          refused: { scope: keys[over].scope, retryAfterSeconds: Math.max(1, Math.ceil(counts[over].ttlMs / 1000)) },
        };
      }
      return {
        refused: null,
        attempt: {
          async succeeded() {
            await takeBack().catch(onStoreError);
            await counter.remove(keys[0].key).catch(onStoreError);
          },
          async failed() {},
          async cancel() {
            await takeBack().catch(onStoreError);
          },
        },
      };
    },
  };
}
