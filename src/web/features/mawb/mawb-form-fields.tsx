import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useFieldArray, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAWB_LEGS_MAX } from '../../../shared/contracts/mawbs';
import { airlineByPrefix } from '../../../shared/domain/airlines';
import { checkAwb, nextAwbNumber } from '../../../shared/domain/awb';
import { DateField } from '../../components/form/date-field';
import { FieldShell, ListError, shownFieldError } from '../../components/form/fields';
import { countryName, type AirportGroup } from './mawb-fields';
import type { MawbFormValues } from './mawb-values';
import { mawbApi } from '../../entities/mawb/api';

// The transformed (output) type of the form does not matter to a control.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MawbForm = UseFormReturn<MawbFormValues, any, any>;
type Name = FieldPath<MawbFormValues>;

function useFieldError(form: MawbForm, name: Name) {
  return shownFieldError(form, name);
}

export type AwbState =
  | { kind: 'empty' }
  | { kind: 'typing'; digits: number; prefix: string | null }
  | { kind: 'bad_chars' }
  | { kind: 'check_digit'; expected: number; prefix: string }
  | { kind: 'valid'; awb: string; prefix: string };

/** What the AWB input holds so far, for the live hint: still typing, wrong check digit, or valid. */
export function awbState(input: string): AwbState {
  const text = input.normalize('NFKC').trim();
  if (!text) return { kind: 'empty' };
  if (/[^\d\s\u2010-\u2015\u2212-]/.test(text)) return { kind: 'bad_chars' };
  const digits = text.replace(/\D/g, '');
  if (digits.length > 11) return { kind: 'bad_chars' };
  const prefix = digits.length >= 3 ? digits.slice(0, 3) : null;
  if (digits.length < 11) return { kind: 'typing', digits: digits.length, prefix };
  const r = checkAwb(text);
  if (r.ok) return { kind: 'valid', awb: r.awb, prefix: r.parts.prefix };
  if (r.reason === 'check_digit') return { kind: 'check_digit', expected: r.expected, prefix: r.parts.prefix };
  return { kind: 'bad_chars' };
}

/**
 * The AWB number with its check digit verified as it is typed (or scanned from the airline's label), and the
 * airline named from its prefix as soon as three digits are there.
 */
export function AwbNumberField({ form, disabled, lockedHelp, suggestNext }: { form: MawbForm; disabled?: boolean; lockedHelp?: string; suggestNext?: boolean }) {
  const { t } = useTranslation('mawb');
  const id = useId();
  const value = useWatch({ control: form.control, name: 'awbNumber' }) ?? '';
  const error = useFieldError(form, 'awbNumber');
  const state = awbState(value);
  const prefix = state.kind === 'typing' || state.kind === 'check_digit' || state.kind === 'valid' ? state.prefix : null;
  const airline = prefix ? airlineByPrefix(prefix) : undefined;
  const reg = form.register('awbNumber');
  const next = useNextInStock(suggestNext && state.kind === 'typing' && airline ? prefix : null);

  // While the number is being typed, the live hint says what is wrong with it (more precisely than the form's
  // message could, and at every key); the form's own error shows for what the hint cannot know (blank, duplicate).
  let live: ReactNode;
  let problem = false;
  if (state.kind === 'valid' && airline) {
    live = (
      <>
        <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
        {t('form.awbValid', { awb: state.awb })}
      </>
    );
  } else if (state.kind === 'valid' || (state.kind === 'check_digit' && !airline)) {
    problem = true;
    live = t('form.awbUnknownPrefix', { prefix: state.prefix });
  } else if (state.kind === 'check_digit') {
    problem = true;
    live = (
      <>
        <i className="bi bi-x-circle-fill me-1" aria-hidden="true" />
        {t('form.awbCheckDigit', { expected: state.expected })}
      </>
    );
  } else if (state.kind === 'typing') {
    problem = Boolean(error);
    live = t('form.awbTyping', { count: 11 - state.digits });
  } else if (state.kind === 'bad_chars') {
    problem = true;
    live = t('form.awbFormat');
  } else {
    live = t('form.awbHelp');
  }
  const shownError = error && (state.kind === 'empty' || (state.kind === 'valid' && airline)) ? error : undefined;
  const invalid = Boolean(shownError) || problem;
  const liveTone = state.kind === 'valid' && airline ? 'text-success-emphasis' : problem ? 'text-danger-emphasis' : 'text-body-secondary';

  return (
    <FieldShell id={id} label={t('fields.awbNumber')} error={shownError} required className="mb-3">
      <div className="input-group has-validation">
        <Form.Control
          {...reg}
          onBlur={(e) => {
            // Written the way it is stored (PPP-SSSSSSSC) once it is a valid number.
            const r = checkAwb(e.target.value);
            if (r.ok && r.awb !== e.target.value) form.setValue('awbNumber', r.awb, { shouldDirty: true });
            void reg.onBlur(e);
          }}
          className="font-tabular awb-input"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="176-12345675"
          maxLength={20}
          isInvalid={invalid}
          isValid={state.kind === 'valid' && Boolean(airline) && !shownError}
          aria-invalid={invalid}
          aria-required
          aria-describedby={shownError ? `${id}-error` : `${id}-live`}
          disabled={disabled}
          data-testid="awb-input"
        />
        <span className="input-group-text awb-airline text-truncate" data-testid="awb-airline" title={airline?.name}>
          {airline ? (
            <>
              <span className="badge iata-code me-2">{airline.iata}</span>
              {/* The name gives way with an ellipsis on a phone (a flex item cuts its text without one). */}
              <span className="text-truncate">{airline.name}</span>
            </>
          ) : (
            <span className="text-body-tertiary">{t('form.airlineUnknown')}</span>
          )}
        </span>
      </div>
      {next && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 mt-1 d-block text-start"
          onClick={() => form.setValue('awbNumber', next, { shouldDirty: true, shouldValidate: true })}
          data-testid="awb-next"
        >
          <i className="bi bi-magic me-1" aria-hidden="true" />
          {t('form.awbNext', { awb: next })}
        </button>
      )}
      {!shownError && (
        <div id={`${id}-live`} className={`small mt-1 ${liveTone}`} aria-live="polite" role={problem ? 'alert' : undefined} data-testid="awb-live">
          {disabled && lockedHelp ? lockedHelp : live}
        </div>
      )}
    </FieldShell>
  );
}

/**
 * The next number of the airline's AWB stock (IATA numbers are issued in serial order): the highest one used
 * so far plus one, with its check digit. Null until three digits name a known airline, or when none is used yet.
 */
function useNextInStock(prefix: string | null): string | null {
  const query = { airline: prefix ?? '', sort: '-awbNumber', pageSize: 1 };
  const last = useQuery({
    queryKey: mawbApi.keys.list({ ...query, purpose: 'next-awb' }),
    queryFn: ({ signal }) => mawbApi.fetchPage(query, signal),
    enabled: prefix !== null,
    staleTime: 30_000,
  });
  const latest = prefix ? last.data?.items[0]?.awbNumber : undefined;
  return latest ? nextAwbNumber(latest) : null;
}

/** An IATA airport, picked from the catalogue grouped by country. */
export function AirportSelect({
  form,
  name,
  label,
  groups,
  required,
  disabled,
  help,
  onPicked,
}: {
  form: MawbForm;
  name: Name;
  label: string;
  groups: AirportGroup[];
  required?: boolean;
  disabled?: boolean;
  help?: ReactNode;
  onPicked?(code: string): void;
}) {
  const { t, i18n } = useTranslation('mawb');
  const id = useId();
  const error = useFieldError(form, name);
  const reg = form.register(name, {
    onChange: (e: { target: { value: string } }) => onPicked?.(e.target.value),
  });
  const lang = i18n.resolvedLanguage ?? 'vi';
  return (
    <FieldShell id={id} label={label} error={error} help={help} required={required}>
      <Form.Select
      {...reg}
      isInvalid={Boolean(error)}
      aria-invalid={Boolean(error)}
      aria-required={required || undefined}
      aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
      disabled={disabled}
    >
      <option value="">{t('form.pickAirport')}</option>
      {groups.map((g) => (
        <optgroup key={g.country} label={countryName(g.country, lang)}>
          {g.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </Form.Select>
    </FieldShell>
  );
}

/** A moment typed as Vietnamese time (the console's time zone) on the one date-time input: dd/MM/yyyy HH:mm. */
export function LocalTimeField({ form, name, label, required, help, disabled }: { form: MawbForm; name: Name; label: string; required?: boolean; help?: ReactNode; disabled?: boolean }) {
  return <DateField form={form} name={name} label={label} required={required} help={help} disabled={disabled} withTime />;
}

/**
 * The flights the cargo takes, in order (up to MAWB_LEGS_MAX): each leaves where the previous one landed. A new
 * leg starts from there, bound for the destination, with the airline's designator already in its number.
 */
export function FlightLegsEditor({ form, groups, showActuals }: { form: MawbForm; groups: AirportGroup[]; showActuals: boolean }) {
  const { t } = useTranslation('mawb');
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'flightLegs' });
  const listError = form.getFieldState('flightLegs', form.formState).error;
  const rootMessage = listError?.message ?? (listError as { root?: { message?: string } } | undefined)?.root?.message;

  const add = () => {
    const v = form.getValues();
    const prev = v.flightLegs[v.flightLegs.length - 1];
    const from = prev?.to || v.origin;
    const airline = airlineByPrefix(v.awbNumber.replace(/\D/g, '').slice(0, 3));
    append(
      { flightNo: airline?.iata ?? '', from, to: from === v.destination ? '' : v.destination, etd: '', eta: '', atd: '', ata: '' },
      { shouldFocus: true, focusName: `flightLegs.${fields.length}.flightNo` },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 mb-0">
          {t('form.legs')}
        </h3>
        <span className="small text-body-secondary">{t('form.legsCount', { count: fields.length, max: MAWB_LEGS_MAX })}</span>
        <Button size="sm" variant="outline-primary" className="ms-auto" onClick={add} disabled={fields.length >= MAWB_LEGS_MAX} data-testid="add-leg">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('form.addLeg')}
        </Button>
      </div>
      <ListError message={rootMessage} />
      {fields.length === 0 && <p className="text-body-secondary small">{t('form.noLegs')}</p>}
      {fields.map((field, index) => (
        <Card key={field.id} as="fieldset" className="mb-3 leg-card" data-testid={`leg-${index}`}>
          <legend className="visually-hidden">{t('form.legN', { n: index + 1 })}</legend>
          <Card.Body className="pb-0">
            <div className="d-flex align-items-center gap-2 mb-2">
              <span className="badge rounded-pill text-bg-primary">{index + 1}</span>
              <strong className="small">{t('form.legN', { n: index + 1 })}</strong>
              <Button size="sm" variant="outline-danger" className="ms-auto" onClick={() => remove(index)} aria-label={t('form.removeLegN', { n: index + 1 })}>
                <i className="bi bi-trash" aria-hidden="true" />
                <span className="ms-1 d-none d-sm-inline">{t('form.removeLeg')}</span>
              </Button>
            </div>
            <Row className="gx-3">
              <Col xs={12} sm={4} lg={2}>
                <FlightNoField form={form} index={index} />
              </Col>
              <Col xs={6} sm={4} lg={2}>
                <AirportSelect form={form} name={`flightLegs.${index}.from`} label={t('fields.legFrom')} groups={groups} required />
              </Col>
              <Col xs={6} sm={4} lg={2}>
                <AirportSelect form={form} name={`flightLegs.${index}.to`} label={t('fields.legTo')} groups={groups} required />
              </Col>
              <Col sm={6} lg={3}>
                <LocalTimeField form={form} name={`flightLegs.${index}.etd`} label={t('fields.etd')} required />
              </Col>
              <Col sm={6} lg={3}>
                <LocalTimeField form={form} name={`flightLegs.${index}.eta`} label={t('fields.eta')} required />
              </Col>
              {showActuals && (
                <>
                  <Col sm={6} lg={{ span: 3, offset: 6 }}>
                    <LocalTimeField form={form} name={`flightLegs.${index}.atd`} label={t('fields.atd')} />
                  </Col>
                  <Col sm={6} lg={3}>
                    <LocalTimeField form={form} name={`flightLegs.${index}.ata`} label={t('fields.ata')} />
                  </Col>
                </>
              )}
            </Row>
          </Card.Body>
        </Card>
      ))}
    </section>
  );
}

function FlightNoField({ form, index }: { form: MawbForm; index: number }) {
  const { t } = useTranslation('mawb');
  const id = useId();
  const name = `flightLegs.${index}.flightNo` as const;
  const error = useFieldError(form, name);
  const reg = form.register(name, { setValueAs: (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v) });
  return (
    <FieldShell id={id} label={t('fields.flightNo')} error={error} required>
      <Form.Control
        {...reg}
        className="font-tabular text-uppercase"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        placeholder="BR25"
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}
