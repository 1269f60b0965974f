import { Button, Card, Col, Row } from 'react-bootstrap';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PriceListValueSchema } from '../../../shared/contracts/settings';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { CURRENCIES, isCurrency, type Currency } from '../../../shared/domain/money';
import { formatMoneyAmount, formatScaled, parseDecimalInput, parseMoneyInput } from '../../../shared/domain/money-input';
import { CUSTOMER_GROUPS, PRICE_UNITS, SURCHARGE_MODES, type PriceLine, type PriceListValue } from '../../../shared/domain/pricing';
import { SelectField, TextField } from '../../components/form/fields';
import { useStores } from '../../entities/store/api';

/**
 * The typed form of a price list: its name and group, then one card per route (origin store or country →
 * hub, unit, currency, billing step, minimum, insurance, weight brackets, surcharges). People type weights in
 * the unit ("0.5" kg) and money in the line's currency, read by the one money reader (shared/domain/money-input.ts)
 * in the UI language ("8,50" USD and "235.000" đ in Vietnamese, "8.50" and "235,000" in English); the value is built exactly in
 * integers (thousandths of the unit, minor units, basis points) and checked by the SAME contract as the server
 * (PriceListValueSchema), whose messages land under the fields they are about.
 */

const Bracket = z.object({ from: z.string(), rate: z.string() });
const SurchargeRow = z.object({ label: z.string(), mode: z.enum(SURCHARGE_MODES), amount: z.string() });
const LineRow = z.object({
  originStoreId: z.string(),
  originCountry: z.string(),
  destinationStoreId: z.string(),
  unit: z.enum(PRICE_UNITS),
  currency: z.enum(CURRENCIES),
  step: z.string(),
  minimum: z.string(),
  insurance: z.string(),
  brackets: z.array(Bracket),
  surcharges: z.array(SurchargeRow),
});
export const PriceListForm = z.object({ name: z.string(), group: z.string(), lines: z.array(LineRow) });
export type PriceListForm = z.infer<typeof PriceListForm>;
type LineRow = z.infer<typeof LineRow>;

export const EMPTY_PRICE_LIST: PriceListForm = { name: '', group: '', lines: [] };

/** An integer of the smaller unit in the plain form the field shows: 500 thousandths → "0.5" (the one writer). */
const unitText = (n: number, decimals: number): string => formatScaled(n, decimals, { trimZeros: true });


const emptyLine = (): LineRow => ({
  originStoreId: '',
  originCountry: '',
  destinationStoreId: '',
  unit: 'kg',
  currency: 'VND',
  step: '0.5',
  minimum: '0',
  insurance: '0',
  brackets: [{ from: '0', rate: '' }],
  surcharges: [],
});

/** A price list as the form shows it; its amounts written as the UI language writes them. */
export function priceListToForm(v: PriceListValue, lang: MessageLanguage): PriceListForm {
  const money = (minor: number, currency: Currency) => formatMoneyAmount(minor, currency, lang);
  return {
    name: v.name,
    group: v.group ?? '',
    lines: v.lines.map((l) => {
      return {
        originStoreId: l.originStoreId != null ? String(l.originStoreId) : '',
        originCountry: l.originCountry ?? '',
        destinationStoreId: l.destinationStoreId != null ? String(l.destinationStoreId) : '',
        unit: l.unit,
        currency: l.currency,
        step: unitText(l.stepMilli, 3),
        minimum: money(l.minimum, l.currency),
        insurance: unitText(l.insuranceBps ?? 0, 2),
        brackets: l.brackets.map((b) => ({ from: unitText(b.fromMilli, 3), rate: money(b.rate, l.currency) })),
        surcharges: (l.surcharges ?? []).map((s) => ({ label: s.label, mode: s.mode, amount: money(s.amount, l.currency) })),
      };
    }),
  };
}

export interface FormIssue {
  /** Relative to the price list's form values (`lines.0.brackets.1.rate`). */
  path: string;
  message: string;
}

/** The contract's field names → the form's (the form types units and major money, not thousandths and minor units). */
const FIELD_NAMES: Record<string, string> = { stepMilli: 'step', insuranceBps: 'insurance', fromMilli: 'from', originStoreId: 'originCountry' };

/** The value the form stands for, or the issues (unreadable numbers first, then the shared contract's). */
export function buildPriceList(f: PriceListForm, msg: { number: string; percent: string }, lang: MessageLanguage): { value: PriceListValue } | { issues: FormIssue[] } {
  const issues: FormIssue[] = [];
  const num = (text: string, decimals: number, path: string, message: string) => {
    // A weight, a step or a percentage: the one decimal reader, "," or "." before the decimals, never grouped.
    const r = parseDecimalInput(text, { decimals, lang });
    if (!r.ok) issues.push({ path, message });
    return r.ok ? r.value : 0;
  };
  const lines = f.lines.map((l, i): PriceLine => {
    const currency: Currency = isCurrency(l.currency) ? l.currency : 'VND';
    // The one money reader: what it cannot read unambiguously is refused with its own reason, never guessed.
    const money = (text: string, path: string) => {
      const r = parseMoneyInput(text, { currency, lang });
      if (!r.ok) issues.push({ path, message: r.message });
      return r.ok ? r.value : 0;
    };
    const at = `lines.${i}`;
    return {
      originStoreId: l.originStoreId ? Number(l.originStoreId) : null,
      originCountry: l.originStoreId ? null : l.originCountry.trim() || null,
      destinationStoreId: l.destinationStoreId ? Number(l.destinationStoreId) : null,
      unit: l.unit,
      currency,
      stepMilli: num(l.step, 3, `${at}.step`, msg.number),
      minimum: money(l.minimum, `${at}.minimum`),
      brackets: l.brackets.map((b, j) => ({ fromMilli: num(b.from, 3, `${at}.brackets.${j}.from`, msg.number), rate: money(b.rate, `${at}.brackets.${j}.rate`) })),
      surcharges: l.surcharges.map((s, k) => ({ label: s.label, mode: s.mode, amount: money(s.amount, `${at}.surcharges.${k}.amount`) })),
      insuranceBps: num(l.insurance, 2, `${at}.insurance`, msg.percent),
    };
  });
  if (issues.length) return { issues };
  const value = { name: f.name, group: f.group ? (f.group as PriceListValue['group']) : null, lines };
  const check = PriceListValueSchema.safeParse(value);
  if (check.success) return { value: check.data as PriceListValue };
  return {
    issues: check.error.issues.map((issue) => {
      const path = issue.path.map((p) => (typeof p === 'string' ? (FIELD_NAMES[p] ?? p) : String(p)));
      // An issue about the list of lines (none) or of brackets (none) goes on the field that adds them.
      return { path: path.length ? path.join('.') : 'name', message: issue.message };
    }),
  };
}

/** A form holding the price list under `pl` (the setting form: its other fields do not matter here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PlForm = UseFormReturn<{ pl: PriceListForm }, any, any>;

export function PriceListEditor({ form }: { form: PlForm }) {
  const { t } = useTranslation('setting');
  const lines = useFieldArray({ control: form.control, name: 'pl.lines' });
  const linesError = form.getFieldState('pl.lines', form.formState).error;
  return (
    <>
      <Row className="gx-3">
        <Col md={6}>
          <TextField form={form} name="pl.name" label={t('plForm.name')} required maxLength={100} />
        </Col>
        <Col md={6}>
          <SelectField
            form={form}
            name="pl.group"
            label={t('plForm.group')}
            options={[{ value: '', label: t('groups.all') }, ...CUSTOMER_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))]}
          />
        </Col>
      </Row>
      <h3 className="h6 mt-2 mb-3">{t('plForm.lines')}</h3>
      {lines.fields.map((field, i) => (
        <PriceLineEditor key={field.id} form={form} index={i} onRemove={lines.fields.length > 1 ? () => lines.remove(i) : undefined} />
      ))}
      {linesError?.message && (
        <div className="invalid-feedback d-block mb-2" role="alert">
          {linesError.message}
        </div>
      )}
      <Button variant="outline-primary" size="sm" onClick={() => lines.append(emptyLine())}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('plForm.addLine')}
      </Button>
    </>
  );
}

function PriceLineEditor({ form, index, onRemove }: { form: PlForm; index: number; onRemove?: () => void }) {
  const { t } = useTranslation('setting');
  const stores = useStores().data?.items ?? [];
  const at = `pl.lines.${index}` as const;
  const brackets = useFieldArray({ control: form.control, name: `${at}.brackets` });
  const surcharges = useFieldArray({ control: form.control, name: `${at}.surcharges` });
  const unit = form.watch(`${at}.unit`) as string;
  const currency = form.watch(`${at}.currency`) as string;
  const origin = form.watch(`${at}.originStoreId`) as string;
  const country = form.watch(`${at}.originCountry`) as string;
  const storeLabel = (id: string) => stores.find((s) => String(s.id) === id)?.code ?? id;
  const title = `${t('plForm.line', { n: index + 1 })} · ${origin ? storeLabel(origin) : country || '…'}`;
  return (
    <Card className="mb-3 border-secondary-subtle" as="fieldset" aria-label={title} data-testid={`price-line-${index}`}>
      <Card.Header className="d-flex align-items-center bg-body-tertiary">
        <legend className="h6 mb-0 me-auto fs-6 w-auto float-none">{title}</legend>
        {onRemove && (
          <Button variant="link" size="sm" className="text-danger p-0" onClick={onRemove}>
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('plForm.removeLine')}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        <Row className="gx-3">
          <Col sm={6} lg={3}>
            <SelectField
              form={form}
              name={`${at}.originStoreId`}
              label={t('plForm.originStore')}
              options={[{ value: '', label: t('plForm.anyOrigin') }, ...stores.filter((s) => s.kind === 'origin').map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))]}
            />
          </Col>
          <Col sm={6} lg={2}>
            <TextField form={form} name={`${at}.originCountry`} label={t('plForm.originCountry')} maxLength={2} disabled={Boolean(origin)} />
          </Col>
          <Col sm={6} lg={3}>
            <SelectField
              form={form}
              name={`${at}.destinationStoreId`}
              label={t('plForm.destination')}
              options={[{ value: '', label: t('plForm.anyHub') }, ...stores.filter((s) => s.kind === 'hub').map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))]}
            />
          </Col>
          <Col xs={6} lg={2}>
            <SelectField form={form} name={`${at}.unit`} label={t('plForm.unit')} options={PRICE_UNITS.map((u) => ({ value: u, label: u }))} />
          </Col>
          <Col xs={6} lg={2}>
            <SelectField form={form} name={`${at}.currency`} label={t('plForm.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Col>
          <Col xs={6} lg={4}>
            <TextField form={form} name={`${at}.step`} label={t('plForm.step', { unit })} inputMode="text" required />
          </Col>
          <Col xs={6} lg={4}>
            <TextField form={form} name={`${at}.minimum`} label={`${t('plForm.minimum')} (${currency})`} inputMode="text" required />
          </Col>
          <Col xs={12} lg={4}>
            <TextField form={form} name={`${at}.insurance`} label={t('plForm.insurance')} inputMode="text" />
          </Col>
        </Row>
        <h4 className="h6 small text-body-secondary text-uppercase mt-1">{t('plForm.brackets')}</h4>
        {brackets.fields.map((b, j) => (
          <Row key={b.id} className="gx-2 align-items-start" data-testid={`bracket-${index}-${j}`}>
            <Col xs={5}>
              <TextField form={form} name={`${at}.brackets.${j}.from`} label={t('plForm.from', { unit })} inputMode="text" required />
            </Col>
            <Col xs={5}>
              <TextField form={form} name={`${at}.brackets.${j}.rate`} label={`${t('plForm.rate', { unit })} (${currency})`} inputMode="text" required />
            </Col>
            <Col xs={2} className="pt-4 mt-2">
              {brackets.fields.length > 1 && (
                <Button variant="link" size="sm" className="text-danger p-0" onClick={() => brackets.remove(j)} aria-label={`${t('plForm.removeBracket')} ${j + 1}`}>
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
              )}
            </Col>
          </Row>
        ))}
        <Button variant="outline-secondary" size="sm" className="mb-3" onClick={() => brackets.append({ from: '', rate: '' })}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('plForm.addBracket')}
        </Button>
        <h4 className="h6 small text-body-secondary text-uppercase">{t('plForm.surcharges')}</h4>
        {surcharges.fields.map((s, k) => (
          <Row key={s.id} className="gx-2 align-items-start" data-testid={`surcharge-${index}-${k}`}>
            <Col xs={12} md={5}>
              <TextField form={form} name={`${at}.surcharges.${k}.label`} label={t('plForm.surchargeLabel')} required maxLength={100} />
            </Col>
            <Col xs={5} md={3}>
              <SelectField form={form} name={`${at}.surcharges.${k}.mode`} label={t('plForm.mode')} options={SURCHARGE_MODES.map((m) => ({ value: m, label: t(`plForm.modes.${m}`) }))} />
            </Col>
            <Col xs={5} md={3}>
              <TextField form={form} name={`${at}.surcharges.${k}.amount`} label={`${t('plForm.amount')} (${currency})`} inputMode="text" required />
            </Col>
            <Col xs={2} md={1} className="pt-4 mt-2">
              <Button variant="link" size="sm" className="text-danger p-0" onClick={() => surcharges.remove(k)} aria-label={`${t('plForm.removeSurcharge')} ${k + 1}`}>
                <i className="bi bi-x-lg" aria-hidden="true" />
              </Button>
            </Col>
          </Row>
        ))}
        <Button variant="outline-secondary" size="sm" onClick={() => surcharges.append({ label: '', mode: 'per_package', amount: '' })}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('plForm.addSurcharge')}
        </Button>
      </Card.Body>
    </Card>
  );
}
