import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../shared/auth';
import { EMPLOYEE_LIST, EMPLOYEE_STATUSES, type Employee } from '../../../shared/contracts/employees';
import { ResourceListPage } from '../../components/resource-pages';
import { FilterChecks, FilterSelect, yesNoOptions } from '../../components/data-table/list-filters';
import { useFormat } from '../../lib/use-format';
import { useStores } from '../../entities/store/api';
import { AccountBadge, EmployeeStatusBadge, POSITIONS } from './employee-fields';
import { employeeApi } from './api';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';

const col = createColumnHelper<Employee>();

function useColumns(): ColumnDef<Employee, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('employee');
  const fmt = useFormat();
  return useMemo(
    () => [
      codeColumn({ header: t('fields.code'), size: 100, path: '/employee' }),
      col.accessor('fullName', { header: t('fields.fullName'), size: 210, meta: { card: 'title' } }),
      col.accessor('phone', { header: t('fields.phone'), size: 130, meta: { className: 'font-tabular' } }),
      col.accessor('email', { header: t('fields.email'), size: 210, meta: { card: 'hidden' }, cell: (c) => c.getValue() ?? '' }),
      col.accessor((e) => (e.store ? `${e.store.code} · ${e.store.name}` : ''), { id: 'store', header: t('fields.store'), size: 200 }),
      col.accessor('position', { header: t('fields.position'), size: 170 }),
      col.accessor('account', { header: t('fields.account'), size: 150, cell: (c) => <AccountBadge account={c.getValue()} /> }),
      col.accessor('status', { header: t('fields.status'), size: 140, meta: { card: 'badge' }, cell: (c) => <EmployeeStatusBadge status={c.getValue()} /> }),
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { defaultHidden: true, sortDescFirst: true, card: 'hidden' }, cell: (c) => fmt.dateTime(c.getValue()) }),
    ],
    [t, fmt],
  );
}

/** /employee: staff with their store, position and login account. */
export function EmployeeListPage() {
  const { t } = useTranslation(['employee', 'common']);
  const columns = useColumns();
  const stores = useStores();
  return (
    <ResourceListPage
      ns="employee"
      client={employeeApi}
      tableId="employees"
      columns={columns}
      label={t('list.label')}
      exportAs={{ resource: 'employees', fallbackName: 'nhan-vien' }}
      create={{ label: t('list.create'), icon: 'bi-person-plus' }}
      searchLabel={t('list.searchLabel')}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={
        <>
          <FilterSelect spec={EMPLOYEE_LIST} name="status" label={t('fields.status')} options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          <FilterSelect
            spec={EMPLOYEE_LIST}
            name="storeId"
            label={t('fields.store')}
            options={(stores.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))}
          />
          <FilterSelect spec={EMPLOYEE_LIST} name="position" label={t('fields.position')} options={POSITIONS.map((p) => ({ value: p, label: p }))} />
          <FilterChecks spec={EMPLOYEE_LIST} name="role" label={t('fields.role')} options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
          <FilterSelect
            spec={EMPLOYEE_LIST}
            name="hasAccount"
            label={t('fields.account')}
            options={yesNoOptions(t('list.hasAccount'), t('list.noAccount'))}
          />
        </>
      }
      empty={{ title: t('list.emptyTitle') }}
    />
  );
}
