import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AUDIT_LOG_LIST, type AuditLogEntry, type AuditLogList } from '../../../shared/contracts/audit-logs';
import type { EmployeeList } from '../../../shared/contracts/employees';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { DataTable } from '../../components/data-table/data-table';
import { FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { entryChanges, HISTORY_DEFAULT_IGNORE } from '../../components/history-tab';
import { AUDIT_NAMESPACE_LIST, useAuditFormat } from '../../components/audit-format';
import { PageHeader } from '../../components/page-header';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { getSessionUser } from '../../lib/session';
import { useFormat } from '../../lib/use-format';
import { SettingNav } from './setting-nav';

/** Where each audited entity's record opens (the resource name as the audit log records it → its detail route). */
const RECORD_ROUTES: Record<string, string> = {
  customers: '/customer',
  employees: '/employee',
  orders: '/order',
  packages: '/tracking',
  mawbs: '/mawb',
  'delivery-slips': '/deliveryslip',
  transactions: '/transaction',
  settings: '/setting',
  stores: '/setting/stores',
};
const ENTITIES = [...Object.keys(RECORD_ROUTES), 'bank-transactions', 'bank-integration', 'users', 'auth'];
const ACTIONS = ['create', 'update', 'delete', 'import', 'status', 'receive', 'event', 'add_packages', 'remove_package', 'confirm', 'print', 'reconcile', 'login', 'logout'];
const ACTION_TONES: Record<string, Tone> = { create: 'success', update: 'primary', delete: 'danger', import: 'info' };
/** How many changed fields a row shows; the rest are counted. */
const CHANGES_SHOWN = 2;

/** The detail route of an entry's record, or null (sign-in events, records without a screen). */
export function recordRoute(entry: Pick<AuditLogEntry, 'entity' | 'entityId'>): string | null {
  const base = RECORD_ROUTES[entry.entity];
  return base && entry.entityId && /^\d+$/.test(entry.entityId) ? `${base}/${entry.entityId}` : null;
}

const SHORT = 40;
const short = (text: string): string => (text === '' ? '—' : text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);

/** Before → after of the fields an entry changed, a couple per row (the record's History has them all). */
function ChangesCell({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('setting');
  const audit = useAuditFormat(entry.entity);
  if (entry.action === 'delete') return <span className="small text-body-secondary">{t('audit.deleted')}</span>;
  const changes = entryChanges(entry, [], HISTORY_DEFAULT_IGNORE);
  if (!changes.length) return <span className="small text-body-secondary">{t('audit.noChange')}</span>;
  const shown = changes.map((c) => ({ name: c.name, label: audit.label(c.name), before: audit.value(c.name, c.before), after: audit.value(c.name, c.after) }));
  const full = shown.map((c) => `${c.label}: ${c.before || '—'} → ${c.after || '—'}`).join('\n');
  return (
    <div className="small lh-sm audit-changes" title={full} data-testid="audit-changes">
      {shown.slice(0, CHANGES_SHOWN).map((c) => (
        <div key={c.name} className="text-truncate">
          <span className="text-body-secondary">{c.label}:</span>{' '}
          {entry.action !== 'create' && (
            <>
              <del className="text-danger-emphasis">{short(c.before)}</del> <i className="bi bi-arrow-right text-body-tertiary" aria-hidden="true" />{' '}
            </>
          )}
          <ins className="text-success-emphasis text-decoration-none">{short(c.after)}</ins>
        </div>
      ))}
      {changes.length > CHANGES_SHOWN && <div className="text-body-secondary">{t('audit.more', { count: changes.length - CHANGES_SHOWN })}</div>}
    </div>
  );
}

/** The record an entry is about, by its code ("Phiếu giao PG2612-00305"), linked to its screen. */
function RecordCell({ entry }: { entry: AuditLogEntry }) {
  const audit = useAuditFormat(entry.entity);
  const name = audit.record(entry.entity, entry.entityId, entry.before, entry.after);
  const to = recordRoute(entry);
  return to ? (
    <Link to={to} onClick={(ev) => ev.stopPropagation()}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

const col = createColumnHelper<AuditLogEntry>();

function useColumns(): ColumnDef<AuditLogEntry, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('setting');
  const fmt = useFormat();
  return useMemo(
    () => [
      col.accessor('at', { header: t('audit.at'), size: 160, meta: { className: 'font-tabular', sortDescFirst: true, hideable: false }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('actorName', {
        header: t('audit.actor'),
        size: 190,
        enableSorting: false,
        meta: { card: 'title' },
        cell: (c) => c.getValue() ?? c.row.original.actorEmail ?? t('audit.system'),
      }),
      col.accessor('action', {
        header: t('audit.action'),
        size: 150,
        enableSorting: false,
        meta: { card: 'badge' },
        cell: (c) => <StatusBadge tone={ACTION_TONES[c.getValue()] ?? 'secondary'}>{t(`audit.actions.${c.getValue()}`, { defaultValue: c.getValue() })}</StatusBadge>,
      }),
      col.accessor('entity', {
        header: t('audit.record'),
        size: 170,
        enableSorting: false,
        cell: (c): ReactNode => <RecordCell entry={c.row.original} />,
      }),
      col.display({ id: 'changes', header: t('audit.changes'), size: 380, cell: (c) => <ChangesCell entry={c.row.original} /> }),
    ],
    [t, fmt],
  );
}

/** The people who can act: employees with a sign-in account (the audit log records their user id). */
function useActors() {
  const query = { pageSize: 200, sort: 'fullName' } as const;
  return useQuery({
    queryKey: [...queryKeys.Logs.all, 'actors'],
    queryFn: ({ signal }) => api.get<EmployeeList>('/api/employees', query, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** /setting/audit-log: every change in the office, newest first; filters actor, entity, action, date range. */
export function AuditLogPage() {
  // Every resource's words at once (the rows name fields of many resources).
  const { t } = useTranslation(['setting', ...AUDIT_NAMESPACE_LIST]);
  const navigate = useNavigate();
  const columns = useColumns();
  // Employees with an account, and the signed-in user (the admin account need not be an employee).
  const me = getSessionUser();
  const staff = (useActors().data?.items ?? []).flatMap((e) => (e.account ? [{ value: String(e.account.userId), label: `${e.fullName} (${e.account.email})` }] : []));
  const actors = me && !staff.some((a) => a.value === String(me.id)) ? [{ value: String(me.id), label: `${me.fullName} (${me.email})` }, ...staff] : staff;
  return (
    <>
      <PageHeader />
      <SettingNav />
      <DataTable<AuditLogEntry>
        tableId="audit-log"
        spec={AUDIT_LOG_LIST}
        columns={columns}
        rowHeight={64}
        queryKey={(q: ListQueryInput) => queryKeys.Logs.list(q)}
        fetcher={(q, signal) => api.get<AuditLogList>('/api/audit-logs', q, { signal })}
        getRowId={(e) => String(e.id)}
        label={t('audit.label')}
        onOpen={(e) => {
          const to = recordRoute(e);
          if (to) navigate(to);
        }}
        filters={
          <>
            <FilterSelect spec={AUDIT_LOG_LIST} name="actorId" label={t('audit.actor')} options={actors} />
            <FilterSelect spec={AUDIT_LOG_LIST} name="entity" label={t('audit.entity')} options={ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }))} />
            <FilterSelect spec={AUDIT_LOG_LIST} name="action" label={t('audit.action')} options={ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))} />
            <FilterDateRange spec={AUDIT_LOG_LIST} name="at" label={t('audit.day')} />
          </>
        }
        empty={{ title: t('audit.emptyTitle') }}
      />
    </>
  );
}
