import { useMemo, useState } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { useMoneyLang } from '../../components/form/money-inputs';
import { formatRateWire, parseRateWire } from '../../../shared/domain/money-input';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import { isDatedKind, settingValueSchema, type Setting, type SettingKind } from '../../../shared/contracts/settings';
import type { PriceListValue } from '../../../shared/domain/pricing';
import { DateField } from '../../components/form/date-field';
import { MoneyField, SelectField, TextareaField, TextField } from '../../components/form/fields';
import { TWO_FACTOR_POLICIES, TWO_FACTOR_SETTING } from '../../../shared/two-factor';
import { FormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { useResourceForm } from '../../components/form/use-resource-form';
import { PageHeader } from '../../components/page-header';
import { RecordPage } from '../../components/record-page';
import { versioned, type Versioned } from '../../components/resource-api';
import { settingApi } from './api';
import { buildPriceList, EMPTY_PRICE_LIST, PriceListEditor, PriceListForm, priceListToForm, type PlForm } from './price-list-editor';
import { useSettingTitle } from './setting-fields';

/** How a kind's value is typed: a text, a whole number, an amount of đồng, a rate, the four fields of a bank account, a price list. */
type Shape = 'text' | 'int' | 'money' | 'rate' | 'bank' | 'priceList' | 'twoFactor';
function shapeOf(kind: string, value: unknown, key?: string): Shape {
  if (kind === TWO_FACTOR_SETTING.kind && key === TWO_FACTOR_SETTING.key) return 'twoFactor';
  if (kind === 'delivery_fees') return 'money';
  if (kind === 'exchange_rate') return 'rate';
  if (kind === 'bank_account') return 'bank';
  if (kind === 'price_list') return 'priceList';
  return typeof value === 'number' ? 'int' : 'text';
}

const Values = z.object({
  text: z.string(),
  amount: z.number().int().nullable(),
  bankName: z.string(),
  bin: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  effectiveFrom: z.string(),
  pl: PriceListForm,
});
type Values = z.infer<typeof Values>;

function toValues(s: Setting, newVersion: boolean, lang: MessageLanguage): Values {
  const v = s.value as Record<string, unknown> | string | number | null;
  const obj = v && typeof v === 'object' ? v : {};
  const shape = shapeOf(s.kind, s.value, s.key);
  return {
    text: typeof v === 'object' ? '' : String(v ?? ''),
    amount: shape === 'money' && typeof v === 'number' ? v : shape === 'rate' ? parseRateWire(obj.rate) : null,
    bankName: String(obj.bankName ?? ''),
    bin: String(obj.bin ?? ''),
    accountNumber: String(obj.accountNumber ?? ''),
    accountName: String(obj.accountName ?? ''),
    effectiveFrom: newVersion ? businessDate(Date.now()) : s.effectiveFrom,
    pl: shape === 'priceList' ? priceListToForm(s.value as PriceListValue, lang) : EMPTY_PRICE_LIST,
  };
}

/** What the price-list editor says of a number it cannot read. */
type NumberMessages = Parameters<typeof buildPriceList>[1];

/** The value the form stands for, or a problem on the text field when it is not even readable. */
function buildValue(shape: Shape, v: Values, msgs: NumberMessages, lang: MessageLanguage): { value: unknown } | { problem: string } {
  switch (shape) {
    case 'text':
    case 'twoFactor':
      return { value: v.text };
    case 'int':
      return /^\d+$/.test(v.text.trim()) ? { value: Number(v.text.trim()) } : { problem: 'int' };
    case 'money':
      // The money input has already refused what it could not read; empty is the only problem left.
      return v.amount === null ? { problem: 'money' } : { value: v.amount };
    case 'rate':
      // Read by the money input in the UI language ("25.450" is 25,450 ₫ in Vietnamese), sent as the contract writes it.
      return v.amount === null ? { problem: 'rateEmpty' } : { value: { rate: formatRateWire(v.amount) } };
    case 'bank':
      return { value: { bankName: v.bankName, bin: v.bin.trim(), accountNumber: v.accountNumber.trim(), accountName: v.accountName } };
    case 'priceList': {
      const built = buildPriceList(v.pl, msgs, lang);
      return 'value' in built ? built : { problem: 'priceList' };
    }
  }
}

const FIELD_OF: Record<string, keyof Values> = { rate: 'amount', bankName: 'bankName', bin: 'bin', accountNumber: 'accountNumber', accountName: 'accountName' };

/** /setting/edit/:id (?new=1 adds a version of a dated setting instead of editing this one). */
export function SettingEditPage() {
  const { id = '' } = useParams();
  const query = settingApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/setting" skeleton="form">
      {(data) => <SettingForm key={id} loaded={data} />}
    </RecordPage>
  );
}

function SettingForm({ loaded }: { loaded: Versioned<Setting> }) {
  const { t } = useTranslation(['setting', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cache = settingApi.useCache();
  const titleOf = useSettingTitle();
  const [base, setBase] = useState(loaded);
  const s = base.record;
  const kind = s.kind as SettingKind;
  const dated = isDatedKind(kind);
  // A version already in force is history: changing it means adding a new version with a start day.
  const newVersion = dated && (params.get('new') === '1' || s.status !== 'scheduled');
  const shape = shapeOf(kind, s.value, s.key);
  const msgs = useMemo(() => ({ number: t('plForm.badNumber'), percent: t('plForm.badPercent') }), [t]);
  const lang = useMoneyLang();

  // The shared contract of this kind/key checks the value, here as on the server.
  const schema = useMemo(
    () =>
      Values.superRefine((v, ctx) => {
        if (shape === 'priceList') {
          // The typed price list: each issue under the field it is about (pl.lines.0.brackets.1.rate …).
          const built = buildPriceList(v.pl, msgs, lang);
          for (const issue of 'issues' in built ? built.issues : []) {
            ctx.addIssue({ code: 'custom', path: ['pl', ...issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))], message: issue.message });
          }
          if (dated && !/^\d{4}-\d{2}-\d{2}$/.test(v.effectiveFrom)) ctx.addIssue({ code: 'custom', path: ['effectiveFrom'], message: t('form.day') });
          return;
        }
        const built = buildValue(shape, v, msgs, lang);
        if ('problem' in built) {
          ctx.addIssue({ code: 'custom', path: [built.problem === 'money' || built.problem === 'rateEmpty' ? 'amount' : 'text'], message: t(`form.${built.problem}`) });
          return;
        }
        const check = settingValueSchema(kind, s.key)?.safeParse(built.value);
        for (const issue of check && !check.success ? check.error.issues : []) {
          const top = String(issue.path[0] ?? '');
          const field = shape === 'money' || shape === 'rate' ? 'amount' : shape === 'text' || shape === 'int' ? 'text' : (FIELD_OF[top] ?? 'text');
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
        if (dated && !/^\d{4}-\d{2}-\d{2}$/.test(v.effectiveFrom)) ctx.addIssue({ code: 'custom', path: ['effectiveFrom'], message: t('form.day') });
      }),
    [shape, kind, s.key, dated, t, msgs, lang],
  );

  const rf = useResourceForm({
    schema,
    defaultValues: toValues(s, newVersion, lang),
    save: async (values) => {
      const built = buildValue(shape, values, msgs, lang);
      if ('problem' in built) throw new Error(built.problem);
      const saved = newVersion
        ? await settingApi.create({ kind, key: s.key, value: built.value, effectiveFrom: values.effectiveFrom, description: s.description })
        : await settingApi.patch(s.id, base.etag, { value: built.value, ...(dated ? { effectiveFrom: values.effectiveFrom } : {}) });
      cache.saved(saved);
      return saved;
    },
    texts: { pending: t('form.saving'), success: () => (newVersion ? t('form.versionAdded') : t('form.saved')) },
    onSaved: (saved) => navigate(`/setting/${saved.id}`),
    toValues: (r: Setting) => toValues(r, newVersion, lang),
    onRebase: (r: Setting) => setBase(versioned(r)),
  });
  const form = rf.form;
  const title = titleOf(kind, s.key);

  return (
    <>
      <PageHeader title={newVersion ? t('form.newVersionTitle', { name: title }) : t('form.editTitle', { name: title })} />
      <ResourceFormFrame rf={rf} aria-label={title}>
        <Card className="form-section shadow-sm">
          <Card.Body>
            <Row className="gx-3">
              {shape === 'text' && (
                <Col md={8}>
                  {kind === 'delivery' ? (
                    <TextareaField form={form} name="text" label={t('fields.value')} rows={3} maxLength={1000} />
                  ) : (
                    <TextField form={form} name="text" label={t('fields.value')} maxLength={300} />
                  )}
                </Col>
              )}
              {shape === 'twoFactor' && (
                <Col md={6}>
                  <SelectField
                    form={form}
                    name="text"
                    label={t('fields.value')}
                    required
                    options={TWO_FACTOR_POLICIES.map((p) => ({ value: p, label: t(`twoFactor.${p}`) }))}
                    help={t('twoFactor.help')}
                  />
                </Col>
              )}
              {shape === 'int' && (
                <Col md={4}>
                  <TextField form={form} name="text" label={t('fields.value')} inputMode="numeric" required />
                </Col>
              )}
              {shape === 'money' && (
                <Col md={4}>
                  <MoneyField form={form} name="amount" label={t('fields.value')} max={10_000_000} required />
                </Col>
              )}
              {shape === 'rate' && (
                <Col md={4}>
                  <MoneyField form={form} name="amount" label={t('form.rate', { currency: s.key })} rate required />
                </Col>
              )}
              {shape === 'bank' && (
                <>
                  <Col md={6}>
                    <TextField form={form} name="bankName" label={t('bank.bankName')} required />
                  </Col>
                  <Col md={6}>
                    <TextField form={form} name="bin" label={t('bank.bin')} inputMode="numeric" required />
                  </Col>
                  <Col md={6}>
                    <TextField form={form} name="accountNumber" label={t('bank.accountNumber')} required />
                  </Col>
                  <Col md={6}>
                    <TextField form={form} name="accountName" label={t('bank.accountName')} required />
                  </Col>
                </>
              )}
              {shape === 'priceList' && (
                <Col xs={12}>
                  {/* The editor only reads and writes `pl.*`, which this form has. */}
                  <PriceListEditor form={form as unknown as PlForm} />
                </Col>
              )}
              {dated && (
                <Col md={4} className={shape === 'priceList' ? 'mt-3' : undefined}>
                  <DateField form={form} name="effectiveFrom" label={t('fields.since')} required help={t('form.startHelp')} />
                </Col>
              )}
            </Row>
          </Card.Body>
        </Card>
        <FormActions saving={rf.saving} onCancel={() => navigate(`/setting/${s.id}`)} dirty={form.formState.isDirty} disabled={!newVersion && !form.formState.isDirty} />
      </ResourceFormFrame>
    </>
  );
}
