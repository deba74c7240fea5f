// Opaque random tokens (sessions, email links). Only their SHA-256 is stored, so a leaked table grants nothing.
import { hash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Every signed-in request hashes its token to find its session: the one-shot `hash` costs a third of a
 *  `createHash` chain on a token this short. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** Tokens we issue are 43 base64url characters; anything else is rejected without a query. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
