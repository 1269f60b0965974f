import { defineConfig } from 'vitest/config';

// Browser specs: each file starts the built server on its own port and data dir, so files could run side by side;
// they run one at a time: on a 2-core CI machine two browsers and two servers starved each other (a full-page
// screenshot waited 30 s for Chromium, a click retried a re-rendering button for 30 s), and on the slowest machine
// seen two workers were not faster than the time the failures cost.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    maxWorkers: 1,
    // Limits sized for the slowest CI machine seen: the same suite ran 1.5–2.4× slower there (file by file) than
    // on the machine these tests were first timed on, and four-look tests crossed 120 s.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // A screen's route chunk and first data can take seconds on a busy 2-core machine: expect.poll waits up to 10 s
    // for what the user would see, not its 1 s default.
    expect: { poll: { timeout: 10_000 } },
  },
});
