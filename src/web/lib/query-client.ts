import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';

/** Cached data is kept for 60 seconds after its last use. */
export const QUERY_GC_TIME_MS = 60_000;
/** Where retries are enabled, at most 5 attempts in all (the first one plus 4 retries). */
export const MAX_QUERY_ATTEMPTS = 5;
const RETRY_BASE_MS = 500;
const RETRY_CAP_MS = 30_000;

/** A 4xx is the request's fault (or the user's rights): asking again cannot change the answer. */
function isClientError(error: unknown): boolean {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500;
}

/** `failureCount` is how many attempts have failed so far, counted from 0 by TanStack Query before a retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  if (isApiRequestError(error) && error.data.code === 'ABORTED') return false;
  return failureCount + 1 < MAX_QUERY_ATTEMPTS;
}

/** Growing random delay: an exponential ceiling with jitter, so many clients do not retry in step. */
export function retryDelay(failureCount: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (failureCount + 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_GC_TIME_MS, retry: shouldRetry, retryDelay },
      // Writes are not repeated behind the user's back; a screen may opt in with its own retry.
      mutations: { gcTime: QUERY_GC_TIME_MS, retry: false },
    },
  });
}

export const queryClient = createQueryClient();

type Id = string | number;
type ListQuery = Record<string, unknown>;

/**
 * Keys of one group: invalidate `all` after a write, `lists()` after a create, `detail(id)` after an edit.
 * Ids are strings so `detail(5)` and `detail('5')` (a route param) hit the same cache entry.
 */
function group<const N extends string>(name: N) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (query: ListQuery = {}) => [name, 'list', query] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: Id) => [name, 'detail', String(id)] as const,
    history: (id: Id) => [name, 'history', String(id)] as const,
  };
}

/** Query keys: the fixed groups (Users … Logs), then one per resource of the console. */
export const queryKeys = {
  Users: { ...group('Users'), me: () => ['Users', 'me'] as const },
  Employee: group('Employee'),
  Store: group('Store'),
  Config: group('Config'),
  Criteria: group('Criteria'),
  DefaultCriteria: group('DefaultCriteria'),
  Feedback: group('Feedback'),
  Report: { ...group('Report'), dashboard: (name: string, query: ListQuery = {}) => ['Report', 'dashboard', name, query] as const },
  Logs: group('Logs'),

  Mawb: group('Mawb'),
  Tracking: { ...group('Tracking'), search: (q: string) => ['Tracking', 'search', q] as const },
  DeliverySlip: group('DeliverySlip'),
  Order: group('Order'),
  Customer: group('Customer'),
  Transaction: group('Transaction'),
  BankTransaction: { ...group('BankTransaction'), summary: () => ['BankTransaction', 'summary'] as const },
  Setting: group('Setting'),
  Message: { ...group('Message'), queue: () => ['Message', 'queue'] as const },
} as const;
