import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SETTING_KINDS, SETTING_LIST, SETTING_STATUSES, type Setting } from '../../../shared/contracts/settings';
import { DataTable } from '../../components/data-table/data-table';
import { FilterChecks, FilterSelect } from '../../components/data-table/list-filters';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/use-format';
import { settingApi } from './api';
import { SettingNav } from './setting-nav';
import { SettingStatusBadge, useKeyLabel, useValueText } from './setting-fields';

const col = createColumnHelper<Setting>();

function useColumns(): ColumnDef<Setting, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('setting');
  const fmt = useFormat();
  const keyLabel = useKeyLabel();
  const valueText = useValueText();
  return useMemo(
    () => [
      col.accessor('kind', { header: t('fields.kind'), size: 170, meta: { card: 'hidden' }, cell: (c) => t(`kinds.${c.getValue()}`) }),
      col.accessor('key', {
        header: t('fields.key'),
        size: 200,
        meta: { hideable: false, card: 'title' },
        cell: (c) => (
          <Link to={`/setting/${c.row.original.id}`} className="fw-medium">
            {keyLabel(c.row.original.kind, c.getValue())}
          </Link>
        ),
      }),
      col.accessor('value', { header: t('fields.value'), size: 360, enableSorting: false, cell: (c) => <span className="text-break">{valueText(c.row.original.kind, c.row.original.key, c.getValue())}</span> }),
      col.accessor('effectiveFrom', {
        header: t('fields.since'),
        size: 130,
        meta: { className: 'font-tabular', sortDescFirst: true },
        cell: (c) => (c.getValue() === '1970-01-01' ? '—' : fmt.date(c.getValue())),
      }),
      col.accessor('status', { header: t('fields.status'), size: 130, enableSorting: false, meta: { card: 'badge' }, cell: (c) => <SettingStatusBadge status={c.getValue()} /> }),
    ],
    [t, fmt, keyLabel, valueText],
  );
}

/** /setting: every setting, grouped by kind (the default order), with the value in force and since when. */
export function SettingListPage() {
  const { t } = useTranslation(['setting', 'common']);
  const navigate = useNavigate();
  const columns = useColumns();
  return (
    <>
      <PageHeader />
      <SettingNav />
      <DataTable
        tableId="settings"
        spec={SETTING_LIST}
        columns={columns}
        queryKey={settingApi.keys.list}
        fetcher={(query, signal) => settingApi.fetchPage({ status: 'current,scheduled', ...query }, signal)}
        getRowId={(s) => String(s.id)}
        label={t('list.label')}
        onOpen={(s) => navigate(`/setting/${s.id}`)}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            <FilterSelect spec={SETTING_LIST} name="kind" label={t('fields.kind')} options={SETTING_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            <FilterChecks spec={SETTING_LIST} name="status" label={t('fields.status')} options={SETTING_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          </>
        }
        empty={{ title: t('list.emptyTitle') }}
      />
    </>
  );
}
