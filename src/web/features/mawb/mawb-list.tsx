import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAWB_LIST, MAWB_STATUSES, type Mawb } from '../../../shared/contracts/mawbs';
import { AIRLINES } from '../../../shared/domain/airlines';
import { AIRPORTS, DESTINATION_AIRPORT_CODES } from '../../../shared/domain/airports';
import { ResourceListPage } from '../../components/resource-pages';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { useFormat } from '../../lib/use-format';
import { MawbStatusBadge } from './mawb-fields';
import './mawb.css';
import { mawbApi } from '../../entities/mawb/api';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';

const col = createColumnHelper<Mawb>();

function useColumns(): ColumnDef<Mawb, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  return useMemo(
    () => [
      col.accessor('awbNumber', {
        header: t('fields.awbNumber'),
        size: 140,
        meta: { hideable: false, className: 'font-tabular', card: 'title' },
        cell: (c) => (
          <Link to={`/mawb/${c.row.original.id}`} className="fw-medium">
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('airlinePrefix', {
        header: t('fields.airline'),
        size: 190,
        cell: (c) => (
          <span className="text-truncate" title={`${c.getValue()} – ${c.row.original.airlineName}`}>
            <span className="badge iata-code me-1">{c.row.original.airlineCode}</span>
            {c.row.original.airlineName}
          </span>
        ),
      }),
      col.accessor((m) => `${m.origin}-${m.destination}`, {
        id: 'route',
        header: t('fields.route'),
        size: 120,
        meta: { label: t('fields.route'), className: 'font-tabular' },
        cell: (c) => (
          <span className="text-nowrap">
            {c.row.original.origin} <i className="bi bi-arrow-right small text-body-tertiary" role="img" aria-label="→" /> {c.row.original.destination}
          </span>
        ),
      }),
      col.accessor('flights', { header: t('fields.flights'), size: 140, meta: { className: 'font-tabular' }, cell: (c) => c.getValue() || <span className="text-body-tertiary">—</span> }),
      col.accessor('etd', { header: t('fields.etd'), size: DATE_TIME_COLUMN_SIZE, meta: { className: 'font-tabular' }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('eta', { header: t('fields.eta'), size: DATE_TIME_COLUMN_SIZE, meta: { className: 'font-tabular', card: 'hidden' }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('pieces', { header: t('fields.pieces'), size: 90, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.integer(c.getValue()) }),
      col.accessor('grossWeightG', {
        header: t('list.gross'),
        size: 110,
        meta: { label: t('fields.grossWeight'), align: 'end', sortDescFirst: true },
        cell: (c) => fmt.kg(c.getValue()),
      }),
      col.accessor('chargeableWeightG', {
        header: t('list.chargeable'),
        size: 120,
        meta: { label: t('fields.chargeableWeight'), align: 'end', sortDescFirst: true },
        cell: (c) => fmt.kg(c.getValue()),
      }),
      col.accessor('status', { header: t('fields.status'), size: 170, meta: { card: 'badge' }, cell: (c) => <MawbStatusBadge status={c.getValue()} /> }),
      col.accessor('statusAt', { header: t('fields.statusAt'), size: DATE_TIME_COLUMN_SIZE, meta: { defaultHidden: true, sortDescFirst: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { defaultHidden: true, sortDescFirst: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
    ],
    [t, fmt],
  );
}

const AIRLINE_OPTIONS = [...AIRLINES].sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ value: a.prefix, label: `${a.prefix} – ${a.name}` }));
const ORIGIN_OPTIONS = AIRPORTS.filter((a) => !DESTINATION_AIRPORT_CODES.includes(a.code)).map((a) => ({ value: a.code, label: `${a.code} – ${a.city}` }));
const DESTINATION_OPTIONS = AIRPORTS.filter((a) => DESTINATION_AIRPORT_CODES.includes(a.code)).map((a) => ({ value: a.code, label: `${a.code} – ${a.city}` }));

/** /mawb: every master air waybill, filterable by status, airline, route and departure date. */
export function MawbListPage() {
  const { t } = useTranslation(['mawb', 'resource']);
  const columns = useColumns();
  return (
    <ResourceListPage
      ns="mawb"
      client={mawbApi}
      exportAs={{ resource: 'mawbs', fallbackName: 'mawb' }}
      create={{ label: t('list.create') }}
      tableId="mawbs"
      columns={columns}
      filters={
        <>
          <FilterChecks spec={MAWB_LIST} name="status" label={t('fields.status')} options={MAWB_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          <FilterSelect spec={MAWB_LIST} name="airline" label={t('fields.airline')} options={AIRLINE_OPTIONS} />
          <FilterSelect spec={MAWB_LIST} name="origin" label={t('fields.origin')} options={ORIGIN_OPTIONS} />
          <FilterSelect spec={MAWB_LIST} name="destination" label={t('fields.destination')} options={DESTINATION_OPTIONS} />
          <FilterDateRange spec={MAWB_LIST} name="etd" label={t('fields.etd')} />
        </>
      }
      empty={{ title: t('list.emptyTitle'), text: t('list.emptyText') }}
    />
  );
}
