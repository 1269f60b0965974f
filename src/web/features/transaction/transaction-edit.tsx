import { useState } from 'react';
import { Alert, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TransactionPatch, type Transaction } from '../../../shared/contracts/transactions';
import { TextareaField, TextField } from '../../components/form/fields';
import { FormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { pickDirty, useResourceForm } from '../../components/form/use-resource-form';
import { SignedAmount, TransactionTypeBadge } from '../../entities/transaction/badges';
import { CorrectionDialog } from './transaction-detail';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/use-format';
import { useTransactionEditableFields } from './transaction-fields';
import { type Versioned } from '../../components/resource-api';
import { transactionApi } from '../../entities/transaction/api';
import { ResourceEditPage, useFormBase } from '../../components/resource-pages';

/** /transaction/edit/:id: only the note and the reference; an amount is corrected by a new adjustment. */
export function TransactionEditPage() {
  return <ResourceEditPage client={transactionApi}>{(data) => <TransactionEdit loaded={data} />}</ResourceEditPage>;
}

const toValues = (r: Transaction) => ({ reference: r.reference, note: r.note });

function TransactionEdit({ loaded }: { loaded: Versioned<Transaction> }) {
  const { t } = useTranslation(['transaction', 'common']);
  const navigate = useNavigate();
  const fmt = useFormat();
  const { saved } = transactionApi.useCache();
  const conflictFields = useTransactionEditableFields();
  const { base, rebase } = useFormBase(loaded);
  const [correcting, setCorrecting] = useState(false);
  const r = base.record;

  const rf = useResourceForm({
    schema: TransactionPatch,
    defaultValues: toValues(loaded.record),
    save: async (values, ctx) => {
      const row = await transactionApi.patch(base.record.id, base.etag, pickDirty(values, ctx.isDirty));
      saved(row);
      return row;
    },
    texts: { pending: t('edit.saving'), success: (row) => t('edit.saved', { code: row.code }) },
    onSaved: (row) => navigate(`/transaction/${row.id}`),
    toValues: (rec: Transaction) => toValues(rec),
    onRebase: rebase,
  });
  const form = rf.form;
  const dirty = form.formState.isDirty;

  return (
    <>
      <PageHeader title={t('edit.title', { code: r.code })} />
      <Row className="g-3">
        <Col lg={8}>
          <Alert variant="info" className="d-flex gap-2 align-items-start">
            <i className="bi bi-journal-check" aria-hidden="true" />
            <div>
              <p className="mb-2">{t('edit.onlyThese')}</p>
              <Button size="sm" variant="outline-primary" onClick={() => setCorrecting(true)}>
                <i className="bi bi-sliders me-1" aria-hidden="true" />
                {t('detail.correct')}
              </Button>
            </div>
          </Alert>
          <ResourceFormFrame rf={rf} conflictFields={conflictFields} base={r} aria-label={t('edit.label')}>
            <Card className="shadow-sm mb-3">
              <Card.Body>
                <TextField form={form} name="reference" label={t('fields.reference')} maxLength={200} autoComplete="off" help={t('dialog.referenceHelp')} />
                <TextareaField form={form} name="note" label={t('fields.note')} rows={4} maxLength={2000} />
              </Card.Body>
            </Card>
            <FormActions saving={rf.saving} dirty={dirty} disabled={!dirty} onCancel={() => navigate(`/transaction/${r.id}`)} saveLabel={t('edit.saveChanges')} />
          </ResourceFormFrame>
        </Col>
        {/* On a phone the row being annotated comes first. */}
        <Col lg={4} className="order-first order-lg-last">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6 mb-3">{t('detail.ledger')}</h2>
              <dl className="detail-list small">
                <dt>{t('fields.customer')}</dt>
                <dd>
                  <span className="font-tabular">{r.customerCode}</span> · {r.customerName}
                </dd>
                <dt>{t('fields.type')}</dt>
                <dd>
                  <TransactionTypeBadge type={r.type} />
                </dd>
                <dt>{t('fields.amount')}</dt>
                <dd>
                  <SignedAmount amount={r.amount} />
                </dd>
                <dt>{t('fields.balanceAfter')}</dt>
                <dd className="font-tabular">{fmt.vnd(r.balanceAfter)}</dd>
                <dt>{t('fields.createdAt')}</dt>
                <dd>{fmt.dateTime(r.createdAt)}</dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <CorrectionDialog r={r} show={correcting} onHide={() => setCorrecting(false)} />
    </>
  );
}
