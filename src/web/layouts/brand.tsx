import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicCompany } from '../../shared/contracts/company';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-client';
import { staticLoginCompany } from '../lib/static-login';

/** Under the settings group: saving any setting refreshes it. */
export const COMPANY_QUERY_KEY = [...queryKeys.Setting.all, 'public-company'] as const;

/** The company profile (public): the top bar and the prints show the office's own name and logo once the settings name them. */
export function useCompany() {
  return useQuery({
    queryKey: COMPANY_QUERY_KEY,
    // The static sign-in page was sent with the profile in it (and shows its brand): the app starts from that.
    initialData: staticLoginCompany,
    // The answer is publicly cacheable for a minute; the console asks past the browser cache, so a saved name shows at once.
    queryFn: ({ signal }) => api.get<PublicCompany>('/api/public/company', undefined, { signal, headers: { 'cache-control': 'no-cache' } }),
    staleTime: 60_000,
  });
}

/** The name the top bar shows: the office's own once the settings name it, else the product's. */
export function useBrandName(): string {
  const { t } = useTranslation();
  return useCompany().data?.name || t('appName');
}

/** Logo and name. `compact` keeps only the logo (condensed sidebar, phones); the name stays for screen readers. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const company = useCompany().data;
  const name = company?.name || t('appName');
  return (
    <span className="brand-mark" title={name}>
      <span className="brand-logo" aria-hidden="true">
        {company?.logoUrl ? <img src={company.logoUrl} alt="" className="brand-logo-img" /> : <i className="bi bi-airplane-fill" />}
      </span>
      <span className={compact ? 'visually-hidden' : 'brand-text'} data-testid="brand-name">
        {name}
      </span>
    </span>
  );
}
