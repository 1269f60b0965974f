import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EVENT_CODES, EVENT_VISIBILITIES, EventCreate, type EventAppendResponse, type Package } from '../../../shared/contracts/packages';
import { DEFAULT_IATA_CODE, isPackageCorrection, PACKAGE_FLOW, PACKAGE_FSU_CODES, PACKAGE_LIFECYCLE, packagePlace, type PackageStatus } from '../../../shared/domain/package-status';
import { DateField } from '../../components/form/date-field';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { FormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { useResourceForm } from '../../components/form/use-resource-form';
import { APP_TIME_ZONE } from '../../lib/format';
import { addPackageEvent } from './api';
import { packageApi } from '../../entities/package/api';

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The next milestone of the normal path (what is usually recorded next), or the status itself. */
function nextCode(status: PackageStatus): PackageStatus {
  const i = (PACKAGE_FLOW as readonly PackageStatus[]).indexOf(status);
  return i >= 0 && i < PACKAGE_FLOW.length - 1 ? PACKAGE_FLOW[i + 1]! : status;
}

/** A typed minute ("yyyy-MM-ddTHH:mm", the date input's value) read as Vietnamese time, as an ISO instant with its offset. */
function localToIso(local: string): string | undefined {
  return LOCAL_MINUTE.test(local) ? dayjs.tz(local, APP_TIME_ZONE).format() : undefined;
}

/** Appends a tracking event to a package; the package's status follows its newest event. */
export function EventForm({ pkg, onDone }: { pkg: Package; onDone(res?: EventAppendResponse): void }) {
  const { t } = useTranslation(['tracking', 'common']);
  const cache = packageApi.useCache();
  // The time is typed in Vietnamese time; the contract takes an ISO instant, converted on save.
  const schema = useMemo(
    () => EventCreate.extend({ occurredAt: z.string().refine((v) => v === '' || LOCAL_MINUTE.test(v), { message: t('event.timeInvalid') }) }),
    [t],
  );
  const defaults = (status: PackageStatus) => ({ code: nextCode(status), location: '', note: '', iataCode: '', occurredAt: '', visibility: 'public' as const });
  const rf = useResourceForm({
    schema,
    defaultValues: defaults(pkg.status),
    stay: true,
    save: async (values) => {
      const res = await addPackageEvent(pkg.id, { ...values, occurredAt: localToIso(values.occurredAt) });
      cache.saved(res.package);
      return res;
    },
    texts: {
      pending: t('event.saving'),
      success: (r) => t('event.saved', { status: t(`statuses.${r.package.status}`) }),
    },
    onSaved: (res) => {
      rf.form.reset(defaults(res.package.status));
      onDone(res);
    },
  });
  const form = rf.form;
  const code = form.watch('code') as PackageStatus;
  const fallbackIata = DEFAULT_IATA_CODE[code];
  // The lifecycle's next steps first (what may follow the current status); any code stays possible for an event
  // recorded late, which the server judges by its time.
  const next = PACKAGE_LIFECYCLE.nextSteps(pkg.status);
  const codes = [...next, ...EVENT_CODES.filter((c) => !next.includes(c))];
  const correction = isPackageCorrection(pkg.status, code);
  const place = packagePlace(code, pkg.status) === 'destination' ? pkg.destinationStore : pkg.store;
  const nowLocal = dayjs().tz(APP_TIME_ZONE).format('YYYY-MM-DDTHH:mm');

  return (
    <ResourceFormFrame rf={rf} aria-label={t('event.title')} className="event-form border rounded p-3 mb-3 bg-body-tertiary">
      <Row className="gx-3">
        <Col sm={6}>
          <SelectField form={form} name="code" label={t('event.code')} required options={codes.map((c) => ({ value: c, label: t(`statuses.${c}`) }))} />
        </Col>
        <Col sm={6}>
          <SelectField
            form={form}
            name="iataCode"
            label={t('event.iataCode')}
            emptyLabel={fallbackIata ? t('event.iataDefault', { code: fallbackIata }) : t('event.iataNone')}
            options={PACKAGE_FSU_CODES[code].map((c) => ({ value: c, label: `${c} · ${t(`iata.${c}`)}` }))}
          />
        </Col>
        <Col sm={6}>
          <TextField form={form} name="location" label={t('event.location')} maxLength={120} autoComplete="off" placeholder={place?.name ?? ''} />
        </Col>
        <Col sm={6}>
          <DateField form={form} name="occurredAt" label={t('event.occurredAt')} help={t('event.occurredAtHelp')} withTime max={nowLocal} />
        </Col>
        <Col xs={12}>
          <TextareaField
            form={form}
            name="note"
            label={correction ? t('event.correctionReason') : t('event.note')}
            required={correction}
            help={correction ? t('event.correctionHelp', { from: t(`statuses.${pkg.status}`), to: t(`statuses.${code}`) }) : undefined}
            rows={2}
            maxLength={1000}
          />
        </Col>
        <Col sm={6}>
          <SelectField form={form} name="visibility" label={t('event.visibility')} options={EVENT_VISIBILITIES.map((v) => ({ value: v, label: t(`visibility.${v}`) }))} />
        </Col>
      </Row>
      <FormActions inline saving={rf.saving} dirty={false} onCancel={() => onDone()} saveLabel={t('event.submit')} />
    </ResourceFormFrame>
  );
}
