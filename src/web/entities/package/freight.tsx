import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FREIGHT_IDS_MAX, type FreightResponse, type PackageFreight } from '../../../shared/contracts/packages';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { packageFreightKey } from './api';

/**
 * A package's estimated freight, from GET /api/packages/freight (the server prices it by the office's rule, in one
 * place). The ids asked for in one tick go in ONE request (a list page's column is one call, not one per row).
 */
let batch: { ids: Set<number>; result: Promise<Map<number, PackageFreight>> } | null = null;

function loadFreight(id: number): Promise<PackageFreight | null> {
  if (!batch || batch.ids.size >= FREIGHT_IDS_MAX) {
    const ids = new Set<number>();
    const result = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      if (batch?.ids === ids) batch = null;
      const res = await api.get<FreightResponse>('/api/packages/freight', { ids: [...ids].join(',') });
      return new Map(res.items.map((i) => [i.id, i]));
    });
    batch = { ids, result };
  }
  batch.ids.add(id);
  return batch.result.then((m) => m.get(id) ?? null);
}

function useEstimatedFreight(id: number) {
  return useQuery({ queryKey: packageFreightKey(id), queryFn: () => loadFreight(id), staleTime: 60_000 });
}

/** The estimate in đồng, or why there is none (never weighed, no route, no price line, no rate). */
export function EstimatedFreight({ id, className }: { id: number; className?: string }) {
  const { t } = useTranslation('tracking');
  const fmt = useFormat();
  const q = useEstimatedFreight(id);
  if (q.isPending) return <span className="placeholder col-6 rounded" aria-hidden="true" />;
  if (q.isError || !q.data) return <span className="text-body-tertiary">—</span>;
  const f = q.data;
  if (f.total === null) {
    return (
      <span className="text-body-tertiary small" title={t(`freight.missing.${f.missing ?? 'no_price_line'}`)}>
        — <span className="visually-hidden">{t(`freight.missing.${f.missing ?? 'no_price_line'}`)}</span>
      </span>
    );
  }
  return (
    <span className={className} title={f.basis ? fmt.basis(f.basis) : (f.priceListName ?? undefined)} data-testid="estimated-freight">
      {fmt.vnd(f.total)}
    </span>
  );
}
