import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '../../../shared/contracts/messages';
import type { MessageState } from '../../../shared/domain/notifications';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import type { Columns } from '../../components/data-table/data-table';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { useFormat } from '../../lib/use-format';

const col = createColumnHelper<Message>();

const STATE_TONES: Record<MessageState, Tone> = { queued: 'info', sent: 'success', failed: 'danger', skipped: 'secondary' };
const STATE_ICONS: Record<MessageState, string> = { queued: 'bi-hourglass-split', sent: 'bi-check-circle', failed: 'bi-x-circle', skipped: 'bi-slash-circle' };

export function MessageStateBadge({ state }: { state: MessageState }) {
  const { t } = useTranslation('message');
  return (
    <StatusBadge tone={STATE_TONES[state]} icon={STATE_ICONS[state]}>
      {t(`states.${state}`)}
    </StatusBadge>
  );
}

/** The provider's answer in one line: Zalo's `error: message`, an SMTP code, or the reason we recorded. */
export function answerText(m: Pick<Message, 'providerAnswer' | 'reason'>): string {
  const a = m.providerAnswer as { error?: unknown; message?: unknown; responseCode?: unknown; mode?: unknown } | null;
  const parts: string[] = [];
  if (a && typeof a === 'object') {
    // Zalo's success is error 0: its message alone; a refusal keeps its code.
    if (a.error === 0 && typeof a.message === 'string') parts.push(a.message);
    else if (typeof a.error === 'number') parts.push(`${a.error}${typeof a.message === 'string' ? `: ${a.message}` : ''}`);
    else if (typeof a.responseCode === 'number') parts.push(`SMTP ${a.responseCode}`);
    else if (typeof a.mode === 'string') parts.push(a.mode);
  }
  if (m.reason && !parts.some((p) => m.reason.includes(p))) parts.push(m.reason);
  return parts.join(' · ');
}

/** The columns of the message log (Settings → Messages, and a customer's Messages tab without the customer). */
export function useMessageColumns({ withCustomer }: { withCustomer: boolean }): Columns<Message> {
  const { t } = useTranslation('message');
  const fmt = useFormat();
  return useMemo(() => {
    const columns: Columns<Message> = [
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('event', { header: t('fields.event'), size: 175, enableSorting: false, meta: { card: 'title' }, cell: (c) => t(`events.${c.getValue()}`) }),
      col.accessor('state', { header: t('fields.state'), size: 120, enableSorting: false, meta: { card: 'badge' }, cell: (c) => <MessageStateBadge state={c.getValue()} /> }),
      col.accessor('channel', { header: t('fields.channel'), size: 90, enableSorting: false, cell: (c) => t(`channels.${c.getValue()}`) }),
    ];
    if (withCustomer) {
      columns.push(
        col.display({
          id: 'customer',
          header: t('fields.customer'),
          size: 190,
          meta: { label: t('fields.customer') },
          cell: (c) => (
            <Link to={`/customer/${c.row.original.customerId}?tab=messages`} className="text-reset text-decoration-none" onClick={(e) => e.stopPropagation()}>
              <span className="font-tabular text-body-secondary me-1">{c.row.original.customerCode ?? `#${c.row.original.customerId}`}</span>
              {c.row.original.customerName}
            </Link>
          ),
        }),
      );
    }
    columns.push(
      col.accessor('recipient', { header: t('fields.recipient'), size: 130, enableSorting: false, cell: (c) => <span className="font-tabular text-break">{c.getValue() || '—'}</span> }),
      col.display({ id: 'answer', header: t('fields.answer'), size: 220, meta: { label: t('fields.answer') }, cell: (c) => <span className="small text-break">{answerText(c.row.original) || '—'}</span> }),
      col.accessor('attempts', { header: t('fields.attempts'), size: 80, enableSorting: false, meta: { align: 'end' }, cell: (c) => <span className="font-tabular">{c.getValue()}</span> }),
      col.accessor('sentAt', { header: t('fields.sentAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true }, cell: (c) => (c.getValue() ? fmt.dateTime(c.getValue()!) : '—') }),
    );
    return columns;
  }, [t, fmt, withCustomer]);
}
