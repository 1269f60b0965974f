import { useId, useMemo } from 'react';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ROLES } from '../../../shared/auth';
import { EMPLOYEE_STATUSES, EmployeeCreate, type Employee, type EmployeePatch } from '../../../shared/contracts/employees';
import type { ConflictField } from '../../components/form/conflict-dialog';
import { SelectField, SwitchField, TextField } from '../../components/form/fields';
import { RecordFormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { pickDirty } from '../../components/form/use-resource-form';
import { type Versioned } from '../../components/resource-api';
import { PageHeader } from '../../components/page-header';
import { useStores } from '../../entities/store/api';
import { POSITIONS } from './employee-fields';
import { employeeApi } from './api';
import { ResourceEditPage, useRecordForm } from '../../components/resource-pages';
import { FormSection } from '../../components/form/form-section';

type Values = z.input<typeof EmployeeCreate>;
type Output = z.output<typeof EmployeeCreate>;

const NEW_ACCOUNT = { email: '', role: 'Staff', enabled: true } as const;

const EMPTY: Values = { fullName: '', phone: '', email: '', storeId: null, position: '', status: 'active', account: null };

export function employeeToValues(e: Employee): Values {
  return {
    fullName: e.fullName,
    phone: e.phone,
    email: e.email ?? '',
    storeId: e.storeId,
    position: e.position,
    status: e.status,
    account: e.account ? { email: e.account.email, role: e.account.role, enabled: e.account.enabled } : null,
  };
}

/** The PATCH body of an edit: the changed fields; the account as a whole when any part of it changed. */
export function employeePatchOf(values: Output, isDirty: (name: keyof Values & string) => boolean): EmployeePatch {
  const { account, ...rest } = pickDirty(values, isDirty);
  const patch: EmployeePatch = rest;
  if (account) patch.account = { role: account.role, enabled: account.enabled, ...(account.email ? { email: account.email } : {}) };
  return patch;
}

/** /employee/create */
export function EmployeeCreatePage() {
  return <EmployeeForm />;
}

/** /employee/edit/:id */
export function EmployeeEditPage() {
  return <ResourceEditPage client={employeeApi}>{(data) => <EmployeeForm loaded={data} />}</ResourceEditPage>;
}

function EmployeeForm({ loaded }: { loaded?: Versioned<Employee> }) {
  const { t } = useTranslation(['employee', 'common']);
  const stores = useStores();
  const positionsId = useId();

  const storeLabel = useMemo(() => {
    const byId = new Map((stores.data?.items ?? []).map((s) => [s.id, `${s.code} · ${s.name}`]));
    return (v: unknown) => (typeof v === 'number' ? (byId.get(v) ?? `#${v}`) : '—');
  }, [stores.data]);
  const conflictFields = useMemo<ConflictField[]>(
    () => [
      { name: 'fullName', label: t('fields.fullName') },
      { name: 'phone', label: t('fields.phone') },
      { name: 'email', label: t('fields.email') },
      { name: 'storeId', label: t('fields.store'), format: storeLabel },
      { name: 'position', label: t('fields.position') },
      { name: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`) },
      { name: 'account.email', label: t('account.email') },
      { name: 'account.role', label: t('fields.role'), format: (v) => t(`common:roles.${String(v)}`) },
      { name: 'account.enabled', label: t('account.enabledLabel'), format: (v) => (v ? t('common:yes') : t('common:no')) },
    ],
    [t, storeLabel],
  );

  const { rf, base, editing, cancelTo } = useRecordForm(employeeApi, {
    loaded,
    schema: EmployeeCreate,
    empty: EMPTY,
    toValues: employeeToValues,
    patchOf: employeePatchOf,
    texts: {
      pending: t('form.saving'),
      created: (e) => t('form.created', { code: e.code }),
      updated: (e) => t('form.updated', { code: e.code }),
    },
  });
  const form = rf.form;
  const account = form.watch('account');
  const hadAccount = Boolean(base?.record.account);
  const dirty = form.formState.isDirty;

  const toggleAccount = (on: boolean) => {
    form.setValue('account', on ? { ...NEW_ACCOUNT } : null, { shouldDirty: true });
  };

  return (
    <>
      <PageHeader title={base ? t('form.editTitle', { code: base.record.code, name: base.record.fullName }) : undefined} />
      <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={base?.record} aria-label={base ? t('form.editLabel') : t('form.createLabel')}>
        <datalist id={positionsId}>
          {POSITIONS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <FormSection title={t('form.general')}>
          <Row className="gx-3">
            <Col md={6}>
              <TextField form={form} name="fullName" label={t('fields.fullName')} required autoComplete="off" maxLength={120} />
            </Col>
            <Col md={6}>
              <TextField form={form} name="phone" label={t('fields.phone')} required type="tel" inputMode="tel" autoComplete="off" />
            </Col>
            <Col md={6}>
              <TextField form={form} name="email" label={t('fields.email')} type="email" inputMode="email" autoComplete="off" />
            </Col>
            <Col md={6}>
              <SelectField
                form={form}
                name="storeId"
                numeric
                label={t('fields.store')}
                emptyLabel={stores.isPending ? t('common:states.loading') : t('form.noStore')}
                options={(stores.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name} (${t(`storeKinds.${s.kind}`)})` }))}
                help={stores.isError ? t('form.storesFailed') : undefined}
              />
            </Col>
            <Col md={6}>
              <PositionField form={form} label={t('fields.position')} listId={positionsId} />
            </Col>
            <Col md={6}>
              <SelectField
                form={form}
                name="status"
                label={t('fields.status')}
                options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                help={t('form.statusHelp')}
              />
            </Col>
          </Row>
        </FormSection>
        <Card className="form-section shadow-sm mb-3">
          <Card.Body>
            <h2 className="h6 mb-1">{t('account.title')}</h2>
            <p className="small text-body-secondary">{t('account.intro')}</p>
            <Form.Check
              type="switch"
              role="switch"
              id="employee-has-account"
              label={t('account.has')}
              checked={account !== null && account !== undefined}
              disabled={hadAccount}
              onChange={(e) => toggleAccount(e.target.checked)}
              className="mb-3"
            />
            {hadAccount && <p className="small text-body-secondary">{t('account.cannotRemove')}</p>}
            {account && (
              <Row className="gx-3">
                <Col md={6}>
                  <TextField form={form} name="account.email" label={t('account.email')} type="email" inputMode="email" autoComplete="off" help={t('account.emailHelp')} />
                </Col>
                <Col md={3}>
                  <SelectField form={form} name="account.role" label={t('fields.role')} options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
                </Col>
                <Col md={3} className="pt-md-4">
                  <SwitchField form={form} name="account.enabled" label={t('account.enabledLabel')} />
                </Col>
                {!hadAccount && (
                  <Col xs={12}>
                    <Alert variant="info" className="small py-2">
                      <i className="bi bi-envelope me-1" aria-hidden="true" />
                      {t('account.newAccountNote')}
                    </Alert>
                  </Col>
                )}
              </Row>
            )}
          </Card.Body>
        </Card>
        <RecordFormActions saving={rf.saving} dirty={dirty} editing={editing} cancelTo={cancelTo} createLabel={t('form.create')} saveChangesLabel={t('form.saveChanges')} />
      </ResourceFormFrame>
    </>
  );
}

function PositionField({ form, label, listId }: { form: UseFormReturn<Values, unknown, Output>; label: string; listId: string }) {
  const id = useId();
  const { error } = form.getFieldState('position', form.formState);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-medium">{label}</Form.Label>
      <Form.Control {...form.register('position')} list={listId} autoComplete="off" maxLength={80} isInvalid={Boolean(error)} />
      {error && <div className="invalid-feedback d-block">{error.message}</div>}
    </Form.Group>
  );
}
