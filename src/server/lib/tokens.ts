// Opaque random tokens (sessions, email links). Only their SHA-256 is stored, so a leaked table grants nothing.
import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens we issue are 43 base64url characters; anything else is rejected without a query. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
