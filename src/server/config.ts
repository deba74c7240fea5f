// The environment, parsed once at start-up (DESIGN §5). A bad value stops the server with a message naming it.
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
});

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
  /** Where the built web app lives; undefined in tests that serve no web app. */
  webDir?: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
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
  };
}
