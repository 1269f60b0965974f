import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { createQueryClient, MAX_QUERY_ATTEMPTS, QUERY_GC_TIME_MS, queryKeys, retryDelay, shouldRetry } from './query-client';

const fail = (status: number) => new ApiRequestError(status, { message: 'x', code: 'X' });

afterEach(() => vi.useRealTimers());

describe('retry policy', () => {
  it('makes at most 5 attempts for a server or network failure', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw fail(503);
    });
    const observer = new QueryObserver(client, { queryKey: ['t', 'server'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(queryFn).toHaveBeenCalledTimes(MAX_QUERY_ATTEMPTS);
    expect(MAX_QUERY_ATTEMPTS).toBe(5);
    expect(observer.getCurrentResult().status).toBe('error');
    unsubscribe();
  });

  it('never retries a 4xx', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    for (const status of [400, 401, 403, 404, 409, 412, 429]) {
      const queryFn = vi.fn(async () => {
        throw fail(status);
      });
      const observer = new QueryObserver(client, { queryKey: ['t', status], queryFn });
      const unsubscribe = observer.subscribe(() => {});
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(queryFn, String(status)).toHaveBeenCalledTimes(1);
      unsubscribe();
    }
  });

  it('retries a call that got no response', () => {
    expect(shouldRetry(0, fail(0))).toBe(true);
    expect(shouldRetry(3, fail(0))).toBe(true);
    expect(shouldRetry(4, fail(0))).toBe(false);
  });

  it('waits a growing, random delay', () => {
    const samples = (n: number) => Array.from({ length: 200 }, () => retryDelay(n));
    const [d0, d1, d2, d3] = [0, 1, 2, 3].map(samples);
    const max = (a: number[]) => Math.max(...a);
    const min = (a: number[]) => Math.min(...a);
    // Random: not one value repeated.
    expect(new Set(d1).size).toBeGreaterThan(10);
    // Growing: each step's shortest wait is at least the previous step's longest.
    expect(min(d1)).toBeGreaterThanOrEqual(max(d0));
    expect(min(d2)).toBeGreaterThanOrEqual(max(d1));
    expect(min(d3)).toBeGreaterThanOrEqual(max(d2));
    expect(max(samples(20))).toBeLessThanOrEqual(30_000);
  });
});

describe('cache time', () => {
  it('keeps unused data 60 seconds, then drops it', async () => {
    vi.useFakeTimers();
    expect(QUERY_GC_TIME_MS).toBe(60_000);
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: queryKeys.Customer.detail(5), queryFn: async () => ({ id: 5 }) });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(client.getQueryData(queryKeys.Customer.detail('5'))).toEqual({ id: 5 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.getQueryData(queryKeys.Customer.detail(5))).toBeUndefined();
  });
});

describe('queryKeys', () => {
  it('groups keys under the fixed names and one per resource', () => {
    for (const name of ['Users', 'Employee', 'Store', 'Config', 'Criteria', 'DefaultCriteria', 'Feedback', 'Report', 'Logs']) {
      expect(queryKeys).toHaveProperty(name);
      expect(queryKeys[name as keyof typeof queryKeys].all).toEqual([name]);
    }
    for (const name of ['Mawb', 'Tracking', 'DeliverySlip', 'Order', 'Customer', 'Transaction', 'Setting']) {
      expect(queryKeys).toHaveProperty(name);
    }
  });

  it('nests lists and details under their group, so invalidating the group reaches both', () => {
    const list = queryKeys.Customer.list({ page: 2 });
    const detail = queryKeys.Customer.detail(7);
    expect(list.slice(0, 1)).toEqual(queryKeys.Customer.all);
    expect(list.slice(0, 2)).toEqual(queryKeys.Customer.lists());
    expect(detail.slice(0, 2)).toEqual(queryKeys.Customer.details());
    expect(detail).toEqual(['Customer', 'detail', '7']);
    expect(queryKeys.Users.me()).toEqual(['Users', 'me']);
  });
});
