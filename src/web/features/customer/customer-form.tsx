import { useId } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CREDIT_LIMIT_MAX, CUSTOMER_GROUPS, CUSTOMER_LANGUAGES, CUSTOMER_STATUSES, CustomerCreate, type Customer } from '../../../shared/contracts/customers';
import { MoneyField, SelectField, SwitchField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { PageHeader } from '../../components/page-header';
import { AddressesEditor, ProvinceDatalist, ProvinceInput } from './addresses-editor';
import { useCustomerEditableFields } from './customer-fields';
import { type Versioned } from '../../components/resource-api';
import { customerApi } from '../../entities/customer/api';
import { ResourceEditPage, useRecordForm } from '../../components/resource-pages';
import { FormSection } from '../../components/form/form-section';

type Values = z.input<typeof CustomerCreate>;

const EMPTY: Values = {
  fullName: '',
  phone: '',
  email: '',
  addresses: [],
  province: '',
  group: 'retail',
  suiteCode: '',
  note: '',
  status: 'active',
  creditLimit: 0,
  notifyZns: true,
  notifyEmail: true,
  language: 'vi',
};

/** The form's values of a saved customer (nulls become empty inputs). */
export function customerToValues(c: Customer): Values {
  return {
    fullName: c.fullName,
    phone: c.phone,
    email: c.email ?? '',
    addresses: c.addresses.map((a) => ({ ...a })),
    province: c.province,
    group: c.group,
    suiteCode: c.suiteCode ?? '',
    note: c.note,
    status: c.status,
    creditLimit: c.creditLimit,
    notifyZns: c.notifyZns,
    notifyEmail: c.notifyEmail,
    language: c.language,
  };
}

/** /customer/create */
export function CustomerCreatePage() {
  return <CustomerForm />;
}

/** /customer/edit/:id */
export function CustomerEditPage() {
  return <ResourceEditPage client={customerApi}>{(data) => <CustomerForm loaded={data} />}</ResourceEditPage>;
}

function CustomerForm({ loaded }: { loaded?: Versioned<Customer> }) {
  const { t } = useTranslation(['customer', 'resource']);
  const provincesId = useId();
  const conflictFields = useCustomerEditableFields();
  const { rf, base, editing, cancelTo } = useRecordForm(customerApi, {
    loaded,
    schema: CustomerCreate,
    empty: EMPTY,
    toValues: customerToValues,
    texts: {
      pending: t('form.saving'),
      created: (c) => t('form.created', { code: c.code }),
      updated: (c) => t('form.updated', { code: c.code }),
    },
  });
  const form = rf.form;
  const dirty = form.formState.isDirty;

  return (
    <>
      <PageHeader title={base ? t('form.editTitle', { code: base.record.code, name: base.record.fullName }) : undefined} />
      <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={base?.record} aria-label={base ? t('form.editLabel') : t('form.createLabel')}>
        <ProvinceDatalist id={provincesId} />
        <FormSection title={t('form.general')}>
          <Row className="gx-3">
            <Col md={6}>
              <TextField form={form} name="fullName" label={t('fields.fullName')} required autoComplete="off" maxLength={120} />
            </Col>
            <Col md={6}>
              <TextField form={form} name="phone" label={t('fields.phone')} required type="tel" inputMode="tel" autoComplete="off" help={t('form.phoneHelp')} />
            </Col>
            <Col md={6}>
              <TextField form={form} name="email" label={t('fields.email')} type="email" inputMode="email" autoComplete="off" help={t('form.emailHelp')} />
            </Col>
            <Col md={6}>
              <ProvinceInput form={form} name="province" label={t('fields.province')} listId={provincesId} />
            </Col>
          </Row>
        </FormSection>
        <FormSection title={t('form.account')}>
          <Row className="gx-3">
            <Col sm={6} lg={3}>
              <SelectField form={form} name="group" label={t('fields.group')} options={CUSTOMER_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))} />
            </Col>
            <Col sm={6} lg={3}>
              <SelectField form={form} name="status" label={t('fields.status')} options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
            </Col>
            <Col sm={6} lg={3}>
              <TextField form={form} name="suiteCode" label={t('fields.suiteCode')} autoComplete="off" maxLength={20} help={t('form.suiteHelp')} />
            </Col>
            <Col sm={6} lg={3}>
              <MoneyField form={form} name="creditLimit" label={t('fields.creditLimit')} max={CREDIT_LIMIT_MAX} help={t('form.creditHelp')} />
            </Col>
            <Col xs={12}>
              <TextareaField form={form} name="note" label={t('fields.note')} rows={3} maxLength={2000} />
            </Col>
          </Row>
        </FormSection>
        <FormSection title={t('form.notifications')}>
          <p className="small text-body-secondary">{t('form.notificationsHelp')}</p>
          <Row className="gx-3">
            <Col sm={6} lg={4}>
              <SwitchField form={form} name="notifyZns" label={t('fields.notifyZns')} help={t('form.notifyZnsHelp')} />
            </Col>
            <Col sm={6} lg={4}>
              <SwitchField form={form} name="notifyEmail" label={t('fields.notifyEmail')} help={t('form.notifyEmailHelp')} />
            </Col>
            <Col sm={6} lg={4}>
              <SelectField form={form} name="language" label={t('fields.language')} options={CUSTOMER_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} help={t('form.languageHelp')} />
            </Col>
          </Row>
        </FormSection>
        <Card className="form-section shadow-sm mb-3">
          <Card.Body>
            <AddressesEditor form={form} provincesListId={provincesId} />
          </Card.Body>
        </Card>
        <RecordFormActions saving={rf.saving} dirty={dirty} editing={editing} cancelTo={cancelTo} createLabel={t('form.create')} saveChangesLabel={t('form.saveChanges')} />
      </ResourceFormFrame>
    </>
  );
}
