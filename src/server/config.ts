// The environment, parsed once at start-up (`.env.example` documents each variable). A bad value stops the server
// with a message naming it.
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'expected true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

// One check, so a value that is no URL at all gets the same named message instead of a TypeError from `new URL`.
const url = (protocols: string[]) =>
  z
    .string()
    .refine(
      (v) => URL.canParse(v) && protocols.includes(new URL(v).protocol),
      `expected a ${protocols.join(' or ')} URL`,
    );

// Digits only: Number() would read ' ' as 0 and '1e3' or '0x10' as ports nobody meant.
const port = z
  .string()
  .regex(/^\d{1,5}$/, 'expected a port number from 0 to 65535')
  .transform(Number)
  .refine((n) => n <= 65535, 'expected a port number from 0 to 65535');

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('DevCourses <no-reply@devcourses.local>'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  // Comma-separated; each must be an email address (a typo would silently make nobody an admin).
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .check((ctx) => {
      const bad = ctx.value.find((e) => !z.email().safeParse(e).success);
      if (bad) ctx.issues.push({ code: 'custom', input: ctx.value, message: `not an email address: ${bad}` });
    })
    .default([]),
  // Seconds an immediate notification mail waits; not sent if the notification was read meanwhile.
  NOTIFY_MAIL_DELAY_S: z
    .string()
    .regex(/^\d{1,6}$/, 'expected a whole number of seconds')
    .transform(Number)
    .default(300),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  // A private JSON Web Key of Ed25519 (kty OKP, crv Ed25519, d, x): the key that signs certificates. Unset: one is
  // made once and kept in the database.
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .transform((v, ctx) => {
      try {
        const jwk = JSON.parse(v) as Record<string, unknown>;
        if (jwk?.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.d === 'string' && typeof jwk.x === 'string')
          return jwk as Record<string, string>;
      } catch {
        // Reported below, as any other bad value.
      }
      ctx.issues.push({
        code: 'custom',
        input: v,
        message: 'expected an Ed25519 private JWK (JSON with kty OKP, crv Ed25519, d, x)',
      });
      return z.NEVER;
    })
    .optional(),
});

// S3 mode is on when S3_BUCKET is set; it needs the keys then. Checked beside the schema so that these are named
// together with any other bad value instead of only after the rest parses.
const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
function s3Problems(env: Record<string, string | undefined>): string[] {
  if (env.S3_BUCKET)
    return S3_KEYS.filter((name) => !env[name]).map((name) => `  ${name}: required when S3_BUCKET is set`);
  const stray = ['S3_ENDPOINT', ...S3_KEYS].filter((name) => env[name]);
  return stray.length ? [`  S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`] : [];
}

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  redisUrl?: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean;
  /** Lower-case emails whose verified accounts are admins while listed (how the first admins are made). */
  adminEmails: string[];
  /** S3-compatible object storage for uploaded media; undefined: files under DATA_DIR/media. */
  s3?: S3Config;
  /** The Ed25519 private JWK that signs certificates; undefined: the one kept in the database. */
  certificateSigningKey?: Record<string, string>;
  /** Seconds an immediate notification mail waits before it is sent (skipped if read meanwhile). */
  notifyMailDelayS: number;
  /** Where the built web app lives; undefined in tests that serve no web app. */
  webDir?: string;
}

export interface S3Config {
  /** Undefined: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket.host/key (false) or host/bucket/key (true, what most S3-compatible servers want). */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankless);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...s3Problems(blankless),
  ];
  if (!parsed.success || lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    // Demo content goes into the embedded database by default, into PostgreSQL only when asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    adminEmails: e.ADMIN_EMAILS,
    certificateSigningKey: e.CERTIFICATE_SIGNING_KEY,
    notifyMailDelayS: e.NOTIFY_MAIL_DELAY_S,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
  };
}
