import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Col, Form, Modal, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ReceiveBody, type ReceiveResponse } from '../../../shared/contracts/packages';
import { FieldShell, SelectField } from '../../components/form/fields';
import { ResourceFormFrame } from '../../components/form/resource-form';
import { useResourceForm } from '../../components/form/use-resource-form';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { useScanTiming } from '../../components/scan-box';
import { useFormat } from '../../lib/use-format';
import { useStores } from '../../entities/store/api';
import { receivePackage } from './api';
import { PackageStatusBadge } from './package-fields';
import { defaultReceiveStore, focusNextStep, hubStores, nextInSeries, originStores, rememberStore } from './receive-shared';
import { useAuth } from '../../lib/use-auth';
import { ChargeablePreview, ScaledNumberField } from './weight-inputs';
import './tracking.css';
import { TableScroll } from '../../components/table-scroll';
import { packageApi } from '../../entities/package/api';
import { ReceiveOrderField, useOrderProposal } from './receive-order';

type Values = z.input<typeof ReceiveBody>;

const OUTCOME_TONES: Record<ReceiveResponse['outcome'], Tone> = { received: 'success', created: 'info', unidentified: 'warning' };

function emptyValues(storeId: number | undefined, trackingNumber = ''): Values {
  return {
    storeId: storeId as number,
    trackingNumber,
    weightG: undefined as unknown as number,
    lengthMm: undefined as unknown as number,
    widthMm: undefined as unknown as number,
    heightMm: undefined as unknown as number,
    customerCode: undefined,
    destinationStoreId: null,
    note: '',
    orderId: undefined,
  };
}

interface ReceiveFormProps {
  /** A scanned number to start with (an unknown number from the search). */
  initialNumber?: string;
  onReceived?(res: ReceiveResponse): void;
}

/**
 * Receiving one parcel at a foreign warehouse, scanner first: scan the number, weigh, measure; Enter moves from
 * one field to the next and the last one saves. Volumetric and chargeable weight show live while typing. An
 * expected parcel is received; an unknown number becomes a new package (unidentified without a customer code).
 */
export function ReceiveForm({ initialNumber = '', onReceived }: ReceiveFormProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const fmt = useFormat();
  const stores = useStores();
  const cache = packageApi.useCache();
  const origins = useMemo(() => originStores(stores.data?.items), [stores.data]);
  const hubs = useMemo(() => hubStores(stores.data?.items), [stores.data]);
  const rootRef = useRef<HTMLDivElement>(null);
  const numberRef = useRef<HTMLInputElement | null>(null);
  const id = useId();

  const rf = useResourceForm({
    schema: ReceiveBody,
    defaultValues: emptyValues(undefined, initialNumber),
    stay: true,
    save: async (values) => {
      const res = await receivePackage(values);
      cache.saved(res.package);
      return res;
    },
    texts: {
      pending: t('receive.pending'),
      success: (r) =>
        t(`receive.done.${r.outcome}`, { code: r.package.code, number: r.package.trackingNumber, kg: fmt.kg(r.package.chargeableG) }),
    },
    onSaved: (res) => {
      onReceived?.(res);
      rememberStore(res.package.storeId);
      const next = nextInSeries(rf.form.getValues());
      // Focus first: leaving the last field validates it (a blur), and the reset after that clears its verdict.
      numberRef.current?.focus();
      numberTyped.current = '';
      setTimeout(() => rf.form.reset(next), 0);
    },
  });
  const form = rf.form;

  // The store list arrives after the first render: start at the employee's own warehouse (defaultReceiveStore).
  const ownStoreId = useAuth().user?.store?.id ?? null;
  const storeId = form.watch('storeId');
  useEffect(() => {
    if (storeId == null && origins.length) form.setValue('storeId', defaultReceiveStore(origins, { ownStoreId }) as number);
  }, [origins, storeId, form, ownStoreId]);
  // Until the stores are loaded and the warehouse chosen, nothing is saved: a parcel received before that would go
  // to whichever warehouse the list happened to show first.
  const storeReady = origins.length > 0 && storeId != null;

  const [weightG, lengthMm, widthMm, heightMm] = form.watch(['weightG', 'lengthMm', 'widthMm', 'heightMm']);
  const numberState = form.getFieldState('trackingNumber', form.formState);
  const codeState = form.getFieldState('customerCode', form.formState);
  const numberReg = form.register('trackingNumber');
  // The scan box's timing rule: a gun that sends no Enter moves on to the weight once its burst has ended.
  const numberTyped = useRef('');
  const numberTiming = useScanTiming(() => {
    if (document.activeElement === numberRef.current) focusNextStep({ key: 'Enter', target: numberRef.current!, preventDefault() {} }, rootRef.current);
  });
  const cm = t('units.cm');
  const [typedNumber, typedCode, orderId] = form.watch(['trackingNumber', 'customerCode', 'orderId']);
  const orderProposal = useOrderProposal(typedNumber, typedCode);
  const setOrderId = useCallback((v: number | null) => form.setValue('orderId', v ?? undefined), [form]);

  return (
    <ResourceFormFrame rf={rf} aria-label={t('receive.formLabel')}>
      <div
        ref={rootRef}
        onKeyDown={(e) => {
          if (!focusNextStep(e, rootRef.current) && e.key === 'Enter' && !storeReady && e.target instanceof HTMLInputElement) e.preventDefault();
        }}
      >
        <Row className="gx-3">
          <Col md={6}>
            <SelectField
              form={form}
              name="storeId"
              numeric
              required
              label={t('receive.store')}
              options={origins.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))}
              emptyLabel={origins.length ? undefined : t('common:states.loading')}
              disabled={!origins.length}
            />
          </Col>
          <Col md={6}>
            <SelectField
              form={form}
              name="destinationStoreId"
              numeric
              label={t('fields.destinationStore')}
              emptyLabel={t('receive.keepDestination')}
              options={hubs.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))}
            />
          </Col>
          <Col xs={12}>
            <FieldShell id={`${id}-number`} label={t('fields.trackingNumber')} required error={numberState.error?.message} help={t('receive.numberHelp')}>
              <Form.Control
                {...numberReg}
                ref={(el: HTMLInputElement | null) => {
                  numberReg.ref(el);
                  numberRef.current = el;
                }}
                onChange={(e) => {
                  numberTiming.changed(numberTyped.current, e.target.value);
                  numberTyped.current = e.target.value;
                  void numberReg.onChange(e);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') numberTiming.reset();
                }}
                onBlur={(e) => {
                  numberTiming.reset();
                  void numberReg.onBlur(e);
                }}
                size="lg"
                className="font-monospace"
                autoComplete="off"
                spellCheck={false}
                autoFocus
                data-scan-step
                isInvalid={Boolean(numberState.error)}
                aria-invalid={Boolean(numberState.error)}
                aria-required
                aria-describedby={numberState.error ? `${id}-number-error` : `${id}-number-help`}
              />
            </FieldShell>
          </Col>
          <Col xs={6} md={3}>
            <ScaledNumberField form={form} name="weightG" label={t('fields.weight')} decimals={3} unit={t('units.kg')} required scanStep />
          </Col>
          <Col xs={6} md={3}>
            <ScaledNumberField form={form} name="lengthMm" label={t('fields.length')} decimals={1} unit={cm} scanStep />
          </Col>
          <Col xs={6} md={3}>
            <ScaledNumberField form={form} name="widthMm" label={t('fields.width')} decimals={1} unit={cm} scanStep />
          </Col>
          <Col xs={6} md={3}>
            <ScaledNumberField form={form} name="heightMm" label={t('fields.height')} decimals={1} unit={cm} scanStep />
          </Col>
          <Col xs={12} className="mb-3">
            <ChargeablePreview weightG={weightG} lengthMm={lengthMm} widthMm={widthMm} heightMm={heightMm} />
          </Col>
          <Col md={6}>
            <FieldShell id={`${id}-customer`} label={t('fields.customerCode')} error={codeState.error?.message} help={t('receive.customerHelp')}>
              <Form.Control
                {...form.register('customerCode', { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined) })}
                className="font-monospace text-uppercase"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                isInvalid={Boolean(codeState.error)}
                aria-invalid={Boolean(codeState.error)}
                aria-describedby={codeState.error ? `${id}-customer-error` : `${id}-customer-help`}
              />
            </FieldShell>
          </Col>
          <Col md={6}>
            <FieldShell id={`${id}-note`} label={t('fields.note')}>
              <Form.Control {...form.register('note')} autoComplete="off" maxLength={1000} />
            </FieldShell>
          </Col>
          <Col xs={12}>
            <ReceiveOrderField proposal={orderProposal} value={orderId} onChange={setOrderId} />
          </Col>
        </Row>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" variant="primary" disabled={rf.saving || !storeReady} aria-busy={!storeReady || undefined}>
            <i className="bi bi-box-arrow-in-down me-1" aria-hidden="true" />
            {t('receive.submit')}
          </Button>
          <span className="small text-body-secondary">{t('receive.enterHint')}</span>
        </div>
      </div>
    </ResourceFormFrame>
  );
}

/** The parcels received in this dialog, newest first, with a way to print their labels. */
function ReceivedList({ items }: { items: ReceiveResponse[] }) {
  const { t } = useTranslation('tracking');
  const fmt = useFormat();
  if (!items.length) return null;
  return (
    <section className="mt-4" aria-labelledby="received-title">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id="received-title" className="h6 mb-0">
          {t('receive.session', { count: items.length })}
        </h3>
        <Link to={`/tracking/labels?ids=${items.map((r) => r.package.id).join(',')}`} className="btn btn-sm btn-outline-primary ms-auto">
          <i className="bi bi-printer me-1" aria-hidden="true" />
          {t('labels.printN', { count: items.length })}
        </Link>
      </div>
      <TableScroll>
        <Table size="sm" className="small align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('fields.code')}</th>
              <th scope="col">{t('fields.trackingNumber')}</th>
              <th scope="col">{t('receive.outcome')}</th>
              <th scope="col" className="text-end">
                {t('fields.chargeable')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.event.id}>
                <td>
                  <Link to={`/tracking/${r.package.id}`} className="font-tabular fw-medium">
                    {r.package.code}
                  </Link>
                </td>
                <td className="font-tabular">{r.package.trackingNumber}</td>
                <td>
                  <StatusBadge tone={OUTCOME_TONES[r.outcome]}>{t(`receive.outcomes.${r.outcome}`)}</StatusBadge>{' '}
                  <PackageStatusBadge status={r.package.status} />
                </td>
                <td className="text-end font-tabular">{fmt.kg(r.package.chargeableG)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </section>
  );
}

/** The quick receive desk in a dialog: one parcel after another until closed. */
export function QuickReceiveDialog({ show, initialNumber, onHide }: { show: boolean; initialNumber?: string; onHide(): void }) {
  const { t } = useTranslation(['tracking', 'common']);
  const [received, setReceived] = useState<ReceiveResponse[]>([]);
  return (
    <Modal show={show} onHide={onHide} size="lg" fullscreen="md-down" aria-labelledby="quick-receive-title" onExited={() => setReceived([])}>
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id="quick-receive-title">
          <i className="bi bi-upc-scan me-2" aria-hidden="true" />
          {t('receive.quickTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ReceiveForm initialNumber={initialNumber} onReceived={(r) => setReceived((list) => [r, ...list])} />
        <ReceivedList items={received} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('common:actions.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
