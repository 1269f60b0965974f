import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STORE_KINDS, STORE_STATUSES, StoreCreate, type Store, type StoreCreateInput } from '../../../shared/contracts/stores';
import { SelectField, TextField } from '../../components/form/fields';
import { RecordFormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { PageHeader } from '../../components/page-header';
import { type Versioned } from '../../components/resource-api';
import { ResourceEditPage, useRecordForm } from '../../components/resource-pages';
import { storeApi } from '../../entities/store/api';
import { useStoreFields } from './store-fields';
import { FormSection } from '../../components/form/form-section';

const EMPTY: StoreCreateInput = { code: '', name: '', country: '', kind: 'origin', address: '', phone: '', status: 'active' };

export function storeToValues(s: Store): StoreCreateInput {
  return { code: s.code, name: s.name, country: s.country, kind: s.kind, address: s.address, phone: s.phone, status: s.status };
}

/** /setting/stores/create */
export function StoreCreatePage() {
  return <StoreForm />;
}

/** /setting/stores/edit/:id */
export function StoreEditPage() {
  return <ResourceEditPage client={storeApi}>{(data) => <StoreForm loaded={data} />}</ResourceEditPage>;
}

/** The store form: the same contract as the server (a hub is in VN, a warehouse abroad is not). */
function StoreForm({ loaded }: { loaded?: Versioned<Store> }) {
  const { t } = useTranslation('setting');
  const conflictFields = useStoreFields();
  const { rf, base, editing, cancelTo } = useRecordForm(storeApi, {
    loaded,
    schema: StoreCreate,
    empty: EMPTY,
    toValues: storeToValues,
    texts: {
      pending: t('stores.form.saving'),
      created: (s) => t('stores.form.created', { code: s.code }),
      updated: (s) => t('stores.form.updated', { code: s.code }),
    },
  });
  const form = rf.form;
  const dirty = form.formState.isDirty;
  return (
    <>
      <PageHeader title={base ? t('stores.form.editTitle', { code: base.record.code }) : undefined} />
      <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={base?.record} aria-label={base ? t('stores.form.editLabel') : t('stores.form.createLabel')}>
        <FormSection title={t('stores.form.general')} className="mb-3">
          <Row className="gx-3">
            <Col sm={6} lg={3}>
              <TextField form={form} name="code" label={t('stores.fields.code')} required autoComplete="off" maxLength={20} help={t('stores.form.codeHelp')} />
            </Col>
            <Col sm={6} lg={5}>
              <TextField form={form} name="name" label={t('stores.fields.name')} required autoComplete="off" maxLength={120} />
            </Col>
            <Col sm={6} lg={2}>
              <SelectField form={form} name="kind" label={t('stores.fields.kind')} options={STORE_KINDS.map((k) => ({ value: k, label: t(`stores.kinds.${k}`) }))} />
            </Col>
            <Col sm={6} lg={2}>
              <TextField form={form} name="country" label={t('stores.fields.country')} required autoComplete="off" maxLength={2} help={t('stores.form.countryHelp')} />
            </Col>
            <Col lg={8}>
              <TextField form={form} name="address" label={t('stores.fields.address')} autoComplete="off" maxLength={300} />
            </Col>
            <Col sm={6} lg={2}>
              <TextField form={form} name="phone" label={t('stores.fields.phone')} type="tel" autoComplete="off" maxLength={30} />
            </Col>
            <Col sm={6} lg={2}>
              <SelectField form={form} name="status" label={t('stores.fields.status')} options={STORE_STATUSES.map((s) => ({ value: s, label: t(`stores.statuses.${s}`) }))} />
            </Col>
          </Row>
        </FormSection>
        <RecordFormActions saving={rf.saving} dirty={dirty} editing={editing} cancelTo={cancelTo} createLabel={t('stores.form.create')} saveChangesLabel={t('stores.form.saveChanges')} />
      </ResourceFormFrame>
    </>
  );
}
