import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Package } from '../../../shared/contracts/packages';
import { DELETABLE_STATUSES } from '../../../shared/domain/package-status';
import { DetailHeader } from '../../components/detail-header';
import { EmptyState } from '../../components/empty-state';
import { HISTORY_DEFAULT_IGNORE, historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { useFormat } from '../../lib/use-format';
import { usePackageEvents } from './api';
import { EventForm } from './event-form';
import { formatDeclared, formatDimensions, HISTORY_EXTRA_IGNORE, PackageStatusBadge, UnidentifiedBadge, usePackageFields } from './package-fields';
import { Timeline } from './timeline';
import './tracking.css';
import { type Versioned } from '../../components/resource-api';
import { packageApi } from '../../entities/package/api';
import { EstimatedFreight } from '../../entities/package/freight';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';

const HISTORY_IGNORE = [...HISTORY_DEFAULT_IGNORE, ...HISTORY_EXTRA_IGNORE];

/** /tracking/:id: the package, its weights, photos, journey (with a form to add an event) and History. */
export function PackageDetailPage() {
  const { id = '' } = useParams();
  const query = packageApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/tracking">
      {(data) => <PackageDetail loaded={data} />}
    </RecordPage>
  );
}

function PackageDetail({ loaded }: { loaded: Versioned<Package> }) {
  const { t } = useTranslation(['tracking', 'resource', 'common']);
  const cache = packageApi.useCache();
  const fmt = useFormat();
  const fields = usePackageFields();
  const p = loaded.record;
  const deletable = DELETABLE_STATUSES.includes(p.status) && p.mawbId === null;

  return (
    <>
      <DetailHeader
        title={<span className="font-tabular">{p.code}</span>}
        code={p.trackingNumber}
        actions={
          <Link to={`/tracking/labels?ids=${p.id}`} className="btn btn-outline-primary">
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {t('labels.print')}
          </Link>
        }
        editTo={`/tracking/edit/${p.id}`}
        remove={
          deletable
            ? {
                remove: () => packageApi.remove(p.id, loaded.etag),
                pending: t('detail.deleting'),
                success: t('detail.deleted', { code: p.code }),
                onDeleted: () => cache.removed(p.id),
                listPath: '/tracking',
                title: t('detail.deleteTitle', { code: p.code }),
                text: t('detail.deleteText'),
              }
            : undefined
        }
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <PackageStatusBadge status={p.status} />
        {p.unidentified && <UnidentifiedBadge />}
        <span className="small text-body-secondary">{t('detail.statusSince', { at: fmt.dateTime(p.statusAt) })}</span>
      </div>
      <UrlTabs
        id="package-tabs"
        tabs={[
          { key: 'overview', title: t('detail.tabs.overview'), content: <Overview p={p} /> },
          {
            key: 'photos',
            title: t('detail.tabs.photos', { count: p.photos.length }),
            content: <Photos p={p} />,
          },
          historyTab(t('detail.tabs.history'), { entity: 'packages', entityId: p.id, queryKey: packageApi.keys.history(p.id), fields, ignore: HISTORY_IGNORE }),
        ]}
      />
    </>
  );
}

function Overview({ p }: { p: Package }) {
  const { t, i18n } = useTranslation(['tracking', 'common']);
  const fmt = useFormat();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const none = <span className="text-body-tertiary">—</span>;
  const byVolume = p.volumetricG !== null && p.weightG !== null && p.volumetricG > p.weightG;
  const store = (s: Package['store']) => (s ? `${s.code} · ${s.name}` : none);
  return (
    <Row className="g-3">
      <Col lg={5}>
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <h2 className="h6 mb-3">{t('detail.package')}</h2>
            <dl className="detail-list">
              <dt>{t('fields.code')}</dt>
              <dd className="font-tabular">{p.code}</dd>
              <dt>{t('fields.trackingNumber')}</dt>
              <dd className="font-tabular text-break">{p.trackingNumber}</dd>
              <dt>{t('fields.customer')}</dt>
              <dd>
                {p.customer ? (
                  <Link to={`/customer/${p.customer.id}`}>
                    <span className="font-tabular">{p.customer.code}</span> · {p.customer.fullName}
                  </Link>
                ) : p.unidentified ? (
                  <UnidentifiedBadge />
                ) : (
                  none
                )}
              </dd>
              <dt>{t('fields.order')}</dt>
              <dd>
                {p.order ? (
                  <Link to={`/order/${p.order.id}`} className="font-tabular text-nowrap">
                    {p.order.code}
                  </Link>
                ) : (
                  none
                )}
              </dd>
              <dt>{t('fields.mawb')}</dt>
              <dd>
                {p.mawb ? (
                  <Link to={`/mawb/${p.mawb.id}`} className="font-tabular text-nowrap">
                    {p.mawb.awbNumber}
                  </Link>
                ) : (
                  none
                )}
              </dd>
              <dt>{t('fields.slip')}</dt>
              <dd data-testid="package-slip">
                {p.slip ? (
                  <>
                    <Link to={`/deliveryslip/${p.slip.id}`} className="font-tabular">
                      {p.slip.code}
                    </Link>
                    {!p.slip.open && <span className="small text-body-secondary ms-2">{t('detail.slipClosed')}</span>}
                  </>
                ) : (
                  none
                )}
              </dd>
              <dt>{t('fields.store')}</dt>
              <dd>{store(p.store)}</dd>
              <dt>{t('fields.destinationStore')}</dt>
              <dd>{store(p.destinationStore)}</dd>
              <dt>{t('fields.contents')}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{p.contents || none}</dd>
              <dt>{t('fields.declaredValue')}</dt>
              <dd className="font-tabular">{formatDeclared(p.declaredValue, p.declaredCurrency, lang) || none}</dd>
              <dt>{t('fields.createdAt')}</dt>
              <dd>{fmt.dateTime(p.createdAt)}</dd>
              <dt>{t('fields.updatedAt')}</dt>
              <dd>{fmt.dateTime(p.updatedAt)}</dd>
            </dl>
          </Card.Body>
        </Card>
        <Card className="shadow-sm">
          <Card.Body>
            <h2 className="h6 mb-3">{t('detail.weights')}</h2>
            <Row xs={2} className="g-2 weight-tiles">
              <WeightTile label={t('fields.weight')} value={p.weightG === null ? null : fmt.kg(p.weightG)} />
              <WeightTile label={t('fields.dimensions')} value={formatDimensions(p.lengthMm, p.widthMm, p.heightMm, lang) || null} />
              <WeightTile label={t('fields.volumetric')} value={p.volumetricG === null ? null : fmt.kg(p.volumetricG)} />
              <WeightTile
                label={t('fields.chargeable')}
                value={p.chargeableG === null ? null : fmt.kg(p.chargeableG)}
                strong
                note={p.chargeableG === null ? undefined : byVolume ? t('detail.byVolume') : t('detail.byWeight')}
                testId="detail-chargeable"
              />
            </Row>
            <div className="d-flex flex-wrap align-items-baseline gap-2 mt-3">
              <span className="small text-body-secondary">{t('fields.freight')}</span>
              <EstimatedFreight id={p.id} className="fs-5 fw-semibold font-tabular" />
              <span className="small text-body-secondary w-100">{t('freight.help')}</span>
            </div>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={7}>
        <Journey p={p} />
      </Col>
    </Row>
  );
}

function WeightTile({ label, value, strong, note, testId }: { label: string; value: string | null; strong?: boolean; note?: string; testId?: string }) {
  return (
    <Col>
      <div className={`rounded border p-2 h-100${strong ? ' border-primary-subtle bg-primary-subtle' : ''}`}>
        <div className="small text-body-secondary">{label}</div>
        <div className={`font-tabular ${strong ? 'fs-5 fw-semibold text-primary-emphasis' : 'fw-medium'}`} data-testid={testId}>
          {value ?? <span className="text-body-tertiary">—</span>}
        </div>
        {note && <div className="small text-body-secondary">{note}</div>}
      </div>
    </Col>
  );
}

function Journey({ p }: { p: Package }) {
  const { t } = useTranslation(['tracking', 'common']);
  const events = usePackageEvents(p.id);
  const [adding, setAdding] = useState(false);
  let body: ReactNode;
  if (events.isPending) {
    body = <Loading py={4} />;
  } else if (events.isError) {
    body = (
      <LoadFailed title={t('timeline.error')} error={events.error} onRetry={() => void events.refetch()} />
    );
  } else if (!events.data.items.length) {
    body = <EmptyState icon="bi-signpost" title={t('timeline.empty')} />;
  } else {
    body = <Timeline events={events.data.items} />;
  }
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <div className="d-flex align-items-center gap-2 mb-3">
          <h2 className="h6 mb-0">
            {t('timeline.title')}
            {events.data && <span className="ms-2 badge rounded-pill bg-body-secondary text-body border fw-normal">{events.data.items.length}</span>}
          </h2>
          {!adding && (
            <Button size="sm" variant="outline-primary" className="ms-auto" onClick={() => setAdding(true)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('event.add')}
            </Button>
          )}
        </div>
        {adding && <EventForm pkg={p} onDone={() => setAdding(false)} />}
        {body}
      </Card.Body>
    </Card>
  );
}

function Photos({ p }: { p: Package }) {
  const { t } = useTranslation('tracking');
  if (!p.photos.length) {
    return (
      <EmptyState
        icon="bi-images"
        title={t('photos.none')}
        action={
          <Link to={`/tracking/edit/${p.id}`} className="btn btn-sm btn-outline-primary">
            {t('photos.add')}
          </Link>
        }
      />
    );
  }
  return (
    <Row xs={1} sm={2} lg={4} className="g-3">
      {p.photos.map((ph, i) => (
        <Col key={i}>
          <Card className="h-100 shadow-sm">
            {/* The CSP lets the console load images from its own origin only; other addresses open in a new tab. */}
            {ph.url.startsWith('/') ? (
              <a href={ph.url} target="_blank" rel="noreferrer">
                <img src={ph.url} alt={ph.caption || t('photos.alt', { n: i + 1, code: p.code })} className="card-img-top package-photo" loading="lazy" />
              </a>
            ) : (
              <a href={ph.url} target="_blank" rel="noreferrer noopener" className="package-photo-link d-flex flex-column align-items-center justify-content-center text-decoration-none">
                <i className="bi bi-image fs-1" aria-hidden="true" />
                <span className="small">{t('photos.open')}</span>
              </a>
            )}
            <Card.Body className="py-2">
              <div className="small">{ph.caption || t('photos.alt', { n: i + 1, code: p.code })}</div>
              <div className="small text-body-tertiary text-truncate" title={ph.url}>
                {ph.url}
              </div>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
