import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The settings .env.example sets (uncommented lines), as the shell would read them. */
function envExample(): Record<string, string> {
  const text = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, key, value]) => [key, value.replace(/^"(.*)"$/, '$1')]),
  );
}

describe('defaults', () => {
  test('.env.example sets exactly the defaults: copying it changes nothing', () => {
    const example = envExample();
    expect(Object.keys(example).length).toBeGreaterThan(5);
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

  test('an empty environment runs the embedded database on port 3000 with the demo content', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      smtpUrl: undefined,
      mailFrom: 'DevCourses <no-reply@devcourses.local>',
      publicUrl: 'http://localhost:3000',
      redisUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      adminEmails: [],
      notifyMailDelayS: 300,
      s3: undefined,
    });
  });

  test('NOTIFY_MAIL_DELAY_S: whole seconds, 300 unless set', () => {
    expect(loadConfig({ NOTIFY_MAIL_DELAY_S: '0' }).notifyMailDelayS).toBe(0);
    expect(loadConfig({ NOTIFY_MAIL_DELAY_S: '60' }).notifyMailDelayS).toBe(60);
    for (const bad of ['-1', '1.5', 'soon'])
      expect(() => loadConfig({ NOTIFY_MAIL_DELAY_S: bad })).toThrow(/NOTIFY_MAIL_DELAY_S/);
  });

  test('empty values count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  test('the public URL follows the port and loses a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://devcourses.example/' }).publicUrl).toBe('https://devcourses.example');
  });

  test('values given are used', () => {
    expect(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/devcourses',
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        REDIS_URL: 'redis://127.0.0.1:6379',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'yes',
      }),
    ).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/var/lib/devcourses',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      trustProxy: true,
    });
  });
});

describe('ADMIN_EMAILS', () => {
  test('is a lower-case list, blanks and spaces dropped; none by default', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@Example.com,, editor@example.com ' }).adminEmails).toEqual([
      'owner@example.com',
      'editor@example.com',
    ]);
  });
});

describe('SEED_DEMO', () => {
  const pg = 'postgres://postgres@127.0.0.1:5432/devcourses';

  test('is on by default only for the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: pg }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: pg.replace('postgres:', 'postgresql:') }).seedDemo).toBe(false);
  });

  test('an explicit value wins either way', () => {
    expect(loadConfig({ DATABASE_URL: pg, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'on' }).seedDemo).toBe(true);
  });
});

describe('S3 media storage', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIA-test', S3_SECRET_ACCESS_KEY: 'secret-test' };

  test('is on when S3_BUCKET is set, with the region and path style defaulted', () => {
    expect(loadConfig({ S3_BUCKET: 'media', ...keys }).s3).toEqual({
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'AKIA-test',
      secretAccessKey: 'secret-test',
      forcePathStyle: true,
    });
  });

  test('values given are used', () => {
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'false',
        ...keys,
      }).s3,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', forcePathStyle: false });
  });

  test('is off without S3_BUCKET, and S3_REGION or S3_FORCE_PATH_STYLE alone do not turn it on', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).s3).toBeUndefined();
  });

  test('S3_BUCKET without the keys names each missing key', () => {
    const message = configError({ S3_BUCKET: 'media' });
    expect(message).toMatch(/^ {2}S3_ACCESS_KEY_ID: required when S3_BUCKET is set$/m);
    expect(message).toMatch(/^ {2}S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set$/m);
    expect(configError({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA-test' })).not.toContain('S3_ACCESS_KEY_ID');
  });

  test('an endpoint or keys without S3_BUCKET are refused instead of silently storing on disk', () => {
    expect(configError({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toMatch(
      /^ {2}S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set$/m,
    );
  });

  test('a missing key is named together with other bad values', () => {
    const message = configError({ PORT: 'abc', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA-test' });
    for (const name of ['PORT', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(`  ${name}: `);
  });
});

describe('a bad value is refused with its name', () => {
  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', ' '],
    ['PORT', '1e3'],
    ['PORT', '0x10'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example'],
    ['PUBLIC_URL', 'ftp://devcourses.example'],
    ['PUBLIC_URL', 'devcourses.example'],
    ['REDIS_URL', 'redis//oops'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', '2'],
    ['ADMIN_EMAILS', 'owner@example.com, nobody'],
    ['S3_ENDPOINT', 'ftp://s3.example'],
    ['S3_ENDPOINT', 's3.example'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
  ])('%s=%j', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toContain('Invalid configuration');
    expect(message).toMatch(new RegExp(`^  ${name}: \\S`, 'm'));
  });

  test('every bad value is named at once', () => {
    const message = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL']) expect(message).toContain(`  ${name}: `);
  });
});
