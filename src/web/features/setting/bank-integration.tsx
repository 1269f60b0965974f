import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankIntegrationSettings, BankIntegrationSettingsPatch } from '../../../shared/contracts/bank-transactions';
import { BANK_PROVIDER_LABELS, BANK_PROVIDERS, type BankProvider } from '../../../shared/domain/bank-transfer';
import { PageHeader } from '../../components/page-header';
import { bankSettingsKey, saveBankIntegrationSettings, useBankIntegrationSettings } from '../../entities/bank-transaction/api';
import { errorMessage } from '../../lib/api-client';
import { toastPromise } from '../../lib/toast';
import { SettingNav } from './setting-nav';

const ENV_NAMES: Record<BankProvider, string> = { sepay: 'SEPAY_WEBHOOK_KEY', casso: 'CASSO_WEBHOOK_KEY' };
const PATCH_FIELDS: Record<BankProvider, 'sepayKey' | 'cassoKey'> = { sepay: 'sepayKey', casso: 'cassoKey' };

/**
 * /setting/bank (Admin): what to give SePay and Casso (the webhook URL of this console and a key), the keys' state
 * (never the key: only its last 4 characters and where it comes from), the receiving accounts the transfers must be
 * sent to, and the top-up word. A key in the server's environment wins over one saved here; a saved key is used
 * when the environment has none. The server validates and audits every change.
 */
export function BankIntegrationPage() {
  const { t } = useTranslation('setting');
  const query = useBankIntegrationSettings();
  const s = query.data;
  return (
    <>
      <PageHeader />
      <SettingNav />
      <p className="text-body-secondary" style={{ maxWidth: '60rem' }}>
        {t('bank.intro')}
      </p>
      {query.isError && <Alert variant="danger">{errorMessage(query.error)}</Alert>}
      {s && (
        <div className="row g-3">
          {BANK_PROVIDERS.map((p) => (
            <div className="col-12 col-xl-6" key={p}>
              <ProviderCard provider={p} settings={s} />
            </div>
          ))}
          <div className="col-12 col-xl-6">
            <AccountsCard settings={s} />
          </div>
          <div className="col-12 col-xl-6">
            <TopUpCard settings={s} />
          </div>
        </div>
      )}
    </>
  );
}

function useSave() {
  const { t } = useTranslation('setting');
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: BankIntegrationSettingsPatch) => toastPromise(saveBankIntegrationSettings(patch), { pending: t('bank.saving'), success: t('bank.saved') }),
    onSuccess: (data) => qc.setQueryData(bankSettingsKey, data),
  });
}

function ProviderCard({ provider, settings }: { provider: BankProvider; settings: BankIntegrationSettings }) {
  const { t } = useTranslation('setting');
  const status = settings[provider];
  const save = useSave();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = BANK_PROVIDER_LABELS[provider];
  const url = `${window.location.origin}${settings.webhookPaths[provider]}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ [PATCH_FIELDS[provider]]: key }, { onSuccess: () => setKey(''), onError: (err) => setError(errorMessage(err)) });
  };
  const remove = () => {
    setError(null);
    save.mutate({ [PATCH_FIELDS[provider]]: null }, { onError: (err) => setError(errorMessage(err)) });
  };
  const inputId = `bank-key-${provider}`;
  return (
    <Card className="h-100" data-testid={`bank-provider-${provider}`}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="fw-semibold">{name}</span>
        <Badge bg={status.configured ? 'success' : 'secondary'} data-testid={`bank-key-state-${provider}`}>
          {status.configured ? t(`bank.source.${status.source}`) : t('bank.notConfigured')}
        </Badge>
      </Card.Header>
      <Card.Body>
        <dl className="row small mb-3">
          <dt className="col-sm-4">{t('bank.url')}</dt>
          <dd className="col-sm-8 text-break font-monospace" data-testid={`bank-url-${provider}`}>
            {url}
          </dd>
          <dt className="col-sm-4">{t('bank.auth')}</dt>
          <dd className="col-sm-8">{t(`bank.authOf.${provider}`)}</dd>
          <dt className="col-sm-4">{t('bank.current')}</dt>
          <dd className="col-sm-8 font-monospace" data-testid={`bank-key-hint-${provider}`}>
            {status.hint ?? '—'}
          </dd>
        </dl>
        {status.source === 'env' && (
          <p className="small text-body-secondary" data-testid={`bank-env-note-${provider}`}>
            {t('bank.envWins', { env: ENV_NAMES[provider] })}
          </p>
        )}
        <Form onSubmit={submit} noValidate>
          <Form.Label htmlFor={inputId}>{t(status.configured ? 'bank.replaceKey' : 'bank.newKey', { name })}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id={inputId}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              value={key}
              onChange={(e) => setKey(e.target.value)}
              isInvalid={!!error}
              aria-describedby={`${inputId}-help`}
            />
            <Button type="submit" disabled={!key || save.isPending}>
              {t('bank.saveKey')}
            </Button>
            {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
          </InputGroup>
          <Form.Text id={`${inputId}-help`}>{t(`bank.keyHelp.${provider}`)}</Form.Text>
        </Form>
        {status.source === 'settings' && (
          <Button variant="outline-danger" size="sm" className="mt-3" onClick={remove} disabled={save.isPending} data-testid={`bank-remove-${provider}`}>
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('bank.removeKey')}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

function AccountsCard({ settings }: { settings: BankIntegrationSettings }) {
  const { t } = useTranslation('setting');
  return (
    <Card className="h-100">
      <Card.Header className="fw-semibold">{t('bank.accounts')}</Card.Header>
      <Card.Body>
        {settings.accounts.length ? (
          <ul className="list-unstyled mb-2" data-testid="bank-accounts">
            {settings.accounts.map((a) => (
              <li key={a.accountNumber} className="mb-1">
                <span className="font-tabular fw-semibold">{a.accountNumber}</span> · {a.bankName} · {a.accountName}
              </li>
            ))}
          </ul>
        ) : (
          <Alert variant="warning" className="mb-2">
            {t('bank.noAccount')}
          </Alert>
        )}
        <p className="small text-body-secondary mb-2">{t('bank.accountsHelp')}</p>
        <Link to="/setting?kind=bank_account" className="small">
          {t('bank.editAccounts')}
        </Link>
      </Card.Body>
    </Card>
  );
}

function TopUpCard({ settings }: { settings: BankIntegrationSettings }) {
  const { t } = useTranslation('setting');
  const save = useSave();
  const [word, setWord] = useState(settings.topUpPrefix);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ topUpPrefix: word }, { onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <Card className="h-100">
      <Card.Header className="fw-semibold">{t('bank.topUp')}</Card.Header>
      <Card.Body>
        <Form onSubmit={submit} noValidate>
          <Form.Label htmlFor="bank-topup">{t('bank.topUpWord')}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control id="bank-topup" value={word} onChange={(e) => setWord(e.target.value)} isInvalid={!!error} maxLength={10} autoComplete="off" aria-describedby="bank-topup-help" />
            <Button type="submit" disabled={save.isPending || word === settings.topUpPrefix}>
              {t('bank.save')}
            </Button>
            {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
          </InputGroup>
          <Form.Text id="bank-topup-help">{t('bank.topUpHelp', { example: `${settings.topUpPrefix || 'NAP'} KH000201` })}</Form.Text>
        </Form>
      </Card.Body>
    </Card>
  );
}
