import { describe } from 'vitest';
import { CHROMIUM, hasChromium } from './browser';

if (!hasChromium && process.env.REQUIRE_E2E === '1') {
  throw new Error(`REQUIRE_E2E=1 but Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
}

/**
 * describe() for browser specs: without Chromium they are skipped (the test runner names the reason),
 * unless REQUIRE_E2E=1 (CI), where a missing browser is a failure.
 */
export const describeE2E = describe.skipIf(!hasChromium);
