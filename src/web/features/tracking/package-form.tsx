import { useId, useMemo } from 'react';
import { Button, Card, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DECLARED_VALUE_MAX, PACKAGE_PHOTOS_MAX, PackagePatch, type Package } from '../../../shared/contracts/packages';
import { CURRENCIES, isCurrency } from '../../../shared/domain/money';
import type { ConflictField } from '../../components/form/conflict-dialog';
import { FieldShell, MoneyField, SelectField, TextareaField, TextField, ListError } from '../../components/form/fields';
import { FormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { pickDirty, useResourceForm } from '../../components/form/use-resource-form';
import { FormSkeleton } from '../../components/record-page';
import { PageHeader } from '../../components/page-header';
import { formatKg } from '../../lib/format';
import { useStores } from '../../entities/store/api';
import { customerRef, orderRef, searchCustomers, searchOrders } from './api';
import { formatDeclared, PackageStatusBadge, parcelGoodsFields, parcelSizeFields } from './package-fields';
import { RefPicker } from './ref-picker';
import { hubStores, originStores } from './receive-shared';
import { ChargeablePreview, ScaledNumberField } from './weight-inputs';
import './tracking.css';
import { type Versioned } from '../../components/resource-api';
import { packageApi } from '../../entities/package/api';
import { ResourceEditPage, useFormBase } from '../../components/resource-pages';
import { storeLabel } from '../../entities/store/store-options';
import { FormSection } from '../../components/form/form-section';

type Values = z.input<typeof PackagePatch>;

/** The form's values of a saved package: every editable field, as the contract takes it. */
export function packageToValues(p: Package): Values {
  return {
    trackingNumber: p.trackingNumber,
    customerId: p.customerId,
    orderId: p.orderId,
    storeId: p.storeId,
    destinationStoreId: p.destinationStoreId,
    weightG: p.weightG,
    lengthMm: p.lengthMm,
    widthMm: p.widthMm,
    heightMm: p.heightMm,
    declaredValue: p.declaredValue,
    declaredCurrency: p.declaredCurrency,
    contents: p.contents,
    photos: p.photos.map((ph) => ({ url: ph.url, caption: ph.caption })),
  };
}

/** /tracking/edit/:id */
export function PackageEditPage() {
  // The store pickers are plain selects: their options must be there before the form sets their values.
  const stores = useStores();
  return (
    <ResourceEditPage client={packageApi}>
      {(data) =>
        stores.isPending ? (
          <>
            <PageHeader />
            <FormSkeleton />
          </>
        ) : (
          <PackageForm loaded={data} />
        )
      }
    </ResourceEditPage>
  );
}

function PackageForm({ loaded }: { loaded: Versioned<Package> }) {
  const { t, i18n } = useTranslation(['tracking', 'resource', 'common']);
  const navigate = useNavigate();
  const cache = packageApi.useCache();
  const stores = useStores();
  const id = useId();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const { base, rebase } = useFormBase(loaded);
  const p = base.record;

  const rf = useResourceForm({
    schema: PackagePatch,
    defaultValues: packageToValues(loaded.record),
    save: async (values, ctx) => {
      const patch = pickDirty(values, ctx.isDirty);
      // A declared value means nothing without its currency: the two always travel together.
      if ('declaredValue' in patch || 'declaredCurrency' in patch) {
        patch.declaredValue = values.declaredValue;
        patch.declaredCurrency = values.declaredCurrency;
      }
      const saved = await packageApi.patch(base.record.id, base.etag, patch);
      cache.saved(saved);
      return saved;
    },
    texts: { pending: t('form.saving'), success: (s) => t('form.updated', { code: s.code }) },
    onSaved: (s) => navigate(`/tracking/${s.id}`),
    toValues: (r: Package) => packageToValues(r),
    onRebase: rebase,
  });
  const form = rf.form;
  const dirty = form.formState.isDirty;
  const photos = useFieldArray({ control: form.control, name: 'photos' });
  const [weightG, lengthMm, widthMm, heightMm, customerId, currency] = form.watch(['weightG', 'lengthMm', 'widthMm', 'heightMm', 'customerId', 'declaredCurrency']);

  const storeList = stores.data?.items;
  const storeOption = (s: { id: number; code: string; name: string }) => ({ value: String(s.id), label: storeLabel(s) });
  // A record saved with another code before the contract narrowed them still shows it (the contract asks for one of these).
  const currencies: string[] = currency && !isCurrency(currency) ? [currency, ...CURRENCIES] : [...CURRENCIES];

  const conflictFields = useMemo<ConflictField[]>(() => {
    const refs = new Map<number, string>();
    const orders = new Map<number, string>();
    for (const r of [base.record, rf.conflict?.theirs as Package | undefined]) {
      if (r?.customer) refs.set(r.customer.id, `${r.customer.code} · ${r.customer.fullName}`);
      if (r?.order) orders.set(r.order.id, r.order.code);
    }
    const stores = new Map((storeList ?? []).map((s) => [s.id, storeLabel(s)]));
    const ref = (map: Map<number, string>) => (v: unknown) => (typeof v === 'number' ? (map.get(v) ?? `#${v}`) : '');
    const kg = (v: unknown) => (typeof v === 'number' ? formatKg(v, lang) : String(v));
    return [
      { name: 'trackingNumber', label: t('fields.trackingNumber') },
      { name: 'customerId', label: t('fields.customer'), format: ref(refs) },
      { name: 'orderId', label: t('fields.order'), format: ref(orders) },
      { name: 'storeId', label: t('fields.store'), format: ref(stores) },
      { name: 'destinationStoreId', label: t('fields.destinationStore'), format: ref(stores) },
      ...parcelSizeFields(t, lang, kg),
      ...parcelGoodsFields(t),
      { name: 'photos', label: t('fields.photos'), format: (v) => (Array.isArray(v) ? v.map((x: { url: string }) => x.url).join(', ') : '') },
    ];
  }, [base.record, rf.conflict, storeList, t, lang]);

  const customerError = form.getFieldState('customerId', form.formState).error?.message;
  const orderError = form.getFieldState('orderId', form.formState).error?.message;
  const currencyError = form.getFieldState('declaredCurrency', form.formState).error?.message;
  const photosError = form.getFieldState('photos', form.formState).error?.message;
  const cm = t('units.cm');

  return (
    <>
      <PageHeader title={t('form.editTitle', { code: p.code, number: p.trackingNumber })} />
      <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={p} aria-label={t('form.editLabel')}>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <PackageStatusBadge status={p.status} />
          <span className="small text-body-secondary">{t('form.statusNote')}</span>
        </div>
        <FormSection title={t('form.general')}>
          <Row className="gx-3">
            <Col md={6}>
              <TextField form={form} name="trackingNumber" label={t('fields.trackingNumber')} required autoComplete="off" maxLength={60} help={t('form.trackingHelp')} />
            </Col>
            <Col md={6}>
              <FieldShell id={`${id}-customer`} label={t('fields.customer')} error={customerError} help={p.unidentified ? t('form.unidentifiedHelp') : undefined}>
                <Controller
                  control={form.control}
                  name="customerId"
                  render={({ field }) => (
                    <RefPicker
                      id={`${id}-customer`}
                      kind="customer"
                      value={field.value ?? null}
                      onChange={(v) => {
                        field.onChange(v);
                        // An order belongs to one customer: another customer's order cannot stay.
                        if (v !== field.value && form.getValues('orderId') != null) form.setValue('orderId', null, { shouldDirty: true });
                      }}
                      search={searchCustomers}
                      load={customerRef}
                      known={p.customer ? { id: p.customer.id, code: p.customer.code, name: p.customer.fullName } : null}
                      invalid={Boolean(customerError)}
                    />
                  )}
                />
              </FieldShell>
            </Col>
            <Col md={6}>
              <FieldShell id={`${id}-order`} label={t('fields.order')} error={orderError}>
                <Controller
                  control={form.control}
                  name="orderId"
                  render={({ field }) => (
                    <RefPicker
                      id={`${id}-order`}
                      kind="order"
                      value={field.value ?? null}
                      onChange={(v) => field.onChange(v)}
                      search={(q, signal) => searchOrders(q, customerId ?? null, signal)}
                      load={orderRef}
                      scope={customerId ?? null}
                      invalid={Boolean(orderError)}
                      placeholder={t('form.orderPlaceholder')}
                    />
                  )}
                />
              </FieldShell>
            </Col>
            <Col md={6}>
              <TextareaField form={form} name="contents" label={t('fields.contents')} rows={1} maxLength={500} />
            </Col>
            <Col md={6}>
              <SelectField form={form} name="storeId" numeric label={t('fields.store')} emptyLabel="—" options={originStores(storeList).map(storeOption)} />
            </Col>
            <Col md={6}>
              <SelectField form={form} name="destinationStoreId" numeric label={t('fields.destinationStore')} emptyLabel="—" options={hubStores(storeList).map(storeOption)} />
            </Col>
          </Row>
        </FormSection>
        <FormSection title={t('form.measures')}>
          <Row className="gx-3">
            <Col xs={6} md={3}>
              <ScaledNumberField form={form} name="weightG" label={t('fields.weight')} decimals={3} unit={t('units.kg')} />
            </Col>
            <Col xs={6} md={3}>
              <ScaledNumberField form={form} name="lengthMm" label={t('fields.length')} decimals={1} unit={cm} />
            </Col>
            <Col xs={6} md={3}>
              <ScaledNumberField form={form} name="widthMm" label={t('fields.width')} decimals={1} unit={cm} />
            </Col>
            <Col xs={6} md={3}>
              <ScaledNumberField form={form} name="heightMm" label={t('fields.height')} decimals={1} unit={cm} />
            </Col>
            <Col xs={12} className="mb-3">
              <ChargeablePreview weightG={weightG} lengthMm={lengthMm} widthMm={widthMm} heightMm={heightMm} />
            </Col>
            <Col sm={4} md={3}>
              <FieldShell id={`${id}-currency`} label={t('fields.declaredCurrency')} error={currencyError}>
                <Form.Select
                  {...form.register('declaredCurrency', { setValueAs: (v: unknown) => (v === '' ? null : v) })}
                  isInvalid={Boolean(currencyError)}
                  aria-invalid={Boolean(currencyError)}
                  aria-describedby={currencyError ? `${id}-currency-error` : undefined}
                >
                  <option value="">—</option>
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Form.Select>
              </FieldShell>
            </Col>
            <Col sm={8} md={5}>
              {isCurrency(currency) ? (
                <MoneyField form={form} name="declaredValue" label={t('fields.declaredValue')} currency={currency} max={DECLARED_VALUE_MAX} emptyValue={null} />
              ) : (
                // No currency chosen yet (or one the console no longer takes): the amount means nothing until there is one.
                <FieldShell id={`${id}-declared`} label={t('fields.declaredValue')} help={t('form.declaredHelp')}>
                  <InputGroup>
                    <Form.Control disabled className="text-end font-tabular" value={currency ? formatDeclared(form.getValues('declaredValue') as number | null, currency, lang) : ''} />
                    <InputGroup.Text>—</InputGroup.Text>
                  </InputGroup>
                </FieldShell>
              )}
            </Col>
          </Row>
        </FormSection>
        <Card className="form-section shadow-sm mb-3">
          <Card.Body>
            <div className="d-flex align-items-center gap-2 mb-3">
              <h2 className="h6 mb-0">{t('fields.photos')}</h2>
              <span className="small text-body-secondary">
                {photos.fields.length}/{PACKAGE_PHOTOS_MAX}
              </span>
              <Button
                size="sm"
                variant="outline-primary"
                className="ms-auto"
                disabled={photos.fields.length >= PACKAGE_PHOTOS_MAX}
                onClick={() => photos.append({ url: '', caption: '' }, { shouldFocus: true })}
              >
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                {t('photos.add')}
              </Button>
            </div>
            <ListError message={photosError} />
            {photos.fields.length === 0 && <p className="small text-body-secondary mb-0">{t('photos.none')}</p>}
            {photos.fields.map((f, i) => (
              <Row key={f.id} className="gx-2 align-items-start">
                <Col md={7}>
                  <TextField form={form} name={`photos.${i}.url`} label={t('photos.url', { n: i + 1 })} required type="url" autoComplete="off" maxLength={2000} />
                </Col>
                <Col xs={9} md={4}>
                  <TextField form={form} name={`photos.${i}.caption`} label={t('photos.caption')} autoComplete="off" maxLength={200} />
                </Col>
                <Col xs={3} md={1} className="pt-md-4 mt-md-2">
                  <Button size="sm" variant="outline-danger" className="mt-4 mt-md-0" onClick={() => photos.remove(i)} aria-label={t('photos.remove', { n: i + 1 })}>
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </Col>
              </Row>
            ))}
            <p className="small text-body-secondary mb-0">{t('photos.help')}</p>
          </Card.Body>
        </Card>
        <FormActions saving={rf.saving} dirty={dirty} disabled={!dirty} onCancel={() => navigate(`/tracking/${p.id}`)} saveLabel={t('form.saveChanges')} />
      </ResourceFormFrame>
    </>
  );
}
