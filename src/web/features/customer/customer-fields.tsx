import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAddress, CustomerGroup, CustomerStatus } from '../../../shared/contracts/customers';
import type { HistoryField } from '../../components/history-tab';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatVnd } from '../../lib/format';

/** How customers' closed values look, and the labelled field list History and the conflict dialog share. */

const STATUS_TONES: Record<CustomerStatus, Tone> = { active: 'success', inactive: 'secondary' };
const GROUP_TONES: Record<CustomerGroup, Tone> = { retail: 'secondary', wholesale: 'info', vip: 'warning' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation('customer');
  return (
    <StatusBadge tone={STATUS_TONES[status]} icon={status === 'active' ? 'bi-check-circle' : 'bi-pause-circle'}>
      {t(`statuses.${status}`)}
    </StatusBadge>
  );
}

export function CustomerGroupBadge({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation('customer');
  return <StatusBadge tone={GROUP_TONES[group]}>{t(`groups.${group}`)}</StatusBadge>;
}

function isAddressList(v: unknown): v is CustomerAddress[] {
  return Array.isArray(v) && v.every((a) => a && typeof a === 'object' && 'address' in a);
}

/** The field list of a customer, labelled, with how each value reads (History, conflict dialog). */
export function useCustomerFields(): HistoryField[] {
  const { t } = useTranslation('customer');
  return useMemo(() => {
    const text = (key: string) => t(`fields.${key}`);
    const addresses = (v: unknown) =>
      isAddressList(v) ? (
        <ul className="list-unstyled mb-0">
          {v.map((a, i) => (
            <li key={i}>
              {a.isDefault && <span className="badge bg-body-secondary text-body border me-1">{t('addresses.default')}</span>}
              {[a.label, a.receiver, a.phone, a.address, a.province].filter(Boolean).join(' · ')}
            </li>
          ))}
        </ul>
      ) : (
        JSON.stringify(v)
      );
    const fields: HistoryField[] = [
      { name: 'code', label: text('code') },
      { name: 'fullName', label: text('fullName') },
      { name: 'phone', label: text('phone') },
      { name: 'email', label: text('email') },
      { name: 'province', label: text('province') },
      { name: 'group', label: text('group'), format: (v) => t(`groups.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'status', label: text('status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'suiteCode', label: text('suiteCode') },
      { name: 'creditLimit', label: text('creditLimit'), format: (v) => (typeof v === 'number' ? formatVnd(v) : String(v)) },
      { name: 'balance', label: text('balance'), format: (v) => (typeof v === 'number' ? formatVnd(v) : String(v)) },
      { name: 'addresses', label: text('addresses'), format: addresses },
      { name: 'note', label: text('note') },
      { name: 'notifyZns', label: text('notifyZns'), format: (v) => t(v ? 'detail.on' : 'detail.off') },
      { name: 'notifyEmail', label: text('notifyEmail'), format: (v) => t(v ? 'detail.on' : 'detail.off') },
      { name: 'language', label: text('language'), format: (v) => t(`languages.${String(v)}`, { defaultValue: String(v) }) },
    ];
    return fields;
  }, [t]);
}

/** The fields a person edits on the form (what the conflict dialog compares). */
export function useCustomerEditableFields(): HistoryField[] {
  const all = useCustomerFields();
  return useMemo(() => all.filter((f) => f.name !== 'code' && f.name !== 'balance'), [all]);
}
