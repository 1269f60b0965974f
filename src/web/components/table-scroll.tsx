import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The horizontal scroller around a plain table (Bootstrap's .table-responsive). It takes the keyboard focus, so
 * a keyboard user can scroll a table wider than a phone with the arrow keys (WCAG 2.1.1), and says what it is.
 */
export function TableScroll({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `table-responsive ${className}` : 'table-responsive'} tabIndex={0} role="region" aria-label={label ?? t('scrollTable')}>
      {children}
    </div>
  );
}
