import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveBlob } from '../../components/download';
import { PageHeader } from '../../components/page-header';
import { api, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useAuth } from '../../lib/use-auth';
import type { Period, Preset } from './period';
import { dayLabel } from './period';
import { PeriodPicker } from './widgets';

/** Heading, period picker, refresh state and the way to the other dashboard; the figures go in `children`. */
export function DashboardFrame({
  kind,
  preset,
  period,
  onChoose,
  fetching,
  updatedAt,
  loading,
  actions,
  children,
}: {
  kind: 'ecommerce' | 'analytics';
  preset: Preset;
  period: Period;
  onChoose(p: Preset, custom?: Period): void;
  fetching: boolean;
  updatedAt: number;
  loading: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tShell } = useTranslation('shell');
  const { role } = useAuth();
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await api.getFile(`/api/dashboard/${kind}/export`, { from: period.from, to: period.to });
      saveBlob(blob, filename ?? `${kind}-${period.from}_${period.to}.xlsx`);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };
  const other = kind === 'ecommerce' ? 'analytics' : 'ecommerce';
  const time = updatedAt ? new Date(updatedAt).toLocaleTimeString('vi-VN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Ho_Chi_Minh' }) : '';
  return (
    <div className="dash">
      <PageHeader
        actions={
          <>
            {actions}
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void exportXlsx()} disabled={exporting}>
              <i className={`bi ${exporting ? 'bi-hourglass-split' : 'bi-file-earmark-spreadsheet'} me-1`} aria-hidden="true" />
              {t('export')}
            </button>
            <Link to={`/dashboard/${other}`} className="btn btn-outline-primary btn-sm">
              <i className={`bi ${other === 'analytics' ? 'bi-graph-up' : 'bi-shop'} me-1`} aria-hidden="true" />
              {tShell('dashboards.otherDashboard', { name: tShell(`menu.${other}`) })}
            </Link>
          </>
        }
      />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <PeriodPicker preset={preset} period={period} onChoose={onChoose} />
        <span className="small text-body-secondary ms-md-auto" aria-live="polite">
          {t('period.range', { from: dayLabel(period.from), to: dayLabel(period.to) })}
          {' · '}
          {fetching ? (
            <>
              <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
              {t('refreshing')}
            </>
          ) : (
            time && t('updatedAt', { time })
          )}
        </span>
      </div>
      {role !== 'Admin' && <p className="small text-body-secondary">{tShell('dashboards.staffNote')}</p>}
      {loading ? (
        <div className="d-flex justify-content-center my-5" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('refreshing')}</span>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
