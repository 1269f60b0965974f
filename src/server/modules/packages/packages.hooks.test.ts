import { describe, expect, it } from 'vitest';
import type { WriteContext } from '../../lib/write-context';
import { runPackageEventsHook, runReceiveOntoOrderHook } from './packages.hooks';

// Following orders is a hook the orders module registers when it is loaded: a path that appends package events
// without it fails loudly instead of leaving the orders behind (the API tests check the orders move).
describe('package hooks', () => {
  const ctx = {} as WriteContext;

  it('refuse to run before the orders module registered them', async () => {
    await expect(runPackageEventsHook(ctx, [])).rejects.toThrow(/No package-events hook is registered/);
    await expect(runReceiveOntoOrderHook(ctx, 1, 1)).rejects.toThrow(/No receive-onto-order hook is registered/);
  });

  it('are registered by loading the orders module', async () => {
    await import('../orders/index');
    // No package moved: the order-following hook has nothing to look up.
    await expect(runPackageEventsHook(ctx, [])).resolves.toBeUndefined();
  });
});
