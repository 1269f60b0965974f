import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_GROUPS, CUSTOMER_LIST, CUSTOMER_STATUSES, type Customer, type CustomerStatus } from '../../../shared/contracts/customers';
import { etagOf } from '../../../shared/contracts/resource';
import { ResourceListPage } from '../../components/resource-pages';
import { type BulkActionsContext } from '../../components/data-table/data-table';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { ImportDialog, type ImportColumn } from '../../components/import-dialog';
import { useCommand } from '../../components/use-command';
import { useFormat } from '../../lib/use-format';
import { toast } from '../../lib/toast';
import { CustomerGroupBadge, CustomerStatusBadge } from './customer-fields';
import { PROVINCES } from './provinces';
import { customerApi } from '../../entities/customer/api';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';

const col = createColumnHelper<Customer>();
/** Bulk writes go a few at a time: quick for a page of rows, gentle on the server. */
const BULK_CONCURRENCY = 4;

function useColumns(): ColumnDef<Customer, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('customer');
  const fmt = useFormat();
  return useMemo(
    () => [
      codeColumn({ header: t('fields.code'), size: 110, path: '/customer' }),
      col.accessor('fullName', { header: t('fields.fullName'), size: 200, meta: { card: 'title' } }),
      col.accessor('phone', { header: t('fields.phone'), size: 120, meta: { className: 'font-tabular' } }),
      col.accessor('email', { header: t('fields.email'), size: 200, meta: { card: 'hidden' }, cell: (c) => c.getValue() ?? '' }),
      col.accessor('province', { header: t('fields.province'), size: 140 }),
      col.accessor('group', { header: t('fields.group'), size: 120, meta: { card: 'hidden' }, cell: (c) => <CustomerGroupBadge group={c.getValue()} /> }),
      col.accessor('balance', {
        header: t('fields.balance'),
        size: 130,
        meta: { align: 'end', sortDescFirst: true },
        cell: (c) => <span className={c.getValue() < 0 ? 'text-danger-emphasis' : undefined}>{fmt.vnd(c.getValue())}</span>,
      }),
      col.accessor('status', { header: t('fields.status'), size: 160, meta: { card: 'badge' }, cell: (c) => <CustomerStatusBadge status={c.getValue()} /> }),
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true, card: 'hidden' }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('suiteCode', { header: t('fields.suiteCode'), size: 110, meta: { defaultHidden: true }, cell: (c) => c.getValue() ?? '' }),
      col.accessor('creditLimit', { header: t('fields.creditLimit'), size: 140, meta: { defaultHidden: true, align: 'end' }, cell: (c) => fmt.vnd(c.getValue()) }),
    ],
    [t, fmt],
  );
}

/** Runs the tasks at most `limit` at a time; resolves with every outcome. */
async function settleAll<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await tasks[i]!() };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

function BulkStatus({ rows, clear }: BulkActionsContext<Customer>) {
  const { t } = useTranslation(['customer', 'resource']);
  const cache = customerApi.useCache();
  const bulk = useCommand({
    // Each row is written with the version the list showed: a row someone changed meanwhile is refused (412), not overwritten.
    run: ({ targets, status }: { targets: Customer[]; status: CustomerStatus }) =>
      settleAll(
        targets.map((c) => () => customerApi.patch(c.id, etagOf(c.version), { status })),
        BULK_CONCURRENCY,
      ),
    pending: ({ targets }) => t('resource:bulk.pending', { count: targets.length }),
    success: (res, { targets }) => {
      const failed = targets.filter((_, i) => res[i]!.status === 'rejected');
      return failed.length ? t('resource:bulk.partial', { ok: targets.length - failed.length, failed: failed.length, codes: failed.map((c) => c.code).join(', ') }) : t('resource:bulk.done', { count: targets.length });
    },
    onSuccess: (results) => {
      for (const r of results) if (r.status === 'fulfilled') cache.saved(r.value);
      cache.listsChanged();
      if (results.every((r) => r.status === 'fulfilled')) clear();
    },
  });
  const busy = bulk.busy;
  const apply = (status: CustomerStatus) => {
    const targets = rows.filter((r) => r.status !== status);
    if (!targets.length) {
      toast.info(t('customer:bulk.nothing'));
      return;
    }
    bulk.run({ targets, status });
  };
  return (
    <Dropdown>
      <Dropdown.Toggle size="sm" variant="primary" disabled={busy} id="customer-bulk-status">
        <i className="bi bi-toggle-on me-1" aria-hidden="true" />
        {t('resource:bulk.setStatus')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {CUSTOMER_STATUSES.map((s) => (
          <Dropdown.Item as="button" key={s} onClick={() => apply(s)}>
            {t(`customer:statuses.${s}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** /customer: every customer, searchable and filterable, with export, import and bulk status. */
export function CustomerListPage() {
  const { t } = useTranslation(['customer', 'resource']);
  const columns = useColumns();
  const cache = customerApi.useCache();
  const [importing, setImporting] = useState(false);

  const importColumns = useMemo<ImportColumn[]>(
    () => [
      { field: 'fullName', label: t('fields.fullName') },
      { field: 'phone', label: t('fields.phone') },
      { field: 'email', label: t('fields.email') },
      { field: 'province', label: t('fields.province') },
      {
        field: 'address',
        label: t('fields.address'),
        value: (d) => d.address ?? (Array.isArray(d.addresses) ? (d.addresses[0] as { address?: string } | undefined)?.address : undefined),
      },
      { field: 'group', label: t('fields.group'), format: (v) => t(`groups.${String(v)}`, { defaultValue: String(v) }) },
      { field: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { field: 'creditLimit', label: t('fields.creditLimit') },
    ],
    [t],
  );

  return (
    <ResourceListPage
      ns="customer"
      client={customerApi}
      exportAs={{ resource: 'customers', fallbackName: 'khach-hang' }}
      headerActions={
        <Button variant="outline-secondary" onClick={() => setImporting(true)} aria-label={t('resource:import.button')}>
          <i className="bi bi-upload" aria-hidden="true" />
          <span className="ms-1 d-none d-sm-inline">{t('resource:import.button')}</span>
        </Button>
      }
      create={{ label: t('list.create'), icon: 'bi-person-plus' }}
      tableId="customers"
      columns={columns}
      filters={
        <>
          <FilterSelect
            spec={CUSTOMER_LIST}
            name="status"
            label={t('fields.status')}
            options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <FilterChecks
            spec={CUSTOMER_LIST}
            name="group"
            label={t('fields.group')}
            options={CUSTOMER_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
          />
          <FilterSelect spec={CUSTOMER_LIST} name="province" label={t('fields.province')} options={PROVINCES.map((p) => ({ value: p, label: p }))} />
          <FilterDateRange spec={CUSTOMER_LIST} name="created" label={t('fields.createdAt')} className="d-none d-xl-flex" />
        </>
      }
      bulkActions={(ctx) => <BulkStatus {...ctx} />}
      empty={{ title: t('list.emptyTitle'), text: t('list.emptyText') }}
    >
      <ImportDialog
        resource="customers"
        show={importing}
        onHide={() => setImporting(false)}
        columns={importColumns}
        templateName="mau-nhap-khach-hang.xlsx"
        onCommitted={() => cache.listsChanged()}
      />
    </ResourceListPage>
  );
}
