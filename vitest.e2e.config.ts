import { defineConfig } from 'vitest/config';

// Browser specs: each file starts the built server on its own port and data dir, so files may run side by side.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A screen's route chunk and first data can take seconds on a busy 2-core machine (CI runs two browsers at
    // once): expect.poll waits up to 10 s for what the user would see, not its 1 s default.
    expect: { poll: { timeout: 10_000 } },
  },
});
