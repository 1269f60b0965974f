import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function startCollecting(dataDir: string) {
  const lines: string[] = [];
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED: 'none', SEED_ADMIN_PASSWORD: 'Chosen-admin-9', LOG_LEVEL: 'silent' });
  const server = await startServer(config, { serveWeb: false, logger: false, progress: (l) => lines.push(l) });
  await server.stop();
  return lines;
}

// `npm start` says what it is doing at each step, instead of a long silence before the banner.
describe.skipIf(process.env.TEST_DB === 'postgres')('start-up progress', () => {
  it('names each step as it begins and says how long it took; the empty-database step only on the first start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-progress-'));
    dirs.push(dataDir);
    const first = await startCollecting(dataDir);
    const s = String.raw`\d+\.\d s`;
    expect(first).toEqual([
      `Opening the embedded database in ${dataDir}…`,
      expect.stringMatching(new RegExp(`^  opened in ${s}$`)),
      'Applying migrations…',
      expect.stringMatching(new RegExp(`^  \\d+ applied in ${s}$`)),
      'Empty database: creating the admin account…',
      expect.stringMatching(new RegExp(`^  done in ${s}$`)),
      'Starting the web server…',
      expect.stringMatching(new RegExp(`^  ready in ${s} \\(start-up took ${s} in all\\)$`)),
    ]);
    const again = await startCollecting(dataDir);
    expect(again).toContainEqual(expect.stringMatching(new RegExp(`^  up to date in ${s}$`)));
    expect(again.some((l) => l.startsWith('Empty database'))).toBe(false);
  }, 120_000);
});
