import { defineConfig } from 'vitest/config';

// Load tests: the built server as a real process with nothing else running beside it, one file at a time,
// so its memory and latency figures are its own.
export default defineConfig({
  test: {
    name: 'load',
    include: ['e2e/**/*.load.ts'],
    environment: 'node',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
