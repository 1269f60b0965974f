import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeStatus } from '../../../shared/contracts/employees';
import type { HistoryField } from '../../components/history-tab';
import { StatusBadge } from '../../components/status-badge';

/** Positions the business uses, as suggestions (the field is free text). */
export const POSITIONS = ['Quản lý vận hành', 'Trưởng kho', 'Nhân viên kho', 'Giao nhận', 'Điều phối', 'Kế toán', 'Chăm sóc khách hàng'] as const;

export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation('employee');
  return (
    <StatusBadge tone={status === 'active' ? 'success' : 'secondary'} icon={status === 'active' ? 'bi-check-circle' : 'bi-door-closed'}>
      {t(`statuses.${status}`)}
    </StatusBadge>
  );
}

/** The login account in one badge: none, enabled (with its role) or disabled. */
export function AccountBadge({ account }: { account: Employee['account'] }) {
  const { t } = useTranslation(['employee', 'common']);
  if (!account) return <StatusBadge tone="secondary">{t('account.none')}</StatusBadge>;
  if (!account.enabled) {
    return (
      <StatusBadge tone="danger" icon="bi-lock">
        {t('account.disabled')}
      </StatusBadge>
    );
  }
  return (
    <StatusBadge tone={account.role === 'Admin' ? 'primary' : 'info'} icon="bi-person-check">
      {t(`common:roles.${account.role}`)}
    </StatusBadge>
  );
}

/** Labelled fields of an employee for History and the conflict dialog. */
export function useEmployeeFields(): HistoryField[] {
  const { t } = useTranslation(['employee', 'common']);
  return useMemo(() => {
    const account = (v: unknown) => {
      if (!v || typeof v !== 'object') return '—';
      const a = v as Partial<NonNullable<Employee['account']>>;
      return [a.email, a.role && t(`common:roles.${a.role}`), a.enabled === false ? t('account.disabled') : a.enabled ? t('account.enabled') : null]
        .filter(Boolean)
        .join(' · ');
    };
    const store = (v: unknown) => {
      if (!v || typeof v !== 'object') return String(v);
      const s = v as { code?: string; name?: string };
      return [s.code, s.name].filter(Boolean).join(' · ');
    };
    return [
      { name: 'code', label: t('fields.code') },
      { name: 'fullName', label: t('fields.fullName') },
      { name: 'phone', label: t('fields.phone') },
      { name: 'email', label: t('fields.email') },
      { name: 'store', label: t('fields.store'), format: store },
      { name: 'storeId', label: t('fields.storeId') },
      { name: 'position', label: t('fields.position') },
      { name: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'account', label: t('fields.account'), format: account },
    ];
  }, [t]);
}
