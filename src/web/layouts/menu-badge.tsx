import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankSummary } from '../entities/bank-transaction/api';

/** The count beside a menu link, where the link has one: unmatched bank transfers beside "Bank transfers". */
export function MenuBadge({ linkId }: { linkId: string }) {
  // A menu drawn without the app's query client (a layout in isolation) shows no counts rather than failing.
  const client = useContext(QueryClientContext);
  return linkId === 'transaction-bank' && client ? <UnmatchedTransfers /> : null;
}

function UnmatchedTransfers() {
  const { t } = useTranslation('shell');
  const n = useBankSummary().data?.unmatchedCount ?? 0;
  if (n === 0) return null;
  return (
    <span className="badge rounded-pill text-bg-warning ms-2" data-testid="menu-bank-unmatched" title={t('menu.bankUnmatched', { count: n })}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
