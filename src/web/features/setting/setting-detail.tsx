import { useState } from 'react';
import { Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import { isDatedKind, NOTIFICATIONS_KIND, ZNS_TEMPLATES_KEY, type QuoteResponse, type Setting } from '../../../shared/contracts/settings';
import { parseRateWire } from '../../../shared/domain/money-input';
import { CUSTOMER_GROUPS, type CustomerGroup } from '../../../shared/domain/pricing';
import { kgToGrams } from '../../../shared/domain/weight';
import { DetailHeader } from '../../components/detail-header';
import { DateInput } from '../../components/form/date-input';
import { HISTORY_DEFAULT_IGNORE, historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import type { Versioned } from '../../components/resource-api';
import { UrlTabs } from '../../components/url-tabs';
import { useCommand } from '../../components/use-command';
import { useStores } from '../../entities/store/api';
import { useFormat } from '../../lib/use-format';
import { quotePrice, settingApi, uploadLogo, useVersions } from './api';
import { SettingStatusBadge, useSettingTitle, useValueText } from './setting-fields';
import { StoreOptions } from '../../entities/store/store-options';

/** /setting/:id: the value in force, every version (past, current, scheduled), History; a price list's calculator. */
export function SettingDetailPage() {
  const { id = '' } = useParams();
  const query = settingApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/setting">
      {(data) => <SettingDetail key={id} loaded={data} />}
    </RecordPage>
  );
}

function SettingDetail({ loaded }: { loaded: Versioned<Setting> }) {
  const { t } = useTranslation(['setting', 'common']);
  const fmt = useFormat();
  const cache = settingApi.useCache();
  const titleOf = useSettingTitle();
  const valueText = useValueText();
  const s = loaded.record;
  const versions = useVersions(s.kind, s.key);
  const dated = isDatedKind(s.kind);
  const inForce = versions.data?.items.find((v) => v.status === 'current');
  const editable = !dated || s.status === 'scheduled';
  const logo = s.kind === 'company' && s.key === 'logo';
  // The Zalo templates are edited on their own screen (Settings → Notifications), with the test send beside them.
  const ownScreen = s.kind === NOTIFICATIONS_KIND && s.key === ZNS_TEMPLATES_KEY;

  const overview = (
    <>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <h2 className="h6">{t('detail.inForce')}</h2>
          <p className="mb-1 fs-5 text-break" data-testid="value-in-force">
            {inForce ? valueText(inForce.kind, inForce.key, inForce.value) : '—'}
          </p>
          {inForce && inForce.effectiveFrom !== '1970-01-01' && <p className="text-body-secondary small mb-0">{t('detail.since', { day: fmt.date(inForce.effectiveFrom) })}</p>}
        </Card.Body>
      </Card>
      {dated && (
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <div className="d-flex align-items-center mb-2">
              <h2 className="h6 mb-0 me-auto">{t('detail.versions')}</h2>
              <Link to={`/setting/edit/${inForce?.id ?? s.id}?new=1`} className="btn btn-sm btn-primary">
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                {t('detail.addVersion')}
              </Link>
            </div>
            <div className="table-responsive">
              <Table size="sm" className="mb-0 align-middle" aria-label={t('detail.versions')}>
                <thead>
                  <tr>
                    <th>{t('fields.since')}</th>
                    <th>{t('fields.value')}</th>
                    <th>{t('fields.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(versions.data?.items ?? []).map((v) => (
                    <tr key={v.id} data-testid={`version-${v.status}`}>
                      <td className="font-tabular">
                        <Link to={`/setting/${v.id}`}>{fmt.date(v.effectiveFrom)}</Link>
                      </td>
                      <td className="text-break">{valueText(v.kind, v.key, v.value)}</td>
                      <td>
                        <SettingStatusBadge status={v.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </Card.Body>
        </Card>
      )}
      {logo && <LogoUpload onSaved={cache.saved} />}
      {s.kind === 'price_list' && <PriceCalculator />}
    </>
  );

  return (
    <>
      <DetailHeader
        title={titleOf(s.kind, s.key)}
        badges={<SettingStatusBadge status={s.status} />}
        editTo={ownScreen ? '/setting/notifications' : editable && !logo ? `/setting/edit/${s.id}` : undefined}
        remove={
          s.status === 'scheduled'
            ? {
                title: t('detail.removeTitle'),
                text: t('detail.removeText', { day: fmt.date(s.effectiveFrom) }),
                remove: () => settingApi.remove(s.id, loaded.etag),
                pending: t('detail.removing'),
                success: t('detail.removed'),
                onDeleted: () => cache.removed(s.id),
                listPath: '/setting',
              }
            : undefined
        }
      />
      <UrlTabs
        id="setting-detail"
        tabs={[
          { key: 'overview', title: t('detail.overview'), content: overview },
          historyTab(t('detail.history'), {
            entity: 'settings',
            entityId: s.id,
            queryKey: settingApi.keys.history(s.id),
            fields: [
              { name: 'value', label: t('fields.value'), format: (v) => valueText(s.kind, s.key, v) },
              { name: 'effectiveFrom', label: t('fields.since') },
              { name: 'description', label: t('fields.description') },
            ],
            ignore: [...HISTORY_DEFAULT_IGNORE, 'status'],
          }),
        ]}
      />
    </>
  );
}

/** "How would 3,2 kg from Tokyo to Hà Nội be charged for a vip customer?" — the server's quote, by the same rule. */
function PriceCalculator() {
  const { t } = useTranslation('setting');
  const fmt = useFormat();
  const stores = useStores().data?.items ?? [];
  const origins = stores.filter((x) => x.kind === 'origin');
  const hubs = stores.filter((x) => x.kind === 'hub');
  const [origin, setOrigin] = useState('');
  const [dest, setDest] = useState('');
  const [kg, setKg] = useState('1');
  const [group, setGroup] = useState<CustomerGroup | ''>('');
  const [day, setDay] = useState<string | null>(businessDate(Date.now()));
  const [result, setResult] = useState<QuoteResponse | null>(null);
  const [badWeight, setBadWeight] = useState<string | null>(null);
  const quote = useCommand({
    run: (body: Parameters<typeof quotePrice>[0]) => quotePrice(body),
    showError: 'inline',
    onSuccess: setResult,
    onError: () => setResult(null),
  });
  const busy = quote.busy;
  const error = badWeight ?? quote.error;

  const run = (e: React.FormEvent) => {
    e.preventDefault();
    const grams = kgToGrams(kg);
    const o = Number(origin || origins[0]?.id);
    const d = Number(dest || hubs[0]?.id);
    if (grams === null) return setBadWeight(t('calc.badWeight'));
    // A refused day says why under its input.
    if (day === null) return;
    setBadWeight(null);
    quote.run({ originStoreId: o, destinationStoreId: d, chargeableWeightG: grams, customerGroup: group || undefined, day: day || undefined });
  };

  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <h2 className="h6">{t('calc.title')}</h2>
        <Form onSubmit={(e) => run(e)} aria-label={t('calc.title')}>
          <Row className="gx-3 gy-2 align-items-end">
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="calc-origin">{t('calc.origin')}</Form.Label>
              <Form.Select id="calc-origin" value={origin} onChange={(e) => setOrigin(e.target.value)}>
                <StoreOptions stores={origins} />
              </Form.Select>
            </Col>
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="calc-dest">{t('calc.destination')}</Form.Label>
              <Form.Select id="calc-dest" value={dest} onChange={(e) => setDest(e.target.value)}>
                <StoreOptions stores={hubs} />
              </Form.Select>
            </Col>
            <Col xs={6} lg={2}>
              <Form.Label htmlFor="calc-kg">{t('calc.weight')}</Form.Label>
              <Form.Control id="calc-kg" inputMode="decimal" value={kg} onChange={(e) => setKg(e.target.value)} />
            </Col>
            <Col xs={6} lg={2}>
              <Form.Label htmlFor="calc-group">{t('calc.group')}</Form.Label>
              <Form.Select id="calc-group" value={group} onChange={(e) => setGroup(e.target.value as CustomerGroup | '')}>
                <option value="">{t('groups.all')}</option>
                {CUSTOMER_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {t(`groups.${g}`)}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={6} lg={2}>
              <Form.Label htmlFor="calc-day">{t('calc.day')}</Form.Label>
              <DateInput id="calc-day" value={day} onChange={setDay} />
            </Col>
            <Col xs={6} lg={12} className="text-lg-end">
              <Button type="submit" disabled={busy}>
                <i className="bi bi-calculator me-1" aria-hidden="true" />
                {t('calc.run')}
              </Button>
            </Col>
          </Row>
        </Form>
        {error && (
          <p className="text-danger mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
        {result && (
          <div className="mt-3" data-testid="quote-result">
            <p className="font-tabular mb-1" data-testid="quote-basis">
              {fmt.basis(result.basis)}
            </p>
            <p className="small text-body-secondary mb-1">
              {t('calc.used', { list: result.priceListName, units: result.unitsBilled, unit: result.unit })}
              {result.rate && parseRateWire(result.rate) !== null ? ` · ${t('calc.rate', { rate: fmt.rate(parseRateWire(result.rate)!), currency: result.lineCurrency })}` : ''}
              {result.minimumApplied ? ` · ${t('calc.minimum')}` : ''}
            </p>
            <Table size="sm" className="mb-0">
              <tbody>
                {result.lines.map((l, i) => (
                  <tr key={i}>
                    <td>{l.label}</td>
                    <td className="text-end font-tabular">{fmt.vnd(l.amount)}</td>
                  </tr>
                ))}
                <tr className="fw-semibold">
                  <td>{t('calc.total')}</td>
                  <td className="text-end font-tabular" data-testid="quote-total">
                    {fmt.vnd(result.total)}
                  </td>
                </tr>
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** Choose an image and send it; the top bar and printouts take the new logo at once. */
function LogoUpload({ onSaved }: { onSaved(s: Setting): void }) {
  const { t } = useTranslation('setting');
  const [file, setFile] = useState<File | null>(null);
  // The toast says why a file is refused (not an image, over 1 MiB).
  const upload = useCommand({
    run: (f: File) => uploadLogo(f),
    pending: t('logo.uploading'),
    success: t('logo.uploaded'),
    onSuccess: (s) => {
      onSaved(s);
      setFile(null);
    },
  });
  const busy = upload.busy;
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    if (file) upload.run(file);
  };
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Form onSubmit={(e) => send(e)} aria-label={t('logo.upload')}>
          <Form.Label htmlFor="logo-file">{t('logo.upload')}</Form.Label>
          <div className="d-flex flex-wrap gap-2">
            <Form.Control id="logo-file" type="file" accept="image/png,image/jpeg,image/webp" className="w-auto flex-grow-1" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
            <Button type="submit" disabled={!file || busy}>
              <i className="bi bi-upload me-1" aria-hidden="true" />
              {t('logo.send')}
            </Button>
          </div>
          <Form.Text>{t('logo.help')}</Form.Text>
        </Form>
      </Card.Body>
    </Card>
  );
}
