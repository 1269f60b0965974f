import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORE_KINDS, STORE_LIST, STORE_STATUSES, type Store } from '../../../shared/contracts/stores';
import { FilterChecks, FilterSelect } from '../../components/data-table/list-filters';
import { ResourceListPage } from '../../components/resource-pages';
import { storeApi } from '../../entities/store/api';
import { SettingNav } from './setting-nav';
import { StoreKindBadge, StoreStatusBadge } from './store-fields';

const col = createColumnHelper<Store>();

function useColumns(): ColumnDef<Store, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('setting');
  return useMemo(
    () => [
      col.accessor('code', {
        header: t('stores.fields.code'),
        size: 110,
        meta: { hideable: false, className: 'font-tabular' },
        cell: (c) => (
          <Link to={`/setting/stores/${c.row.original.id}`} className="fw-medium">
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('name', { header: t('stores.fields.name'), size: 220, meta: { card: 'title' } }),
      col.accessor('kind', { header: t('stores.fields.kind'), size: 150, cell: (c) => <StoreKindBadge kind={c.getValue()} /> }),
      col.accessor('country', { header: t('stores.fields.country'), size: 100, meta: { className: 'font-tabular' } }),
      col.accessor('address', { header: t('stores.fields.address'), size: 320, enableSorting: false, meta: { card: 'hidden' } }),
      col.accessor('phone', { header: t('stores.fields.phone'), size: 150, enableSorting: false, meta: { className: 'font-tabular', card: 'hidden' } }),
      col.accessor('status', { header: t('stores.fields.status'), size: 150, meta: { card: 'badge' }, cell: (c) => <StoreStatusBadge status={c.getValue()} /> }),
    ],
    [t],
  );
}

/** /setting/stores: warehouses abroad and Vietnamese hubs, searchable, filterable; a row opens the store. */
export function StoreListPage() {
  const { t } = useTranslation('setting');
  const columns = useColumns();
  return (
    <ResourceListPage
      ns="setting"
      client={storeApi}
      label={t('stores.list.label')}
      searchLabel={t('stores.list.searchLabel')}
      searchPlaceholder={t('stores.list.searchPlaceholder')}
      aboveTable={<SettingNav />}
      create={{ label: t('stores.list.create'), icon: 'bi-building-add' }}
      tableId="stores"
      columns={columns}
      filters={
        <>
          <FilterChecks spec={STORE_LIST} name="kind" label={t('stores.fields.kind')} options={STORE_KINDS.map((k) => ({ value: k, label: t(`stores.kinds.${k}`) }))} />
          <FilterSelect spec={STORE_LIST} name="status" label={t('stores.fields.status')} options={STORE_STATUSES.map((s) => ({ value: s, label: t(`stores.statuses.${s}`) }))} />
        </>
      }
      empty={{ title: t('stores.list.emptyTitle') }}
    />
  );
}
