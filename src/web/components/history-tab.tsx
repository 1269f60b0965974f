import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry, AuditLogList } from '../../shared/contracts/audit-logs';
import { api } from '../lib/api-client';
import { useFormat } from '../lib/use-format';
import { useAuditFormat } from './audit-format';
import { EmptyState } from './empty-state';
import { sameValue } from './same-value';
import { StatusBadge, type Tone } from './status-badge';
import type { UrlTab } from './url-tabs';
import './ui.css';
import { TableScroll } from './table-scroll';
import { LoadFailed } from './load-failed';

export interface HistoryField {
  name: string;
  label: string;
  format?(value: unknown): ReactNode;
}

export interface HistoryTabProps {
  /** The resource name as the audit log records it (`customers`, `employees`…). */
  entity: string;
  entityId: string | number;
  /** e.g. queryKeys.Customer.history(id), so a save that invalidates the resource refreshes the history too. */
  queryKey: QueryKey;
  /** Labels and formats of the record's fields, in the order to show them; other fields show by their name. */
  fields: HistoryField[];
  /** Fields that change on every write and say nothing to a reader. */
  ignore?: string[];
}

const PAGE_SIZE = 20;
export const HISTORY_DEFAULT_IGNORE = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt'];
const ACTION_TONES: Record<string, Tone> = { create: 'success', update: 'primary', delete: 'danger', import: 'info' };
const ACTION_ICONS: Record<string, string> = { create: 'bi-plus-circle', update: 'bi-pencil', delete: 'bi-trash', import: 'bi-file-earmark-arrow-up' };

export interface FieldChange {
  name: string;
  before: unknown;
  after: unknown;
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function isBlank(v: unknown) {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Field by field, what one audit entry changed (a create lists what was set; a delete what was there). */
export function entryChanges(entry: Pick<AuditLogEntry, 'before' | 'after'>, order: string[], ignore: string[]): FieldChange[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const names = [...new Set([...order, ...Object.keys(before), ...Object.keys(after)])].filter((n) => !ignore.includes(n));
  return names
    .filter((n) => n in before || n in after)
    .filter((n) => !sameValue(before[n], after[n]))
    .filter((n) => !(isBlank(before[n]) && isBlank(after[n])))
    .map((n) => ({ name: n, before: before[n], after: after[n] }));
}

/**
 * The History tab of every detail screen: who changed the record, when, and each field before → after, newest
 * first, from the audit log.
 */
export function HistoryTab({ entity, entityId, queryKey, fields, ignore = HISTORY_DEFAULT_IGNORE }: HistoryTabProps) {
  const { t } = useTranslation('resource');
  const fmt = useFormat();
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditLogList>('/api/audit-logs', { entity, entityId: String(entityId), page: pageParam, pageSize: PAGE_SIZE, sort: '-at,-id' }, { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const byName = new Map(fields.map((f) => [f.name, f]));
  const order = fields.map((f) => f.name);

  const audit = useAuditFormat(entity);
  const show = (name: string, value: unknown): ReactNode => {
    if (isBlank(value)) return <span className="text-body-tertiary fst-italic">{t('history.blank')}</span>;
    const f = byName.get(name);
    if (f?.format) return f.format(value);
    return audit.value(name, value);
  };

  if (query.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 py-4 justify-content-center text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" /> {t('history.loading')}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed title={t('history.error')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const entries = query.data.pages.flatMap((p) => p.items);
  const total = query.data.pages[0]?.total ?? 0;
  if (!entries.length) return <EmptyState icon="bi-clock-history" title={t('history.empty')} />;

  return (
    <div className="history" aria-live="polite">
      <p className="small text-body-secondary">{t('history.count', { count: total })}</p>
      <ol className="list-unstyled mb-0">
        {entries.map((entry) => {
          const changes = entryChanges(entry, order, ignore);
          const actor = entry.actorName ?? entry.actorEmail ?? t('history.system');
          const label = t(`history.actions.${entry.action}`, { defaultValue: entry.action });
          return (
            <li key={entry.id} className="history-entry py-3" data-testid="history-entry">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <StatusBadge tone={ACTION_TONES[entry.action] ?? 'secondary'} icon={ACTION_ICONS[entry.action] ?? 'bi-dot'}>
                  {label}
                </StatusBadge>
                <span className="fw-medium">{actor}</span>
                {entry.actorName && entry.actorEmail && <span className="small text-body-secondary">{entry.actorEmail}</span>}
                <time className="ms-auto small text-body-secondary" dateTime={entry.at}>
                  {fmt.dateTime(entry.at)}
                </time>
              </div>
              {entry.action === 'delete' ? (
                <p className="small mb-0 text-body-secondary">{t('history.deleted')}</p>
              ) : changes.length === 0 ? (
                <p className="small mb-0 text-body-secondary">{t('history.noFieldChange')}</p>
              ) : (
                <TableScroll>
                  <Table size="sm" className="history-diff small mb-0">
                    <thead className="visually-hidden">
                      <tr>
                        <th scope="col">{t('history.field')}</th>
                        {entry.action !== 'create' && <th scope="col">{t('history.before')}</th>}
                        <th scope="col">{t('history.after')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((c) => (
                        <tr key={c.name}>
                          <th scope="row" className="fw-normal text-body-secondary history-field">
                            {byName.get(c.name)?.label ?? audit.label(c.name)}
                          </th>
                          {entry.action !== 'create' && <td className="history-before">{show(c.name, c.before)}</td>}
                          <td className={entry.action === 'create' ? undefined : 'history-after'}>
                            {entry.action !== 'create' && <i className="bi bi-arrow-right me-1 text-body-tertiary" aria-hidden="true" />}
                            {show(c.name, c.after)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </TableScroll>
              )}
            </li>
          );
        })}
      </ol>
      {query.hasNextPage && (
        <div className="text-center pt-2">
          <Button size="sm" variant="outline-secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('history.more')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The History entry of a detail screen's UrlTabs: `historyTab(t('detail.tabs.history'), { entity, entityId, … })`. */
export function historyTab(title: string, props: HistoryTabProps): UrlTab {
  return {
    key: 'history',
    title: (
      <>
        <i className="bi bi-clock-history me-1" aria-hidden="true" />
        {title}
      </>
    ),
    content: (
      <Card className="shadow-sm">
        <Card.Body>
          <HistoryTab {...props} />
        </Card.Body>
      </Card>
    ),
  };
}
