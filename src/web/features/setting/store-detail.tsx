import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Store } from '../../../shared/contracts/stores';
import { DetailHeader } from '../../components/detail-header';
import { historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import type { Versioned } from '../../components/resource-api';
import { UrlTabs } from '../../components/url-tabs';
import { useCommand } from '../../components/use-command';
import { storeApi } from '../../entities/store/api';
import { StoreKindBadge, StoreStatusBadge, useStoreFields } from './store-fields';

/** /setting/stores/:id: the store, deactivate / reactivate, delete (refused while in use), History. */
export function StoreDetailPage() {
  const { id = '' } = useParams();
  const query = storeApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/setting/stores">
      {(data) => <StoreDetail key={id} loaded={data} />}
    </RecordPage>
  );
}

function StoreDetail({ loaded }: { loaded: Versioned<Store> }) {
  const { t } = useTranslation('setting');
  const cache = storeApi.useCache();
  const fields = useStoreFields();
  const s = loaded.record;
  const active = s.status === 'active';

  const toggler = useCommand({
    run: () => storeApi.patch(s.id, loaded.etag, { status: active ? 'inactive' : 'active' }),
    pending: t('stores.form.saving'),
    success: active ? t('stores.detail.deactivated') : t('stores.detail.activated'),
    onSuccess: (saved) => cache.saved(saved),
    // The toast said why (someone changed it meanwhile: the page reloads it).
    onError: () => cache.refresh(s.id),
  });
  const busy = toggler.busy;
  const toggle = () => toggler.run();

  const overview = (
    <Card className="shadow-sm">
      <Card.Body>
        <dl className="row mb-0">
          {fields
            .filter((f) => f.name !== 'code' && f.name !== 'status')
            .map((f) => {
              const v = (s as unknown as Record<string, unknown>)[f.name];
              return (
                <div key={f.name} className="col-sm-6 col-lg-4 mb-3">
                  <dt className="small text-body-secondary fw-normal">{f.label}</dt>
                  <dd className="mb-0 text-break">{v === '' || v == null ? '—' : f.format ? f.format(v) : String(v)}</dd>
                </div>
              );
            })}
        </dl>
      </Card.Body>
    </Card>
  );

  return (
    <>
      <DetailHeader
        title={s.name}
        code={s.code}
        badges={
          <>
            <StoreKindBadge kind={s.kind} />
            <StoreStatusBadge status={s.status} />
          </>
        }
        actions={
          <Button variant="outline-secondary" onClick={() => toggle()} disabled={busy}>
            <i className={`bi ${active ? 'bi-pause-circle' : 'bi-play-circle'} me-1`} aria-hidden="true" />
            {active ? t('stores.detail.deactivate') : t('stores.detail.activate')}
          </Button>
        }
        editTo={`/setting/stores/edit/${s.id}`}
        remove={{
          title: t('stores.detail.removeTitle', { code: s.code }),
          text: t('stores.detail.removeText'),
          remove: () => storeApi.remove(s.id, loaded.etag),
          pending: t('stores.detail.removing'),
          success: t('stores.detail.removed'),
          onDeleted: () => cache.removed(s.id),
          listPath: '/setting/stores',
        }}
      />
      <UrlTabs
        id="store-detail"
        tabs={[
          { key: 'overview', title: t('stores.detail.overview'), content: overview },
          historyTab(t('stores.detail.history'), { entity: 'stores', entityId: s.id, queryKey: storeApi.keys.history(s.id), fields }),
        ]}
      />
    </>
  );
}
