import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AddPackagesResponse, MawbList, MawbStatus } from '../../../shared/contracts/mawbs';
import { MAWB_EDITABLE_PACKAGES_STATUSES } from '../../../shared/domain/mawb-lifecycle';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { EmptyState } from '../../components/empty-state';
import { StatusBadge } from '../../components/status-badge';
import { LoadFailed } from '../../components/load-failed';
import { useCommand } from '../../components/use-command';

/** The open MAWBs a package can still go on, soonest departure first; a business has a handful open at a time. */
const OPEN_QUERY = { status: MAWB_EDITABLE_PACKAGES_STATUSES.join(','), sort: 'etd', pageSize: 200 } as const;

export interface AddToMawbDialogProps {
  /** Tracking numbers or package codes (what POST /api/mawbs/:id/packages takes). */
  packageTrackingNumbers: string[];
  /** After the packages went on a MAWB (with the answer), or when the dialog is closed without it (null). */
  onDone(result: AddPackagesResponse | null): void;
  /** Defaults to true: mounting the dialog opens it. */
  show?: boolean;
}

/**
 * Puts packages on a MAWB chosen from the open ones (draft or booked): the tracking search's "put on a MAWB".
 * The server takes them all or none; its refusal (a package on another MAWB, not received abroad, unknown)
 * names each package and is shown as it is, with the dialog left open to pick another MAWB.
 */
export function AddToMawbDialog({ packageTrackingNumbers, onDone, show = true }: AddToMawbDialogProps) {
  const { t } = useTranslation(['mawb', 'common']);
  const fmt = useFormat();
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const add = useCommand({
    run: (mawbId: number) => api.post<AddPackagesResponse>(`/api/mawbs/${mawbId}/packages`, { trackingNumbers: packageTrackingNumbers }),
    showError: 'inline',
    invalidate: [queryKeys.Mawb.all, queryKeys.Tracking.all],
    success: (res) => t('addDialog.done', { count: res.added.length, awb: res.mawb.awbNumber }),
    onSuccess: (res) => {
      if (res.alreadyOnMawb.length) toast.info(t('addDialog.already', { count: res.alreadyOnMawb.length }));
      onDone(res);
    },
  });
  const { busy, error: refusal } = add;
  const count = packageTrackingNumbers.length;

  const open = useQuery({
    queryKey: queryKeys.Mawb.list(OPEN_QUERY),
    queryFn: ({ signal }) => api.get<MawbList>('/api/mawbs', OPEN_QUERY, { signal }),
    enabled: show,
  });
  const items = useMemo(() => {
    const q = filter.trim().toUpperCase().replace(/\s+/g, '');
    const all = open.data?.items ?? [];
    if (!q) return all;
    return all.filter((m) => [m.awbNumber, m.awbNumber.replace('-', ''), m.flights.replace(/\s+/g, ''), m.origin, m.destination, m.airlineName.toUpperCase()].some((s) => s.includes(q)));
  }, [open.data, filter]);

  const submit = () => {
    if (chosen === null || !count) return;
    add.run(chosen);
  };

  let body;
  if (open.isPending) {
    body = (
      <div className="d-flex align-items-center gap-2 py-4 justify-content-center text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" /> {t('addDialog.loading')}
      </div>
    );
  } else if (open.isError) {
    body = (
      <LoadFailed title={t('addDialog.error')} error={open.error} onRetry={() => void open.refetch()} />
    );
  } else if (!open.data.items.length) {
    body = (
      <EmptyState
        icon="bi-airplane"
        title={t('addDialog.none')}
        action={
          <Link to="/mawb/create" className="btn btn-sm btn-primary">
            {t('addDialog.createOne')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <Form.Control
          type="search"
          size="sm"
          className="mb-2"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
        />
        <div className="list-group add-to-mawb-list" role="radiogroup" aria-labelledby={`${id}-pick`} style={{ maxHeight: '50vh', overflowY: 'auto' }}>
          {items.map((m) => (
            <label key={m.id} className={`list-group-item list-group-item-action d-flex gap-3 align-items-start${chosen === m.id ? ' active' : ''}`} data-testid="open-mawb">
              <input
                type="radio"
                className="form-check-input flex-shrink-0 mt-1"
                name={`${id}-mawb`}
                value={m.id}
                checked={chosen === m.id}
                onChange={() => setChosen(m.id)}
              />
              <span className="flex-grow-1" style={{ minWidth: 0 }}>
                <span className="d-flex flex-wrap align-items-center gap-2">
                  <strong className="font-tabular">{m.awbNumber}</strong>
                  <StatusBadge tone={m.status === 'draft' ? 'secondary' : 'info'}>{t(`statuses.${m.status as MawbStatus}`)}</StatusBadge>
                  <span className="small ms-auto font-tabular">{m.etd ? fmt.dateTime(m.etd) : ''}</span>
                </span>
                <span className="d-block small">
                  {m.airlineName} · {m.origin} → {m.destination}
                  {m.flights && ` · ${m.flights}`}
                </span>
                <span className="d-block small opacity-75 font-tabular">{t('addDialog.summary', { pieces: fmt.integer(m.pieces), weight: fmt.kg(m.chargeableWeightG) })}</span>
              </span>
            </label>
          ))}
        </div>
      </>
    );
  }

  return (
    <Modal show={show} onHide={busy ? () => {} : () => onDone(null)} centered size="lg" aria-labelledby={`${id}-title`} backdrop={busy ? 'static' : true}>
      <Modal.Header closeButton={!busy} closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          {t('addDialog.title', { count })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary mb-2">
          {t('addDialog.packages')}:{' '}
          <span className="font-monospace">
            {packageTrackingNumbers.slice(0, 8).join(', ')}
            {count > 8 && ` … (+${count - 8})`}
          </span>
        </p>
        {refusal && (
          <Alert variant="danger" className="small" role="alert" data-testid="add-refusal">
            {refusal}
          </Alert>
        )}
        <p id={`${id}-pick`} className="fw-medium mb-2">
          {t('addDialog.pick')}
        </p>
        {body}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => onDone(null)} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="primary" onClick={() => submit()} disabled={busy || chosen === null || !count}>
          {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <i className="bi bi-stack me-1" aria-hidden="true" />}
          {busy ? t('addDialog.saving') : t('addDialog.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
