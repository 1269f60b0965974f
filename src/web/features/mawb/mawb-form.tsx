import { useMemo, useState } from 'react';
import { Alert, Card, Col, Row } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MAWB_AWB_TAKEN_CODE, MAWB_NOTE_MAX, type AwbTakenDetails, type Mawb } from '../../../shared/contracts/mawbs';
import { isApiRequestError } from '../../lib/api-client';
import { MAWB_FINAL_STATUSES, MAWB_ROUTE_EDITABLE_STATUSES } from '../../../shared/domain/mawb-lifecycle';
import { TextareaField } from '../../components/form/fields';
import { RecordFormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { pickDirty, useResourceForm } from '../../components/form/use-resource-form';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/use-format';
import { useMawbCache } from './api';
import { AirportSelect, AwbNumberField, FlightLegsEditor, LocalTimeField, type MawbForm as Form } from './mawb-form-fields';
import { DESTINATION_GROUPS, MawbStatusBadge, ORIGIN_GROUPS, useMawbEditableFields } from './mawb-fields';
import { createFormSchema, EMPTY_MAWB, localToIso, mawbToValues, patchFormSchema, valuesAsRecord, type MawbFormValues } from './mawb-values';
import './mawb.css';
import { type Versioned } from '../../components/resource-api';
import { mawbApi } from '../../entities/mawb/api';
import { ResourceEditPage, useFormBase } from '../../components/resource-pages';
import { FormSection } from '../../components/form/form-section';

/** /mawb/create */
export function MawbCreatePage() {
  return <MawbFormScreen />;
}

/** /mawb/edit/:id */
export function MawbEditPage() {
  return <ResourceEditPage client={mawbApi}>{(data) => <MawbFormScreen loaded={data} />}</ResourceEditPage>;
}

function MawbFormScreen({ loaded }: { loaded?: Versioned<Mawb> }) {
  const { t } = useTranslation(['mawb', 'common']);
  const navigate = useNavigate();
  const cache = useMawbCache();
  const conflictFields = useMawbEditableFields();
  const { base, rebase, editing } = useFormBase(loaded);
  const status = base?.record.status;
  const readOnly = status !== undefined && MAWB_FINAL_STATUSES.includes(status);
  const routeLocked = status !== undefined && !MAWB_ROUTE_EDITABLE_STATUSES.includes(status);
  const messages = useMemo(() => ({ legTimeRequired: t('form.legTimeRequired') }), [t]);
  const schema = useMemo(() => (editing ? patchFormSchema(messages) : createFormSchema(messages)), [editing, messages]);

  // The MAWB that already has the typed AWB number (a 409 names it), linked under the field.
  const [taken, setTaken] = useState<AwbTakenDetails[number] | null>(null);
  const rf = useResourceForm({
    schema,
    defaultValues: loaded ? mawbToValues(loaded.record) : EMPTY_MAWB,
    save: async (values, ctx) => {
      setTaken(null);
      try {
        const saved = base ? await mawbApi.patch(base.record.id, base.etag, pickDirty(values, ctx.isDirty)) : await mawbApi.create(values as Parameters<typeof mawbApi.create>[0]);
        cache.saved(saved, { packagesChanged: false });
        return saved;
      } catch (e) {
        if (isApiRequestError(e) && e.data.code === MAWB_AWB_TAKEN_CODE) setTaken((e.data.details as AwbTakenDetails)[0] ?? null);
        throw e;
      }
    },
    texts: {
      pending: t('form.saving'),
      success: (m: Mawb) => (editing ? t('form.updated', { awb: m.awbNumber }) : t('form.created', { awb: m.awbNumber })),
    },
    onSaved: (m: Mawb) => navigate(`/mawb/${m.id}`),
    toValues: (m: Mawb) => mawbToValues(m),
    onRebase: rebase,
  });
  const form = rf.form as Form;
  const dirty = form.formState.isDirty;
  const cancelTo = base ? `/mawb/${base.record.id}` : '/mawb';

  // Picking the origin or destination carries it into the first / last leg, which must start / end there.
  const syncFirstLeg = (origin: string) => {
    if (form.getValues('flightLegs').length) form.setValue('flightLegs.0.from', origin, { shouldDirty: true });
  };
  const syncLastLeg = (destination: string) => {
    const n = form.getValues('flightLegs').length;
    if (n) form.setValue(`flightLegs.${n - 1}.to`, destination, { shouldDirty: true });
  };

  return (
    <>
      <PageHeader
        title={
          base ? (
            <span className="d-inline-flex flex-wrap align-items-center gap-2">
              {t('form.editTitle')}
              <span className="font-tabular">{base.record.awbNumber}</span>
              <MawbStatusBadge status={base.record.status} />
            </span>
          ) : (
            t('form.createTitle')
          )
        }
      />
      {readOnly && (
        <Alert variant="warning" className="d-flex align-items-center gap-2" data-testid="read-only">
          <i className="bi bi-lock" aria-hidden="true" />
          <span>{t('form.readOnly', { status: t(`statuses.${status}`) })}</span>
          <Link to={cancelTo} className="ms-auto alert-link">
            {t('form.backToDetail')}
          </Link>
        </Alert>
      )}
      <ResourceFormFrame
        rf={rf}
        conflictFields={conflictFields}
        base={base?.record}
        valuesAsRecord={(v) => valuesAsRecord(v as MawbFormValues)}
        aria-label={base ? t('form.editLabel') : t('form.createLabel')}
      >
        <fieldset disabled={readOnly} className="min-w-0">
          <FormSection title={t('form.general')}>
            <Row className="gx-3">
              <Col lg={6}>
                <AwbNumberField form={form} disabled={routeLocked} lockedHelp={t('form.routeLocked')} suggestNext={!editing} />
                {taken && (
                  <div className="small mt-n2 mb-3">
                    <Link to={`/mawb/${taken.mawbId}`}>
                      <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                      {t('form.openTaken', { awb: taken.awbNumber })}
                    </Link>
                  </div>
                )}
              </Col>
              <Col sm={6} lg={3}>
                <AirportSelect
                  form={form}
                  name="origin"
                  label={t('fields.origin')}
                  groups={ORIGIN_GROUPS}
                  required
                  disabled={routeLocked}
                  onPicked={syncFirstLeg}
                />
              </Col>
              <Col sm={6} lg={3}>
                <AirportSelect
                  form={form}
                  name="destination"
                  label={t('fields.destination')}
                  groups={DESTINATION_GROUPS}
                  required
                  disabled={routeLocked}
                  onPicked={syncLastLeg}
                />
              </Col>
            </Row>
          </FormSection>
          <Card className="form-section shadow-sm">
            <Card.Body>
              <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
                <h2 className="h6 mb-0">{t('form.schedule')}</h2>
                <span className="small text-body-secondary">
                  <i className="bi bi-clock me-1" aria-hidden="true" />
                  {t('form.timeZone')}
                </span>
              </div>
              <FlightLegsEditor form={form} groups={ORIGIN_GROUPS} showActuals={editing} />
              <ScheduleTimes form={form} />
            </Card.Body>
          </Card>
          <Card className="form-section shadow-sm mb-3">
            <Card.Body>
              <TextareaField form={form} name="note" label={t('fields.note')} rows={3} maxLength={MAWB_NOTE_MAX} className="mb-0" />
            </Card.Body>
          </Card>
        </fieldset>
        <RecordFormActions saving={rf.saving} dirty={dirty} editing={editing} cancelTo={cancelTo} createLabel={t('form.create')} saveChangesLabel={t('form.saveChanges')} readOnly={readOnly} />
      </ResourceFormFrame>
    </>
  );
}

/**
 * Without legs the MAWB's own ETD/ETA are typed here; with legs they are the first leg's departure and the last
 * leg's arrival, shown for reference.
 */
function ScheduleTimes({ form }: { form: Form }) {
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  const legs = useWatch({ control: form.control, name: 'flightLegs' }) ?? [];
  if (legs.length) {
    const first = localToIso(legs[0]?.etd ?? '');
    const last = localToIso(legs[legs.length - 1]?.eta ?? '');
    return (
      <p className="small text-body-secondary mb-0" data-testid="legs-times">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t('form.timesFromLegs', { etd: first ? fmt.dateTime(first) : '—', eta: last ? fmt.dateTime(last) : '—' })}
      </p>
    );
  }
  return (
    <Row className="gx-3">
      <Col sm={6} lg={3}>
        <LocalTimeField form={form} name="etd" label={t('fields.etd')} />
      </Col>
      <Col sm={6} lg={3}>
        <LocalTimeField form={form} name="eta" label={t('fields.eta')} />
      </Col>
    </Row>
  );
}
