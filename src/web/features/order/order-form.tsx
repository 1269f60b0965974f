import { useId, useMemo, useRef } from 'react';
import { Alert, Button, ButtonGroup, Card, Col, Form, Row, ToggleButton } from 'react-bootstrap';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  CURRENCIES,
  ORDER_ITEMS_MAX,
  ORDER_KINDS,
  ORDER_MONEY_MAX,
  ORDER_QUANTITY_MAX,
  OrderCreate,
  SERVICE_FEE_MODES,
  type Currency,
  type Order,
  type OrderKind,
  type OrderPatchInput,
  type ServiceFeeMode,
} from '../../../shared/contracts/orders';
import { orderTotals, VND_RATE_X100, type OrderTotals } from '../../../shared/domain/money';
import { parseRateWire } from '../../../shared/domain/money-input';
import { canEditOrderFees, canEditOrderItems } from '../../../shared/domain/order-lifecycle';
import { FieldShell, ListError, MoneyField, SelectField, shownFieldError, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { useResourceForm } from '../../components/form/use-resource-form';
import { CustomerPicker } from '../../entities/customer/customer-picker';
import { foreignSubtotal } from '../../lib/money';
import { AmountInput, useForeignFormat } from '../../components/form/money-inputs';
import '../../entities/transaction/wallet.css';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatRate, formatVnd } from '../../lib/format';
import { useExchangeRates } from './api';
import { useOrderEditableFields } from './order-fields';
import { type Versioned } from '../../components/resource-api';
import { orderApi } from '../../entities/order/api';
import { ResourceEditPage, useFormBase } from '../../components/resource-pages';
import { FormSection } from '../../components/form/form-section';

export interface ItemValues {
  name: string;
  url: string;
  option: string;
  quantity: number;
  /** Minor units of the order's currency; NaN while the price is empty. */
  unitPriceMinor: number;
}

export interface OrderFormValues {
  /** 0 until a customer is chosen. */
  customerId: number;
  kind: OrderKind;
  currency: Currency;
  items: ItemValues[];
  serviceFeeMode: ServiceFeeMode;
  serviceFeeBps: number;
  serviceFeeFixed: number;
  domesticFee: number;
  deposit: number;
  note: string;
}

type FormApi = UseFormReturn<OrderFormValues, unknown, OrderCreate>;

const PATCHABLE = ['currency', 'items', 'serviceFeeMode', 'serviceFeeBps', 'serviceFeeFixed', 'domesticFee', 'deposit', 'note'] as const;

const blankItem = (): ItemValues => ({ name: '', url: '', option: '', quantity: 1, unitPriceMinor: Number.NaN });

function emptyValues(customerId = 0): OrderFormValues {
  return {
    customerId,
    kind: 'purchase',
    currency: 'USD',
    items: [blankItem()],
    serviceFeeMode: 'percent',
    serviceFeeBps: 0,
    serviceFeeFixed: 0,
    domesticFee: 0,
    deposit: 0,
    note: '',
  };
}

/** The form's values of a saved order (the computed figures stay on the server's side). */
export function orderToValues(o: Order): OrderFormValues {
  return {
    customerId: o.customerId,
    kind: o.kind,
    currency: o.currency,
    items: o.items.map((i) => ({ name: i.name, url: i.url ?? '', option: i.option, quantity: i.quantity, unitPriceMinor: i.unitPriceMinor })),
    serviceFeeMode: o.serviceFeeMode,
    serviceFeeBps: o.serviceFeeBps,
    serviceFeeFixed: o.serviceFeeFixed,
    domesticFee: o.domesticFee,
    deposit: o.deposit,
    note: o.note,
  };
}

/**
 * The shared contract validates the form. Only an empty price gets words of its own here ("enter a price" rather
 * than the contract's "must be an integer of minor units", which is what an empty input reads as); every other
 * problem is the contract's, reported all at once.
 */
function useFormSchema() {
  const { t } = useTranslation('order');
  return useMemo(
    () =>
      z.custom<OrderFormValues>().transform((v, ctx) => {
        const blankPrices = new Set<number>();
        v.items.forEach((item, i) => {
          if (!Number.isFinite(item.unitPriceMinor)) {
            blankPrices.add(i);
            ctx.addIssue({ code: 'custom', path: ['items', i, 'unitPriceMinor'], message: t('form.priceRequired') });
          }
        });
        const parsed = OrderCreate.safeParse(v);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const [top, index, field] = issue.path;
            if (top === 'items' && field === 'unitPriceMinor' && blankPrices.has(Number(index))) continue;
            ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
          }
          return z.NEVER;
        }
        return parsed.data;
      }),
    [t],
  );
}

/** /order/create (from the list; `?customerId=` when started from a customer's page). */
export function OrderCreatePage() {
  const [search] = useSearchParams();
  const customerId = Number(search.get('customerId'));
  return <OrderForm initialCustomerId={Number.isSafeInteger(customerId) && customerId > 0 ? customerId : 0} />;
}

/** /order/edit/:id */
export function OrderEditPage() {
  return <ResourceEditPage client={orderApi}>{(data) => <OrderForm loaded={data} />}</ResourceEditPage>;
}

function OrderForm({ loaded, initialCustomerId = 0 }: { loaded?: Versioned<Order>; initialCustomerId?: number }) {
  const { t } = useTranslation(['order', 'resource', 'common']);
  const navigate = useNavigate();
  const cache = orderApi.useCache();
  const schema = useFormSchema();
  const { base, rebase, editing } = useFormBase(loaded);
  const conflictFields = useOrderEditableFields(base?.record.currency);

  const rf = useResourceForm({
    schema,
    defaultValues: loaded ? orderToValues(loaded.record) : emptyValues(initialCustomerId),
    save: async (values, ctx) => {
      let saved: Order;
      if (base) {
        const patch: Record<string, unknown> = {};
        for (const key of PATCHABLE) if (ctx.isDirty(key)) patch[key] = values[key];
        saved = await orderApi.patch(base.record.id, base.etag, patch as OrderPatchInput);
      } else {
        saved = await orderApi.create(values);
      }
      cache.saved(saved);
      return saved;
    },
    texts: {
      pending: t('form.saving'),
      success: (o) => (editing ? t('form.updated', { code: o.code }) : t('form.created', { code: o.code })),
    },
    onSaved: (o) => navigate(`/order/${o.id}`),
    toValues: (o: Order) => orderToValues(o),
    onRebase: rebase,
  });
  const form = rf.form as unknown as FormApi;
  const status = base?.record.status;
  const itemsLocked = status !== undefined && !canEditOrderItems(status);
  const feesLocked = status !== undefined && !canEditOrderFees(status);
  const kind = form.watch('kind');
  const dirty = form.formState.isDirty;
  const cancelTo = base ? `/order/${base.record.id}` : '/order';
  const preview = usePreview(form, base?.record);

  return (
    <>
      <PageHeader title={base ? t('form.editTitle', { code: base.record.code, name: base.record.customerName }) : t('screens.create')} />
      <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={base?.record} aria-label={base ? t('form.editLabel') : t('form.createLabel')}>
        {status && itemsLocked && (
          <Alert variant="info" className="small">
            <i className="bi bi-lock me-1" aria-hidden="true" />
            {feesLocked ? t('form.lockedFees') : t('form.lockedItems', { status: t(`statuses.${status}`) })}
          </Alert>
        )}
        <Row className="g-3">
          <Col lg={8}>
            <GeneralCard form={form} editing={editing} itemsLocked={itemsLocked} />
            <ItemsCard form={form} locked={itemsLocked} lines={preview.totals?.lines} declared={kind === 'consignment'} />
            <FeesCard form={form} feesLocked={feesLocked} />
          </Col>
          <Col lg={4}>
            <div className="order-preview-sticky">
              <PreviewCard form={form} preview={preview} />
            </div>
          </Col>
        </Row>
        <div className="mt-3">
          <RecordFormActions saving={rf.saving} dirty={dirty} editing={editing} cancelTo={cancelTo} createLabel={t('form.create')} saveChangesLabel={t('form.saveChanges')} />
        </div>
      </ResourceFormFrame>
    </>
  );
}

function GeneralCard({ form, editing, itemsLocked }: { form: FormApi; editing: boolean; itemsLocked: boolean }) {
  const { t } = useTranslation('order');
  const id = useId();
  const kind = form.watch('kind');
  // Items typed before switching to consignment come back when switching back.
  const stash = useRef<ItemValues[] | null>(null);
  const setKind = (next: OrderKind) => {
    if (next === kind) return;
    if (next === 'consignment') {
      stash.current = form.getValues('items');
      form.setValue('items', [], { shouldDirty: true });
      form.clearErrors('items');
    } else {
      form.setValue('items', stash.current?.length ? stash.current : [blankItem()], { shouldDirty: true });
    }
    form.setValue('kind', next, { shouldDirty: true });
  };
  return (
    <FormSection title={t('form.general')}>
      <Row className="gx-3">
        <Col md={7}>
          <Controller
            control={form.control}
            name="customerId"
            render={({ field, fieldState }) => (
              <CustomerPicker
                className="mb-3"
                label={t('fields.customer')}
                required
                disabled={editing}
                value={field.value > 0 ? field.value : null}
                onChange={(c) => field.onChange(c?.id ?? 0)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Col>
        <Col md={5}>
          <SelectField
            form={form}
            name="currency"
            label={t('fields.currency')}
            disabled={itemsLocked}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </Col>
        <Col xs={12}>
          <fieldset className="mb-2">
            <legend className="form-label fw-medium fs-6 mb-2">{t('fields.kind')}</legend>
            <ButtonGroup role="radiogroup" aria-label={t('fields.kind')}>
              {ORDER_KINDS.map((k) => (
                <ToggleButton
                  key={k}
                  id={`${id}-kind-${k}`}
                  type="radio"
                  name={`${id}-kind`}
                  value={k}
                  variant={kind === k ? 'primary' : 'outline-primary'}
                  checked={kind === k}
                  disabled={editing}
                  onChange={() => setKind(k)}
                >
                  <i className={`bi ${k === 'purchase' ? 'bi-cart3' : 'bi-box2'} me-1`} aria-hidden="true" />
                  {t(`kinds.${k}`)}
                </ToggleButton>
              ))}
            </ButtonGroup>
            <Form.Text className="d-block">{editing ? t('form.kindFixed') : t(`kindHelp.${kind}`)}</Form.Text>
          </fieldset>
        </Col>
      </Row>
    </FormSection>
  );
}

/**
 * The order's goods in its currency: for a purchase, what we buy (at least one line); for a consignment, what the
 * customer declares their own goods to be (optional): the declared value the currency is for, not billed.
 */
function ItemsCard({ form, locked, lines, declared }: { form: FormApi; locked: boolean; lines?: number[]; declared: boolean }) {
  const { t } = useTranslation('order');
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const currency = form.watch('currency');
  const listError = form.getFieldState('items', form.formState).error;
  const rootMessage = listError?.message ?? (listError as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <Card className="form-section shadow-sm">
      <Card.Body>
        <section aria-labelledby={`${id}-title`}>
          <div className="d-flex align-items-center gap-2 mb-3">
            <h2 id={`${id}-title`} className="h6 mb-0">
              {declared ? t('form.declaredTitle') : t('form.itemsTitle')}
            </h2>
            <span className="small text-body-secondary">{t('form.itemsCount', { count: fields.length, max: ORDER_ITEMS_MAX })}</span>
            {!locked && (
              <Button
                size="sm"
                variant="outline-primary"
                className="ms-auto"
                disabled={fields.length >= ORDER_ITEMS_MAX}
                onClick={() => append(blankItem(), { shouldFocus: true, focusName: `items.${fields.length}.name` })}
              >
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                {t('form.addItem')}
              </Button>
            )}
          </div>
          <ListError message={rootMessage} />
          {fields.length === 0 && <p className="text-body-secondary small mb-0">{declared ? t('form.noDeclared') : t('form.noItems')}</p>}
          {fields.map((field, index) => (
            <ItemEditor key={field.id} form={form} index={index} currency={currency} locked={locked} line={lines?.[index]} onRemove={() => remove(index)} />
          ))}
        </section>
      </Card.Body>
    </Card>
  );
}

function ItemEditor({ form, index, currency, locked, line, onRemove }: { form: FormApi; index: number; currency: Currency; locked: boolean; line?: number; onRemove(): void }) {
  const { t } = useTranslation('order');
  const id = useId();
  // A line just added is checked with its list at once; its errors show once a field is left or the form is sent.
  const qtyError = shownFieldError(form, `items.${index}.quantity`);
  const priceError = shownFieldError(form, `items.${index}.unitPriceMinor`);
  return (
    <fieldset className="order-item border rounded p-3 mb-3" data-testid="order-item">
      <legend className="visually-hidden">{t('item.legend', { n: index + 1 })}</legend>
      <div className="d-flex align-items-center mb-2">
        <strong className="small">{t('item.legend', { n: index + 1 })}</strong>
        {!locked && (
          <Button size="sm" variant="outline-danger" className="ms-auto" onClick={onRemove} aria-label={t('form.removeItem', { n: index + 1 })}>
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        )}
      </div>
      <Row className="g-2">
        <Col md={6}>
          <TextField form={form} name={`items.${index}.name`} label={t('item.name')} required maxLength={300} autoComplete="off" disabled={locked} className="mb-2" />
        </Col>
        <Col md={6}>
          <TextField form={form} name={`items.${index}.url`} label={t('item.url')} type="url" maxLength={2000} autoComplete="off" placeholder="https://" disabled={locked} className="mb-2" />
        </Col>
        <Col md={4}>
          <TextField form={form} name={`items.${index}.option`} label={t('item.option')} maxLength={200} autoComplete="off" disabled={locked} className="mb-2" />
        </Col>
        <Col xs={4} md={2}>
          <FieldShell id={`${id}-qty`} label={t('item.quantityLong')} required error={qtyError} className="mb-2">
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              max={ORDER_QUANTITY_MAX}
              step={1}
              className="text-end"
              disabled={locked}
              isInvalid={Boolean(qtyError)}
              aria-invalid={Boolean(qtyError)}
              aria-describedby={qtyError ? `${id}-qty-error` : undefined}
              {...form.register(`items.${index}.quantity`, { valueAsNumber: true })}
            />
          </FieldShell>
        </Col>
        <Col xs={8} md={3}>
          <Controller
            control={form.control}
            name={`items.${index}.unitPriceMinor`}
            render={({ field }) => (
              <FieldShell id={`${id}-price`} label={t('item.unitPrice', { currency })} required className="mb-2">
                <AmountInput
                  id={`${id}-price`}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  currency={currency}
                  error={priceError}
                  disabled={locked}
                />
              </FieldShell>
            )}
          />
        </Col>
        <Col md={3}>
          <LineAmount index={index} value={line} />
        </Col>
      </Row>
    </fieldset>
  );
}

/** The line in đồng as the server will compute it (quantity × price × rate, rounded once). */
function LineAmount({ index, value }: { index: number; value?: number }) {
  const { t } = useTranslation('order');
  return (
    <div className="mb-2">
      <div className="form-label fw-medium mb-2">{t('item.amount')}</div>
      <div className="form-control-plaintext text-end font-tabular fw-medium py-2" data-testid={`line-amount-${index}`} aria-live="polite">
        {value === undefined ? '—' : formatVnd(value)}
      </div>
    </div>
  );
}

function FeesCard({ form, feesLocked }: { form: FormApi; feesLocked: boolean }) {
  const { t } = useTranslation('order');
  const id = useId();
  const mode = form.watch('serviceFeeMode');
  return (
    <FormSection title={t('form.fees')}>
      <Row className="gx-3">
        <Col sm={6}>
          <SelectField
            form={form}
            name="serviceFeeMode"
            label={t('fields.serviceFeeMode')}
            disabled={feesLocked}
            options={SERVICE_FEE_MODES.map((m) => ({ value: m, label: t(`feeModes.${m}`) }))}
          />
        </Col>
        <Col sm={6}>
          {mode === 'percent' ? (
            <Controller
              control={form.control}
              name="serviceFeeBps"
              render={({ field, fieldState }) => (
                <FieldShell id={`${id}-bps`} label={t('fields.serviceFeePercent')}>
                  <AmountInput
                    id={`${id}-bps`}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    percent
                    emptyValue={0}
                    error={fieldState.error?.message}
                    help={t('form.percentHelp')}
                    disabled={feesLocked}
                  />
                </FieldShell>
              )}
            />
          ) : (
            <MoneyField form={form} name="serviceFeeFixed" label={t('fields.serviceFeeFixed')} max={ORDER_MONEY_MAX} disabled={feesLocked} />
          )}
        </Col>
        <Col sm={6}>
          <MoneyField form={form} name="domesticFee" label={t('fields.domesticFee')} max={ORDER_MONEY_MAX} disabled={feesLocked} />
        </Col>
        <Col sm={6}>
          <MoneyField form={form} name="deposit" label={t('fields.deposit')} max={ORDER_MONEY_MAX} disabled={feesLocked} help={t('form.depositHelp')} />
        </Col>
        <Col xs={12}>
          <TextareaField form={form} name="note" label={t('fields.note')} rows={3} maxLength={2000} />
        </Col>
      </Row>
    </FormSection>
  );
}

interface PreviewState {
  rateX100: number | null;
  rateSource: 'vnd' | 'kept' | 'today' | 'missing' | 'loading';
  rateDate: string | null;
  totals: OrderTotals | null;
}

const safeInt = (v: number) => (Number.isSafeInteger(v) && v >= 0 ? v : 0);

/**
 * The live totals, with the very function the server stores them with (shared/domain/money.ts). The rate is the
 * order's locked one while its currency is unchanged, else today's from settings, as the server will take it.
 */
function usePreview(form: FormApi, loaded?: Order): PreviewState {
  const rates = useExchangeRates();
  const [kind, currency, items, serviceFeeMode, serviceFeeBps, serviceFeeFixed, domesticFee, deposit] = form.watch([
    'kind',
    'currency',
    'items',
    'serviceFeeMode',
    'serviceFeeBps',
    'serviceFeeFixed',
    'domesticFee',
    'deposit',
  ]);
  let rateX100: number | null = null;
  let rateSource: PreviewState['rateSource'];
  let rateDate: string | null = null;
  if (currency === 'VND') {
    rateX100 = VND_RATE_X100;
    rateSource = 'vnd';
  } else if (loaded && loaded.currency === currency) {
    rateX100 = parseRateWire(loaded.exchangeRate);
    rateSource = 'kept';
    rateDate = loaded.rateDate;
  } else if (rates.isPending) {
    rateSource = 'loading';
  } else {
    const r = rates.data?.rates.find((x) => x.currency === currency);
    rateX100 = r ? parseRateWire(r.rate) : null;
    rateSource = rateX100 === null ? 'missing' : 'today';
    rateDate = r?.effectiveFrom ?? null;
  }
  let totals: OrderTotals | null = null;
  if (rateX100 !== null) {
    try {
      totals = orderTotals({
        kind,
        currency,
        rateX100,
        items: (items ?? []).map((i) => ({ quantity: safeInt(i.quantity), unitPriceMinor: safeInt(i.unitPriceMinor) })),
        serviceFeeMode,
        serviceFeeBps: safeInt(serviceFeeBps),
        serviceFeeFixed: safeInt(serviceFeeFixed),
        domesticFee: safeInt(domesticFee),
        deposit: safeInt(deposit),
      });
    } catch {
      totals = null;
    }
  }
  return { rateX100, rateSource, rateDate, totals };
}

function PreviewCard({ form, preview: p }: { form: FormApi; preview: PreviewState }) {
  const { t } = useTranslation('order');
  const ff = useForeignFormat();
  const [kind, currency, items, mode, bps] = form.watch(['kind', 'currency', 'items', 'serviceFeeMode', 'serviceFeeBps']);
  const foreign = foreignSubtotal((items ?? []).map((i) => ({ quantity: safeInt(i.quantity), unitPriceMinor: safeInt(i.unitPriceMinor) })));
  const tot = p.totals;
  const row = (label: string, value: number | undefined, testId: string, extra?: string, strong = false) => (
    <>
      <dt className={strong ? 'order-totals-strong' : undefined}>
        {label}
        {extra && <div className="small text-body-tertiary fw-normal">{extra}</div>}
      </dt>
      <dd className={strong ? 'order-totals-strong' : undefined} data-testid={testId}>
        {value === undefined ? '—' : formatVnd(value)}
      </dd>
    </>
  );
  return (
    <Card className="shadow-sm" as="aside" aria-labelledby="order-preview-title">
      <Card.Body>
        <h2 id="order-preview-title" className="h6 mb-3">
          <i className="bi bi-calculator me-1" aria-hidden="true" />
          {t('form.preview')}
        </h2>
        <p className="small mb-3" data-testid="preview-rate">
          {p.rateSource === 'loading' && t('form.rateLoading')}
          {p.rateSource === 'missing' && <span className="text-danger-emphasis">{t('form.noRate', { currency })}</span>}
          {(p.rateSource === 'kept' || p.rateSource === 'today') && p.rateX100 !== null && (
            <>
              <span className="text-body-secondary">{p.rateSource === 'kept' ? t('form.rateKept') : t('form.rateNow')}: </span>
              <span className="font-tabular fw-medium">{t('totals.rate', { currency, rate: formatRate(p.rateX100) })}</span>
              {p.rateDate && <span className="text-body-secondary"> ({t('totals.rateDate', { date: formatDate(p.rateDate) })})</span>}
            </>
          )}
        </p>
        <dl className="order-totals" aria-live="polite">
          {row(
            kind === 'purchase' ? t('fields.itemsSubtotal') : t('fields.declaredValue'),
            tot?.itemsSubtotal,
            'preview-subtotal',
            foreign !== null && currency !== 'VND' ? t('totals.foreign', { currency, amount: ff.foreign(foreign, currency) }) : undefined,
          )}
          {row(t('fields.serviceFee'), tot?.serviceFee, 'preview-service-fee', mode === 'percent' ? t('totals.serviceFeePercent', { percent: ff.percent(safeInt(bps)) }) : undefined)}
          {row(t('fields.domesticFee'), tot?.domesticFee, 'preview-domestic-fee')}
          {row(t('fields.total'), tot?.total, 'preview-total', undefined, true)}
          {row(t('fields.deposit'), tot?.deposit, 'preview-deposit')}
          {row(t('fields.remaining'), tot?.remaining, 'preview-remaining')}
        </dl>
        {tot && tot.remaining < 0 && (
          <p className="small text-danger-emphasis mt-2 mb-0" role="alert">
            {t('form.negativeRemaining')}
          </p>
        )}
        <p className="small text-body-secondary mt-3 mb-0">{t('form.previewNote')}</p>
      </Card.Body>
    </Card>
  );
}
