import { useMemo } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Mawb, MawbPackageList } from '../../../shared/contracts/mawbs';
import { RecordPage } from '../../components/record-page';
import { PageHeader } from '../../components/page-header';
import { useCompany } from '../../layouts/brand';
import { useFormat } from '../../lib/use-format';
import { formatMoney } from '../../../shared/domain/money-input';
import { isCurrency } from '../../../shared/domain/money';
import { useMawbPackages } from './api';
import { airportText } from './mawb-fields';
import '../../components/print-sheet.css';
import './manifest.css';
import { type Versioned } from '../../components/resource-api';
import { mawbApi } from '../../entities/mawb/api';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';

/** A4 portrait; in the DOM only while this screen is, so other pages print as they always do. */
const PAGE_RULE = '@page { size: A4; margin: 12mm 10mm 14mm; }';

/** /mawb/:id/manifest: the cargo manifest of one MAWB on A4 — previewed on screen, printed with the browser. */
export function ManifestPage() {
  const { id = '' } = useParams();
  const query = mawbApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/mawb">
      {(data) => <Manifest loaded={data} />}
    </RecordPage>
  );
}

function Manifest({ loaded }: { loaded: Versioned<Mawb> }) {
  const { t } = useTranslation(['mawb', 'common']);
  const navigate = useNavigate();
  const m = loaded.record;
  const packages = useMawbPackages(m.id);
  const printedAt = useMemo(() => new Date().toISOString(), []);

  let body;
  if (packages.isPending) {
    body = <Loading />;
  } else if (packages.isError) {
    body = (
      <LoadFailed title={t('packages.error')} error={packages.error} onRetry={() => void packages.refetch()} />
    );
  } else {
    body = <ManifestSheet m={m} list={packages.data} printedAt={printedAt} />;
  }

  return (
    <>
      <style>{PAGE_RULE}</style>
      <PageHeader
        title={t('manifest.titleOf', { awb: m.awbNumber })}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => navigate(`/mawb/${m.id}`)}>
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              {t('common:actions.back')}
            </Button>
            <Button variant="primary" onClick={() => window.print()} disabled={!packages.data} data-testid="print-manifest">
              <i className="bi bi-printer me-1" aria-hidden="true" />
              {t('manifest.print')}
            </Button>
          </>
        }
      />
      <p className="small text-body-secondary manifest-hint">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t('manifest.hint')}
      </p>
      <div className="manifest-scroll">{body}</div>
    </>
  );
}

function ManifestSheet({ m, list, printedAt }: { m: Mawb; list: MawbPackageList; printedAt: string }) {
  const { t } = useTranslation(['mawb', 'common']);
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const fmt = useFormat();
  // The office's own name, logo, address and phones (the company profile in Settings), as on the printed slips.
  const company = useCompany().data;
  const dash = '—';
  return (
    <article className="manifest-sheet print-sheet print-paper" aria-label={t('manifest.titleOf', { awb: m.awbNumber })} data-testid="manifest-sheet">
      <header className="manifest-head">
        <div className="manifest-company">
          {company?.logoUrl && <img src={company.logoUrl} alt="" className="manifest-logo" data-testid="manifest-logo" />}
          <div>
            <div className="manifest-company-name" data-testid="manifest-company-name">
              {company?.name || t('common:appName')}
            </div>
            {company?.name ? (
              <>
                {company.address && <div>{company.address}</div>}
                {(company.phone || company.hotline) && <div>{[company.phone, company.hotline].filter(Boolean).join(' · ')}</div>}
              </>
            ) : (
              <>
                <div>{t('manifest.companyLine1')}</div>
                <div>{t('manifest.companyLine2')}</div>
              </>
            )}
          </div>
        </div>
        <div className="manifest-title">
          <div className="manifest-title-main">{t('manifest.heading')}</div>
          <div className="manifest-title-sub">{t('manifest.headingSub')}</div>
        </div>
      </header>

      <section className="manifest-facts">
        <dl>
          <dt>{t('manifest.awb')}</dt>
          <dd className="manifest-awb" data-testid="manifest-awb">
            {m.awbNumber}
          </dd>
          <dt>{t('fields.airline')}</dt>
          <dd>
            {m.airlineName} ({m.airlineCode} · {m.airlinePrefix})
          </dd>
          <dt>{t('fields.flights')}</dt>
          <dd>{m.flights || dash}</dd>
        </dl>
        <dl>
          <dt>{t('fields.route')}</dt>
          <dd>
            {airportText(m.origin)} → {airportText(m.destination)}
          </dd>
          <dt>{t('fields.etd')}</dt>
          <dd>{m.etd ? fmt.dateTime(m.etd) : dash}</dd>
          <dt>{t('fields.eta')}</dt>
          <dd>{m.eta ? fmt.dateTime(m.eta) : dash}</dd>
        </dl>
      </section>

      {m.flightLegs.length > 1 && (
        <p className="manifest-legs">
          {m.flightLegs.map((l, i) => (
            <span key={i}>
              {i > 0 && ' · '}
              {l.flightNo} {l.from}→{l.to} {fmt.dateTime(l.etd)}
            </span>
          ))}
        </p>
      )}

      <table className="manifest-table" data-testid="manifest-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">{t('manifest.trackingCode')}</th>
            <th scope="col">{t('manifest.consignee')}</th>
            <th scope="col">{t('manifest.province')}</th>
            <th scope="col">{t('packages.contents')}</th>
            <th scope="col" className="num">
              {t('manifest.declared')}
            </th>
            <th scope="col" className="num">
              {t('packages.weight')}
            </th>
            <th scope="col" className="num">
              {t('packages.chargeable')}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.length === 0 && (
            <tr>
              <td colSpan={8} className="manifest-empty">
                {t('manifest.empty')}
              </td>
            </tr>
          )}
          {list.items.map((p, i) => (
            <tr key={p.id} data-testid="manifest-row">
              <td className="num">{i + 1}</td>
              <td className="mono manifest-ids">
                <div>{p.trackingNumber}</div>
                <div className="manifest-sub">{p.code}</div>
              </td>
              <td>
                {p.consigneeName ? (
                  <>
                    <div>{p.consigneeName}</div>
                    {/* Phone and customer code share a line: a row stays two lines high, so 10 parcels fit one A4 page.
                        Each is kept whole: a narrow cell wraps between them, never inside a number ("KH0002 / 00"). */}
                    <div className="manifest-sub mono manifest-contact">
                      {p.consigneePhone && <span className="manifest-whole" data-testid="manifest-phone">{p.consigneePhone}</span>}
                      {p.consigneePhone && p.customerCode && ' · '}
                      {p.customerCode && <span className="manifest-whole" data-testid="manifest-customer-code">{p.customerCode}</span>}
                    </div>
                  </>
                ) : (
                  dash
                )}
              </td>
              <td>{p.consigneeProvince || dash}</td>
              <td>{p.contents || dash}</td>
              <td className="num">
                {p.declaredValue !== null && p.declaredCurrency && isCurrency(p.declaredCurrency)
                  ? formatMoney(p.declaredValue, p.declaredCurrency, lang)
                  : dash}
              </td>
              <td className="num">{p.weightG !== null ? fmt.kg(p.weightG) : dash}</td>
              <td className="num">{p.chargeableG !== null ? fmt.kg(p.chargeableG) : dash}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="manifest-totals">
            <th scope="row" colSpan={6}>
              {t('manifest.totals', { count: list.pieces })}
            </th>
            <td className="num">{fmt.kg(list.grossWeightG)}</td>
            <td className="num">{fmt.kg(list.chargeableWeightG)}</td>
          </tr>
          <tr data-testid="manifest-airline-chargeable">
            <th scope="row" colSpan={7}>
              {t('manifest.airlineTotal', { volumetric: fmt.kg(list.volumetricWeightG) })}
            </th>
            <td className="num">{fmt.kg(list.airlineChargeableWeightG)}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="manifest-foot">
        <div className="manifest-sign">
          <div>{t('manifest.preparedBy')}</div>
          <div className="manifest-sign-line" />
        </div>
        <div className="manifest-sign">
          <div>{t('manifest.receivedBy')}</div>
          <div className="manifest-sign-line" />
        </div>
        <div className="manifest-printed">{t('manifest.printedAt', { at: fmt.dateTime(printedAt) })}</div>
      </footer>
    </article>
  );
}
