import { useTranslation } from 'react-i18next';
import { useBankSummary } from '../entities/bank-transaction/api';

/** The count beside a menu link, where the link has one: unmatched bank transfers beside "Bank transfers". */
export function MenuBadge({ linkId }: { linkId: string }) {
  return linkId === 'transaction-bank' ? <UnmatchedTransfers /> : null;
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
