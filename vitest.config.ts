import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Process tests start real server processes or pick their own databases (PGlite directories, PostgreSQL databases
 * they create), whatever TEST_DB says: they run once, in the default run. `npm run test:pg` runs only the `node`
 * project, the API tests whose database is the one TEST_DB chooses.
 */
const PROCESS_TESTS = [
  'src/server/main.test.ts',
  'src/server/multi-instance.test.ts',
  'src/server/startup-progress.test.ts',
  'src/server/db/startup-race.test.ts',
  'src/server/db/seed/prepared.test.ts',
  'src/server/db/lock.test.ts',
  'src/server/db/migrations-immutable.test.ts',
  'src/server/modules/auth/reset-password-cli.test.ts',
  'src/server/modules/notifications/notifications-instances.test.ts',
  'src/server/modules/notifications/notifications-kill.test.ts',
];
/** Pure functions: no database, no process. */
const UNIT_TESTS = [
  'src/shared/**/*.test.ts',
  'src/server/config.test.ts',
  'src/server/startup-banner.test.ts',
  'src/server/lib/tokens.test.ts',
  'src/server/lib/xlsx-writer.test.ts',
  'src/server/layers.test.ts',
  'src/server/modules/bank-transactions/bank-webhook.auth.test.ts',
  'src/server/modules/packages/packages.hooks.test.ts',
  'bench/office.test.ts',
  'bench/office-reasons.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // API files each clone a database; two workers match this 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: UNIT_TESTS },
      },
      {
        extends: true,
        // They start the built server (dist/server), which their global setup bundles first.
        test: { name: 'process', environment: 'node', include: PROCESS_TESTS, globalSetup: ['src/server/test/process-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...UNIT_TESTS, '**/node_modules/**'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
