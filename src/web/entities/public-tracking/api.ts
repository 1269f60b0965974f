import type { PublicCompany } from '../../../shared/contracts/company';
import type { PublicTrackingResponse } from '../../../shared/contracts/public-tracking';
import { parsePublicTracking, type PublicTrackingInput } from '../../../shared/domain/public-tracking';
import { api } from '../../lib/api-client';
import type { Language } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/**
 * The public tracking page's reads (GET /api/public/tracking and /api/public/company): no token needed. Only
 * types come from the contracts, never their zod schemas, so the landing page stays as light as the sign-in page.
 */

/**
 * Keys of the public reads, apart from the console's queryKeys groups (nothing a staff screen changes invalidates
 * them): a lookup by its numbers as sent and the label language, and the company.
 */
const publicKeys = {
  tracking: (numbers: string, lang: Language) => ['Public', 'tracking', numbers, lang] as const,
  company: () => ['Public', 'company'] as const,
};

/** The server lets browsers reuse a lookup this long (public-tracking.routes.ts); asking sooner changes nothing. */
const PUBLIC_TRACKING_STALE_MS = 15_000;
const COMPANY_STALE_MS = 60_000;

/** The text a lookup sends: the cleaned numbers, space-separated (the same text is the page's `?q=`). */
export function lookupText(input: Extract<PublicTrackingInput, { ok: true }>): string {
  return input.kind === 'slip' ? input.slipCode : input.numbers.join(' ');
}

export function publicTrackingQuery(numbers: string, lang: Language) {
  return {
    queryKey: publicKeys.tracking(numbers, lang),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PublicTrackingResponse>('/api/public/tracking', { numbers, lang }, { signal }),
    staleTime: PUBLIC_TRACKING_STALE_MS,
  };
}

export const publicCompanyQuery = {
  queryKey: publicKeys.company(),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PublicCompany>('/api/public/company', undefined, { signal }),
  staleTime: COMPANY_STALE_MS,
};

/**
 * Starts the landing page's requests as soon as the router knows the address, in parallel with the page's own
 * code and strings, so a shared `/?q=…` link shows its answer one round trip after the app starts. Only a
 * valid `q` is asked for: an invalid one is explained by the page without a request.
 */
export function prefetchLanding(url: URL, lang: Language): void {
  void queryClient.prefetchQuery(publicCompanyQuery);
  const q = url.searchParams.get('q');
  if (!q) return;
  const parsed = parsePublicTracking(q);
  if (parsed.ok) void queryClient.prefetchQuery(publicTrackingQuery(lookupText(parsed), lang));
}
