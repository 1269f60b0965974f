import { useState } from 'react';
import { Alert, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Transaction } from '../../../shared/contracts/transactions';
import { historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { BalanceAmount, SignedAmount, TransactionMethodText, TransactionNote, TransactionTypeBadge } from '../../entities/transaction/badges';
import { ReferenceDoc } from '../../entities/transaction/columns';
import { NewTransactionDialog } from '../../entities/transaction/new-transaction-dialog';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/use-format';
import { TRANSACTION_HISTORY_IGNORE, useTransactionFields } from './transaction-fields';
import { type Versioned } from '../../components/resource-api';
import { transactionApi } from '../../entities/transaction/api';

/** /transaction/:id: one ledger row, read-only; its note and reference are edited on /transaction/edit/:id. */
export function TransactionDetailPage() {
  const { id = '' } = useParams();
  const query = transactionApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/transaction">
      {(data) => <TransactionDetail loaded={data} />}
    </RecordPage>
  );
}

function TransactionDetail({ loaded }: { loaded: Versioned<Transaction> }) {
  const { t } = useTranslation(['transaction', 'common']);
  const fields = useTransactionFields();
  const [correcting, setCorrecting] = useState(false);
  const r = loaded.record;
  return (
    <>
      <PageHeader
        title={
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            {r.code}
            <TransactionTypeBadge type={r.type} />
          </span>
        }
        actions={
          <>
            <Button variant="outline-primary" onClick={() => setCorrecting(true)}>
              <i className="bi bi-sliders me-1" aria-hidden="true" />
              {t('detail.correct')}
            </Button>
            <Link to={`/transaction/edit/${r.id}`} className="btn btn-primary">
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {t('detail.editNote')}
            </Link>
          </>
        }
      />
      <UrlTabs
        id="transaction-tabs"
        tabs={[
          { key: 'details', title: t('detail.tabs.details'), content: <LedgerRow r={r} /> },
          historyTab(t('detail.tabs.history'), { entity: 'transactions', entityId: r.id, queryKey: transactionApi.keys.history(r.id), fields, ignore: TRANSACTION_HISTORY_IGNORE }),
        ]}
      />
      <CorrectionDialog r={r} show={correcting} onHide={() => setCorrecting(false)} />
    </>
  );
}

/** A correction of a ledger row: a new adjustment for its customer, which the user edits before posting. */
export function CorrectionDialog({ r, show, onHide }: { r: Transaction; show: boolean; onHide: () => void }) {
  const { t } = useTranslation('transaction');
  return (
    <NewTransactionDialog
      show={show}
      onHide={onHide}
      customerId={r.customerId}
      defaultType="adjustment"
      // Undoing this row's effect is the usual correction: the opposite direction, to be edited.
      defaultDirection={r.amount > 0 ? 'out' : 'in'}
      defaultNote={t('detail.correctNote', { code: r.code })}
    />
  );
}

/** The ledger row, read-only: signed amount, balance after, where it points. */
export function LedgerRow({ r }: { r: Transaction }) {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  const none = <span className="text-body-tertiary">—</span>;
  return (
    <Row className="g-3">
      <Col lg={8}>
        <Card className="shadow-sm h-100">
          <Card.Body>
            <h2 className="h6 mb-3">{t('detail.ledger')}</h2>
            <Row xs={1} sm={2} className="g-3 mb-3">
              <Col>
                <div className="small text-body-secondary">{t('fields.amount')}</div>
                <div className="fs-4" data-testid="tx-amount">
                  <SignedAmount amount={r.amount} />
                </div>
              </Col>
              <Col>
                <div className="small text-body-secondary">{t('fields.balanceAfter')}</div>
                <div className="fs-4 fw-semibold" data-testid="tx-balance-after">
                  <BalanceAmount amount={r.balanceAfter} />
                </div>
              </Col>
            </Row>
            <dl className="detail-list">
              <dt>{t('fields.customer')}</dt>
              <dd>
                <Link to={`/customer/${r.customerId}`}>
                  <span className="font-tabular">{r.customerCode}</span> · {r.customerName}
                </Link>
              </dd>
              <dt>{t('fields.type')}</dt>
              <dd>
                <TransactionTypeBadge type={r.type} />
              </dd>
              <dt>{t('fields.method')}</dt>
              <dd>
                <TransactionMethodText method={r.method} />
              </dd>
              <dt>{t('fields.referenceDoc')}</dt>
              <dd>{r.referenceType ? (
                <>
                  <span className="text-body-secondary me-1">{t(`referenceTypes.${r.referenceType}`)}</span>
                  <ReferenceDoc row={r} />
                </>
              ) : (
                <span className="text-body-tertiary">{t('detail.noReference')}</span>
              )}</dd>
              <dt>{t('fields.reference')}</dt>
              <dd className="font-tabular">{r.reference || none}</dd>
              <dt>{t('fields.note')}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{r.note || r.noteCode ? <TransactionNote row={r} /> : none}</dd>
              <dt>{t('fields.status')}</dt>
              <dd>{t(`statuses.${r.status}`)}</dd>
              <dt>{t('fields.actor')}</dt>
              <dd>{r.actorName ?? none}</dd>
              <dt>{t('fields.createdAt')}</dt>
              <dd>{fmt.dateTime(r.createdAt)}</dd>
              {r.updatedAt !== r.createdAt && (
                <>
                  <dt>{t('fields.updatedAt')}</dt>
                  <dd>{fmt.dateTime(r.updatedAt)}</dd>
                </>
              )}
            </dl>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={4}>
        <Alert variant="secondary" className="small mb-0">
          <p className="mb-2">
            <i className="bi bi-journal-check me-1" aria-hidden="true" />
            {t('detail.appendOnly')}
          </p>
          <p className="mb-0">{t('detail.signedNote')}</p>
        </Alert>
      </Col>
    </Row>
  );
}
