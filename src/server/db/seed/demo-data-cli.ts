/**
 * `npm run build:demo` (part of `npm run build`): migrates and seeds an in-memory embedded database and keeps it as
 * the prepared demo data beside the built server (dist/demo), so a first `npm start` begins from it. An optional
 * argument names another directory.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { seedIfEmpty } from './index';
import { PREPARED_ADMIN_EMAIL, writePreparedDemo } from './prepared';

const dir = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL('../demo', import.meta.url));
const started = Date.now();
const database = await openDatabase({});
try {
  await migrate(database);
  await seedIfEmpty(database, { seed: 'demo', adminEmail: PREPARED_ADMIN_EMAIL });
  const { file, bytes } = await writePreparedDemo(database, dir);
  console.log(`demo data prepared → ${path.relative(process.cwd(), file)} (${(bytes / 1_048_576).toFixed(1)} MiB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await database.close();
}
