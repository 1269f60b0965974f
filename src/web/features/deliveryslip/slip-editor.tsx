import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { etagOf } from '../../../shared/contracts/resource';
import { isFinalSlipStatus } from '../../../shared/domain/delivery-slip-lifecycle';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { changeSlipStatus, createSlip, patchSlip, useSlip, useSlipCache, type Versioned } from './api';
import { SlipStatusBadge } from './badges';
import { SlipForm } from './slip-form';
import { conflictsOf, createBodyOf, EMPTY_SLIP_FORM, patchBodyOf, valuesOfSlip, type SlipFormValues } from './slip-form-model';

/**
 * /deliveryslip/create-delivery-slip and /deliveryslip/edit-delivery-slip?id=…: the one slip form, saved as a draft
 * or finalised (draft → ready: the charges freeze and the packages go on the slip). An edit is saved against the
 * version it was opened on (If-Match): someone else's save in between is a 412 and the screen says so.
 */

type Finish = 'draft' | 'ready';

export function CreateDeliverySlipPage() {
  const { t } = useTranslation('deliveryslip');
  const navigate = useNavigate();
  const cache = useSlipCache();
  const [values, setValues] = useState<SlipFormValues>(EMPTY_SLIP_FORM);
  const [saving, setSaving] = useState<Finish | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (finish: Finish) => {
    const body = createBodyOf(values);
    if (!body) return;
    setSaving(finish);
    setError(null);
    try {
      let slip = await createSlip(body);
      if (finish === 'ready') slip = await changeSlipStatus(slip.id, etagOf(slip.version), { status: 'ready' });
      cache(slip);
      toast.success(t(finish === 'ready' ? 'form.finalised' : 'form.savedDraft', { code: slip.code }));
      navigate(`/deliveryslip/${slip.id}`);
    } catch (e) {
      setError(conflictsOf(e) ? t('form.conflictsOnSave') : errorMessage(e));
    } finally {
      setSaving(null);
    }
  };

  const ready = createBodyOf(values) !== null && values.receiverName.trim() !== '';
  return (
    <>
      <PageHeader title={t('form.createTitle')} />
      <SlipForm
        values={values}
        onChange={setValues}
        footer={<SaveButtons error={error} saving={saving} disabled={!ready} onSave={(f) => void save(f)} cancelTo="/deliveryslip" canFinalise />}
      />
    </>
  );
}

export function EditDeliverySlipPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useSlip(/^\d+$/.test(id) ? id : '0');
  const { t } = useTranslation('deliveryslip');
  if (!/^\d+$/.test(id)) return <Alert variant="warning">{t('form.noId')}</Alert>;
  if (query.isPending) return <Spinner aria-label={t('form.loading')} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  // Keyed by version: a reload after someone else's save starts the form again from their version.
  return <SlipEditor key={query.data.record.version} loaded={query.data} reload={() => void query.refetch()} />;
}

function SlipEditor({ loaded, reload }: { loaded: Versioned<DeliverySlip>; reload(): void }) {
  const { t } = useTranslation('deliveryslip');
  const navigate = useNavigate();
  const cache = useSlipCache();
  const slip = loaded.record;
  const [values, setValues] = useState<SlipFormValues>(() => valuesOfSlip(slip));
  const [saving, setSaving] = useState<Finish | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  if (isFinalSlipStatus(slip.status)) {
    return (
      <>
        <PageHeader title={t('form.editTitle', { code: slip.code })} />
        <Alert variant="warning" data-testid="slip-not-editable">
          {t('form.notEditable', { status: t(`statuses.${slip.status}`) })} <Link to={`/deliveryslip/${slip.id}`}>{t('form.openSlip')}</Link>
        </Alert>
      </>
    );
  }

  const save = async (finish: Finish) => {
    const body = patchBodyOf(values, slip.status);
    if (!body) return;
    setSaving(finish);
    setError(null);
    try {
      let saved = await patchSlip(slip.id, loaded.etag, body);
      if (finish === 'ready') saved = await changeSlipStatus(saved.id, etagOf(saved.version), { status: 'ready' });
      cache(saved);
      toast.success(t(finish === 'ready' ? 'form.finalised' : 'form.saved', { code: saved.code }));
      navigate(`/deliveryslip/${saved.id}`);
    } catch (e) {
      if (isApiRequestError(e) && e.status === 412) setStale(true);
      else setError(conflictsOf(e) ? t('form.conflictsOnSave') : errorMessage(e));
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <PageHeader
        title={
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            {t('form.editTitle', { code: slip.code })}
            <SlipStatusBadge status={slip.status} />
          </span>
        }
      />
      {stale && (
        <Alert variant="danger" data-testid="slip-stale" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('form.stale')}</span>
          <Button variant="outline-danger" size="sm" onClick={reload}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('form.reload')}
          </Button>
        </Alert>
      )}
      {slip.status !== 'draft' && <Alert variant="info" className="small">{t('form.frozenNote')}</Alert>}
      <SlipForm
        values={values}
        onChange={setValues}
        slip={slip}
        footer={
          <SaveButtons
            error={error}
            saving={saving}
            disabled={patchBodyOf(values, slip.status) === null || stale}
            onSave={(f) => void save(f)}
            cancelTo={`/deliveryslip/${slip.id}`}
            canFinalise={slip.status === 'draft'}
          />
        }
      />
    </>
  );
}

function SaveButtons({ error, saving, disabled, onSave, cancelTo, canFinalise }: { error: string | null; saving: Finish | null; disabled: boolean; onSave(f: Finish): void; cancelTo: string; canFinalise: boolean }) {
  const { t } = useTranslation('deliveryslip');
  return (
    <>
      {error && (
        <Alert variant="danger" className="small" data-testid="slip-save-error">
          {error}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Link to={cancelTo} className="btn btn-outline-secondary">
          {t('form.cancel')}
        </Link>
        <Button variant={canFinalise ? 'outline-primary' : 'primary'} disabled={disabled || saving !== null} onClick={() => onSave('draft')} data-testid="slip-save-draft">
          {saving === 'draft' && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {canFinalise ? t('form.saveDraft') : t('form.save')}
        </Button>
        {canFinalise && (
          <Button variant="primary" disabled={disabled || saving !== null} onClick={() => onSave('ready')} data-testid="slip-finalise">
            {saving === 'ready' && <Spinner size="sm" className="me-1" aria-hidden="true" />}
            {t('form.finalise')}
          </Button>
        )}
      </div>
    </>
  );
}
