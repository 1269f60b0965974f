import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReceiveBody, type Package, type ReceiveResponse } from '../../../shared/contracts/packages';
import { localizeLoaded } from '../../../shared/i18n/lazy';
import { errorMessage } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useCommand } from '../../components/use-command';
import { useStores } from '../../entities/store/api';
import { receivePackage } from './api';
import { defaultReceiveStore, focusNextStep, hubStores, originStores, rememberStore } from './receive-shared';
import { useAuth } from '../../lib/use-auth';
import { ChargeablePreview, ScaledInput } from './weight-inputs';
import './tracking.css';
import { packageApi } from '../../entities/package/api';
import { StoreOptions } from '../../entities/store/store-options';

type Measure = 'weightG' | 'lengthMm' | 'widthMm' | 'heightMm';
const MEASURES: Measure[] = ['weightG', 'lengthMm', 'widthMm', 'heightMm'];
type RowValues = Record<Measure, number | null>;
type RowResult = { ok: true; res: ReceiveResponse } | { ok: false; message: string };

/** Writes go one after another: a receiving desk's batch is small, and the server numbers packages in order. */
async function runInOrder<T>(tasks: (() => Promise<T>)[], onEach: (i: number, r: PromiseSettledResult<T>) => void) {
  for (let i = 0; i < tasks.length; i++) {
    try {
      onEach(i, { status: 'fulfilled', value: await tasks[i]!() });
    } catch (reason) {
      onEach(i, { status: 'rejected', reason });
    }
  }
}

/**
 * Receives several scanned packages at one warehouse: one row per package with its weight and L × W × H, the
 * chargeable weight computed live per row, then one request per package (each validated first by the same
 * contract the server uses). Rows that fail keep their values so they can be fixed and sent again.
 */
export function ReceiveBatchDialog({ show, packages, skipped = 0, onHide }: { show: boolean; packages: Package[]; skipped?: number; onHide(): void }) {
  const { t } = useTranslation(['tracking', 'common']);
  const stores = useStores();
  const cache = packageApi.useCache();
  const origins = useMemo(() => originStores(stores.data?.items), [stores.data]);
  const hubs = useMemo(() => hubStores(stores.data?.items), [stores.data]);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [destinationStoreId, setDestination] = useState<number | null>(null);
  const [values, setValues] = useState<Record<number, RowValues>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<Measure | 'row', string>>>>({});
  const [results, setResults] = useState<Record<number, RowResult>>({});
  // The batch is one action (one busy state); each package's own outcome is kept on its row.
  const batch = useCommand({
    run: async (bodies: Map<number, ReceiveBody>) => {
      const ids = [...bodies.keys()];
      let ok = 0;
      await runInOrder(
        ids.map((id) => () => receivePackage(bodies.get(id)!)),
        (i, r) => {
          const id = ids[i]!;
          if (r.status === 'fulfilled') {
            ok += 1;
            cache.saved(r.value.package);
          }
          setResults((all) => ({ ...all, [id]: r.status === 'fulfilled' ? { ok: true, res: r.value } : { ok: false, message: errorMessage(r.reason) } }));
        },
      );
      return { ok, failed: ids.length - ok };
    },
    onSuccess: ({ ok, failed }) => {
      cache.listsChanged();
      if (failed) toast.warning(t('receive.batchPartial', { ok, failed }));
      else toast.success(t('receive.batchDone', { count: ok }));
    },
  });
  const busy = batch.busy;
  const bodyRef = useRef<HTMLDivElement>(null);

  // The employee's own warehouse, then the one the parcels were expected at (defaultReceiveStore).
  const ownStoreId = useAuth().user?.store?.id ?? null;
  useEffect(() => {
    if (storeId === null && origins.length) setStoreId(defaultReceiveStore(origins, { ownStoreId, expectedStoreIds: packages.map((p) => p.storeId) }));
  }, [origins, storeId, ownStoreId, packages]);

  // Each time the dialog opens on a new set, start from what the packages already carry (an import may have
  // given a weight) and forget earlier results.
  const setKey = packages.map((p) => p.id).join(',');
  useEffect(() => {
    if (!show) return;
    setValues(Object.fromEntries(packages.map((p) => [p.id, { weightG: p.weightG, lengthMm: p.lengthMm, widthMm: p.widthMm, heightMm: p.heightMm }])));
    setErrors({});
    setResults({});
  }, [show, setKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the set of ids is what matters

  const pending = packages.filter((p) => !results[p.id]?.ok);
  const received = packages.filter((p) => results[p.id]?.ok);

  const setMeasure = (id: number, field: Measure, v: number | null | undefined) => {
    setValues((all) => ({ ...all, [id]: { ...all[id]!, [field]: v ?? null } }));
    setErrors((all) => (all[id]?.[field] ? { ...all, [id]: { ...all[id], [field]: undefined } } : all));
  };

  const submit = async () => {
    if (storeId === null) return;
    const bodies = new Map<number, ReceiveBody>();
    const found: Record<number, Partial<Record<Measure | 'row', string>>> = {};
    for (const p of pending) {
      const v = values[p.id];
      const parsed = ReceiveBody.safeParse({ storeId, trackingNumber: p.trackingNumber, ...v, ...(destinationStoreId ? { destinationStoreId } : {}) });
      if (parsed.success) bodies.set(p.id, parsed.data);
      else {
        const rowErrors: Partial<Record<Measure | 'row', string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          const key = MEASURES.includes(field as Measure) ? (field as Measure) : 'row';
          // A blank cell is "not entered yet" in words a person uses, not the contract's "must be an integer (g)".
          const blank = key !== 'row' && (v?.[key] === null || v?.[key] === undefined);
          rowErrors[key] ??= blank ? t('input.required') : Number.isNaN(v?.[key as Measure]) ? t('input.decimal', { count: key === 'weightG' ? 3 : 1 }) : localizeLoaded(issue.message, currentLanguage());
        }
        found[p.id] = rowErrors;
      }
    }
    setErrors(found);
    if (Object.keys(found).length) {
      const first = bodyRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
      first?.focus();
      return;
    }
    rememberStore(storeId);
    await batch.runAsync(bodies);
  };


  return (
    <Modal show={show} onHide={busy ? () => {} : onHide} size="xl" fullscreen="lg-down" backdrop={busy ? 'static' : true} aria-labelledby="batch-receive-title">
      <Modal.Header closeButton={!busy} closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id="batch-receive-title">
          <i className="bi bi-box-arrow-in-down me-2" aria-hidden="true" />
          {t('receive.batchTitle', { count: packages.length })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Row className="gx-3 mb-2">
          <Col md={6}>
            <Form.Group className="mb-3" controlId="batch-store">
              <Form.Label className="fw-medium">
                {t('receive.store')}
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              </Form.Label>
              <Form.Select value={storeId ?? ''} onChange={(e) => setStoreId(e.target.value ? Number(e.target.value) : null)} disabled={busy} required>
                {!origins.length && <option value="">{t('common:states.loading')}</option>}
                <StoreOptions stores={origins} />
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={6}>
            <Form.Group className="mb-3" controlId="batch-destination">
              <Form.Label className="fw-medium">{t('fields.destinationStore')}</Form.Label>
              <Form.Select value={destinationStoreId ?? ''} onChange={(e) => setDestination(e.target.value ? Number(e.target.value) : null)} disabled={busy}>
                <option value="">{t('receive.keepDestination')}</option>
                <StoreOptions stores={hubs} />
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        {skipped > 0 && (
          <Alert variant="info" className="small py-2">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            {t('receive.skipped', { count: skipped })}
          </Alert>
        )}
        <p className="small text-body-secondary">{t('receive.batchHint')}</p>
        <div ref={bodyRef} className="table-responsive" onKeyDown={(e) => focusNextStep(e, bodyRef.current)}>
          <Table size="sm" className="align-middle receive-grid mb-0">
            <thead>
              <tr>
                <th scope="col" className="receive-package">
                  {t('fields.package')}
                </th>
                <th scope="col">{t('fields.weightKg')}</th>
                <th scope="col">{t('fields.lengthCm')}</th>
                <th scope="col">{t('fields.widthCm')}</th>
                <th scope="col">{t('fields.heightCm')}</th>
                <th scope="col" className="text-end text-nowrap">
                  {t('receive.volumetricToChargeable')}
                </th>
                <th scope="col">{t('receive.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {packages.map((p) => {
                const v = values[p.id] ?? { weightG: null, lengthMm: null, widthMm: null, heightMm: null };
                const rowErr = errors[p.id] ?? {};
                const result = results[p.id];
                const done = result?.ok === true;
                return (
                  <tr key={p.id} className={done ? 'table-success' : result ? 'table-danger' : undefined} data-testid={`receive-row-${p.id}`}>
                    <th scope="row" className="fw-normal">
                      <div className="font-tabular fw-medium">{p.code}</div>
                      <div className="small text-body-secondary font-tabular receive-number">{p.trackingNumber}</div>
                      {p.customer && <div className="small text-body-secondary">{p.customer.code}</div>}
                    </th>
                    {MEASURES.map((m) => (
                      <td key={m} className="receive-cell">
                        <ScaledInput
                          id={`rcv-${p.id}-${m}`}
                          name={m}
                          size="sm"
                          value={v[m]}
                          onChange={(nv) => setMeasure(p.id, m, nv)}
                          onBlur={() => {}}
                          decimals={m === 'weightG' ? 3 : 1}
                          unit={m === 'weightG' ? t('units.kg') : t('units.cm')}
                          invalid={Boolean(rowErr[m])}
                          describedBy={rowErr[m] ? `rcv-${p.id}-${m}-error` : undefined}
                          disabled={busy || done}
                          scanStep
                          aria-label={t(`receive.cellLabel.${m}`, { code: p.code })}
                        />
                        {rowErr[m] && (
                          <div id={`rcv-${p.id}-${m}-error`} className="invalid-feedback d-block small">
                            {rowErr[m]}
                          </div>
                        )}
                      </td>
                    ))}
                    <td className="text-end">
                      <ChargeablePreview compact {...(done ? { weightG: result.res.package.weightG, lengthMm: result.res.package.lengthMm, widthMm: result.res.package.widthMm, heightMm: result.res.package.heightMm } : v)} />
                    </td>
                    <td className="small receive-result">
                      {busy && !result && <Spinner size="sm" aria-label={t('receive.pending')} />}
                      {result?.ok === true && (
                        <span className="text-success-emphasis">
                          <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
                          {t(`receive.outcomes.${result.res.outcome}`)}
                        </span>
                      )}
                      {result?.ok === false && (
                        <span className="text-danger-emphasis" role="alert">
                          <i className="bi bi-x-circle-fill me-1" aria-hidden="true" />
                          {result.message}
                        </span>
                      )}
                      {rowErr.row && <span className="text-danger-emphasis">{rowErr.row}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      </Modal.Body>
      <Modal.Footer>
        {received.length > 0 && (
          <Link to={`/tracking/labels?ids=${received.map((p) => p.id).join(',')}`} className="btn btn-outline-primary me-auto">
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {t('labels.printN', { count: received.length })}
          </Link>
        )}
        <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
          {pending.length ? t('common:actions.cancel') : t('common:actions.close')}
        </Button>
        {pending.length > 0 && (
          <Button variant="primary" onClick={() => void submit()} disabled={busy || storeId === null}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('receive.batchSubmit', { count: pending.length })}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
