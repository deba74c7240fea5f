// `npm run seed`: puts the demo content into an empty database (PGlite in DATA_DIR, or DATABASE_URL).
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { lockDataDir } from '../data-dir-lock';
import * as demoContent from './content';
import { durationOfLink } from '../../modules/media';
import { PATHS } from '../../paths';
import { seedDemoContent } from './seed';

const config = loadConfig();
const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
try {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  const counts = await seedDemoContent(database.db, demoContent, {
    durationOf: (link) => durationOfLink(link, { publicDir: PATHS.publicDir }),
  });
  console.log(
    counts.courses ? `Seeded ${JSON.stringify(counts)}` : 'The database already has courses; nothing seeded.',
  );
  await database.close();
} finally {
  lock?.release();
}
