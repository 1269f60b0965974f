import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MessageTestResult } from '../../../shared/contracts/messages';
import {
  NOTIFICATIONS_KIND,
  REMINDER_DAYS_DEFAULT,
  REMINDER_DAYS_KEY,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  settingValueSchema,
  ZNS_TEMPLATES_KEY,
  ZnsTemplatesValue,
  type Setting,
} from '../../../shared/contracts/settings';
import { NOTIFY_EVENTS, ZNS_PARAMS, type NotifyEvent } from '../../../shared/domain/notifications';
import { PageHeader } from '../../components/page-header';
import { testSendMessage, useQueueStatus } from '../../entities/message/api';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { toastPromise } from '../../lib/toast';
import { settingApi, useVersions } from './api';
import { SettingNav } from './setting-nav';

/** One template as the screen edits it: the id and the parameter rows in order. */
interface TemplateDraft {
  templateId: string;
  params: Array<{ name: string; field: string }>;
}
type Drafts = Record<NotifyEvent, TemplateDraft>;

function toDrafts(value: unknown): Drafts {
  const parsed = ZnsTemplatesValue.safeParse(value ?? {});
  const saved = parsed.success ? parsed.data : {};
  return Object.fromEntries(
    NOTIFY_EVENTS.map((e) => [e, { templateId: saved[e]?.templateId ?? '', params: Object.entries(saved[e]?.params ?? {}).map(([name, field]) => ({ name, field })) }]),
  ) as Drafts;
}

/** The saved value: only events with a template id; a parameter row without a name is left out. */
function fromDrafts(drafts: Drafts): unknown {
  const value: Record<string, unknown> = {};
  for (const e of NOTIFY_EVENTS) {
    const d = drafts[e];
    if (!d.templateId.trim() && !d.params.length) continue;
    value[e] = { templateId: d.templateId, params: Object.fromEntries(d.params.filter((p) => p.name !== '').map((p) => [p.name, p.field])) };
  }
  return value;
}

/** The version in force of a plain setting (notifications are edited in place). */
function useCurrent(key: string) {
  const versions = useVersions(NOTIFICATIONS_KIND, key);
  return { query: versions, current: versions.data?.items.find((v) => v.status === 'current') };
}

function useSaveSetting(key: string, current: Setting | undefined) {
  const { t } = useTranslation('message');
  const cache = settingApi.useCache();
  return useMutation({
    mutationFn: (value: unknown) =>
      toastPromise(current ? settingApi.patch(current.id, `"${current.version}"`, { value }) : settingApi.create({ kind: NOTIFICATIONS_KIND, key, value }), {
        pending: t('settings.saving'),
        success: t('settings.saved'),
      }),
    onSuccess: (saved) => cache.saved(saved),
  });
}

/**
 * /setting/notifications (Admin): the Zalo template of each event kind (its id, and which of our fields fills each
 * of its parameters, within Zalo's length limits), a test send per template, the days before a balance reminder,
 * and the job queue's figures. The contract checks every value here as the server does.
 */
export function NotificationsSettingsPage() {
  const { t } = useTranslation('message');
  const templates = useCurrent(ZNS_TEMPLATES_KEY);
  const days = useCurrent(REMINDER_DAYS_KEY);
  return (
    <>
      <PageHeader />
      <SettingNav />
      <p className="text-body-secondary" style={{ maxWidth: '60rem' }}>
        {t('settings.intro')}
      </p>
      <Row className="g-3 mb-3">
        <Col xs={12} xl={6}>
          <QueueCard />
        </Col>
        <Col xs={12} xl={6}>
          {days.query.isSuccess && <ReminderDaysCard key={days.current?.version ?? 0} current={days.current} />}
        </Col>
      </Row>
      {templates.query.isError && <Alert variant="danger">{errorMessage(templates.query.error)}</Alert>}
      {templates.query.isSuccess && <TemplatesForm key={templates.current?.version ?? 0} current={templates.current} />}
    </>
  );
}

function QueueCard() {
  const { t } = useTranslation('message');
  const queue = useQueueStatus();
  const q = queue.data;
  const tiles = q
    ? [
        { key: 'backlog', label: t('queue.backlog'), value: String(q.backlog), warn: q.backlog > 100 },
        { key: 'oldest', label: t('queue.oldest'), value: t('queue.seconds', { count: q.oldestWaitingSeconds }), warn: q.oldestWaitingSeconds > 300 },
        { key: 'failed', label: t('queue.failed'), value: String(q.failedLastHour), warn: q.failedLastHour > 0 },
      ]
    : [];
  return (
    <Card className="h-100" data-testid="queue-status">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <span className="fw-semibold">{t('queue.title')}</span>
        <Button size="sm" variant="outline-secondary" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
          {t('queue.refresh')}
        </Button>
      </Card.Header>
      <Card.Body>
        {queue.isError && <Alert variant="danger" className="mb-0">{errorMessage(queue.error)}</Alert>}
        {queue.isPending && <Spinner size="sm" aria-label={t('queue.loading')} />}
        {q && (
          <Row xs={3} className="g-2">
            {tiles.map((tile) => (
              <Col key={tile.key}>
                <div className="small text-body-secondary">{tile.label}</div>
                <div className={`fs-4 fw-semibold font-tabular${tile.warn ? ' text-danger-emphasis' : ''}`} data-testid={`queue-${tile.key}`}>
                  {tile.value}
                </div>
              </Col>
            ))}
          </Row>
        )}
        <p className="small text-body-secondary mb-0 mt-2">{t('queue.help')}</p>
      </Card.Body>
    </Card>
  );
}

function ReminderDaysCard({ current }: { current: Setting | undefined }) {
  const { t } = useTranslation('message');
  const id = useId();
  const save = useSaveSetting(REMINDER_DAYS_KEY, current);
  const [text, setText] = useState(String(typeof current?.value === 'number' ? current.value : REMINDER_DAYS_DEFAULT));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // Refused, never rewritten: "7.5" or "abc" is an error, not 7.
    const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
    const check = settingValueSchema(NOTIFICATIONS_KIND, REMINDER_DAYS_KEY)!.safeParse(value);
    if (!check.success) return setError(check.error.issues[0]!.message);
    save.mutate(value, { onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <Card className="h-100">
      <Card.Header className="fw-semibold">{t('settings.reminderTitle')}</Card.Header>
      <Card.Body>
        <Form onSubmit={submit} noValidate>
          <Form.Label htmlFor={id}>{t('settings.reminderDays')}</Form.Label>
          <InputGroup hasValidation style={{ maxWidth: '20rem' }}>
            <Form.Control id={id} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} isInvalid={!!error} aria-describedby={`${id}-help`} />
            <InputGroup.Text>{t('settings.days')}</InputGroup.Text>
            <Button type="submit" disabled={save.isPending}>
              {t('settings.save')}
            </Button>
            {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
          </InputGroup>
          <Form.Text id={`${id}-help`}>
            {t('settings.reminderHelp', { min: REMINDER_DAYS_MIN, max: REMINDER_DAYS_MAX, def: REMINDER_DAYS_DEFAULT })}
            {!current && ` ${t('settings.reminderDefault', { def: REMINDER_DAYS_DEFAULT })}`}
          </Form.Text>
        </Form>
      </Card.Body>
    </Card>
  );
}

function TemplatesForm({ current }: { current: Setting | undefined }) {
  const { t } = useTranslation('message');
  const save = useSaveSetting(ZNS_TEMPLATES_KEY, current);
  const [drafts, setDrafts] = useState<Drafts>(() => toDrafts(current?.value));
  const [errors, setErrors] = useState<Array<{ path: string; message: string }>>([]);
  const qc = useQueryClient();
  const update = (e: NotifyEvent, d: TemplateDraft) => setDrafts((all) => ({ ...all, [e]: d }));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const value = fromDrafts(drafts);
    const check = ZnsTemplatesValue.safeParse(value);
    if (!check.success) return setErrors(check.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
    setErrors([]);
    save.mutate(value, {
      onSuccess: () => void qc.invalidateQueries({ queryKey: settingApi.keys.lists() }),
      onError: (err) => {
        const details = isApiRequestError(err) ? err.data.details : undefined;
        setErrors(Array.isArray(details) ? (details as Array<{ path: string; message: string }>).map((d) => ({ path: d.path.replace(/^value\./, ''), message: d.message })) : [{ path: '', message: errorMessage(err) }]);
      },
    });
  };
  const errorsOf = (e: NotifyEvent) => errors.filter((x) => x.path === e || x.path.startsWith(`${e}.`));
  return (
    <Form onSubmit={submit} noValidate aria-label={t('settings.templatesTitle')}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">{t('settings.templatesTitle')}</h2>
        <Button type="submit" disabled={save.isPending} data-testid="zns-templates-save">
          {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('settings.saveTemplates')}
        </Button>
      </div>
      <p className="small text-body-secondary">{t('settings.templatesHelp')}</p>
      {errors.some((x) => x.path === '') && <Alert variant="danger">{errors.find((x) => x.path === '')!.message}</Alert>}
      <Row className="g-3">
        {NOTIFY_EVENTS.map((e) => (
          <Col xs={12} xl={6} key={e}>
            <TemplateCard event={e} draft={drafts[e]} onChange={(d) => update(e, d)} errors={errorsOf(e)} saved={Boolean(current && ZnsTemplatesValue.safeParse(current.value).data?.[e])} />
          </Col>
        ))}
      </Row>
    </Form>
  );
}

function TemplateCard({ event, draft, onChange, errors, saved }: { event: NotifyEvent; draft: TemplateDraft; onChange(d: TemplateDraft): void; errors: Array<{ path: string; message: string }>; saved: boolean }) {
  const { t } = useTranslation('message');
  const id = useId();
  const fields = Object.entries(ZNS_PARAMS[event]);
  const idError = errors.find((x) => x.path === `${event}.templateId`)?.message;
  const paramError = (name: string) => errors.find((x) => x.path === `${event}.params.${name}`)?.message;
  const other = errors.filter((x) => x.path !== `${event}.templateId` && !x.path.startsWith(`${event}.params.`) || x.path === `${event}.params`);
  const setParam = (i: number, p: { name: string; field: string }) => onChange({ ...draft, params: draft.params.map((x, j) => (j === i ? p : x)) });
  return (
    <Card className="h-100" data-testid={`zns-template-${event}`}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="fw-semibold">{t(`events.${event}`)}</span>
        <Badge bg={saved ? 'success' : 'secondary'}>{saved ? t('settings.mapped') : t('settings.fallback')}</Badge>
      </Card.Header>
      <Card.Body>
        <Form.Group className="mb-3" controlId={`${id}-template`}>
          <Form.Label>{t('settings.templateId')}</Form.Label>
          <Form.Control value={draft.templateId} onChange={(e) => onChange({ ...draft, templateId: e.target.value })} isInvalid={!!idError} autoComplete="off" spellCheck={false} className="font-tabular" />
          {idError && <Form.Control.Feedback type="invalid">{idError}</Form.Control.Feedback>}
        </Form.Group>
        <fieldset className="mb-2">
          <legend className="form-label fs-6 mb-1">{t('settings.params')}</legend>
          {draft.params.length === 0 && <p className="small text-body-secondary mb-2">{t('settings.noParams', { fields: fields.map(([f]) => f).join(', ') })}</p>}
          {draft.params.map((p, i) => {
            const err = paramError(p.name);
            return (
              <div className="d-flex flex-wrap flex-sm-nowrap gap-2 mb-2 align-items-start" key={i} data-testid="zns-param-row">
                <Form.Control
                  size="sm"
                  aria-label={t('settings.paramName', { n: i + 1 })}
                  placeholder={t('settings.paramPlaceholder')}
                  value={p.name}
                  onChange={(e) => setParam(i, { ...p, name: e.target.value })}
                  isInvalid={!!err}
                  className="font-tabular"
                  spellCheck={false}
                />
                <Form.Select size="sm" aria-label={t('settings.paramField', { n: i + 1 })} value={p.field} onChange={(e) => setParam(i, { ...p, field: e.target.value })} isInvalid={!!err}>
                  {!fields.some(([f]) => f === p.field) && <option value={p.field}>{p.field}</option>}
                  {fields.map(([f, max]) => (
                    <option key={f} value={f}>
                      {t(`fieldNames.${f}`)} ({t('settings.maxChars', { max })})
                    </option>
                  ))}
                </Form.Select>
                <Button size="sm" variant="outline-danger" aria-label={t('settings.removeParam', { n: i + 1 })} onClick={() => onChange({ ...draft, params: draft.params.filter((_, j) => j !== i) })}>
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
                {err && <div className="invalid-feedback d-block w-100">{err}</div>}
              </div>
            );
          })}
          <Button size="sm" variant="outline-secondary" onClick={() => onChange({ ...draft, params: [...draft.params, { name: '', field: fields[0]![0] }] })}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('settings.addParam')}
          </Button>
        </fieldset>
        {other.map((x) => (
          <div className="invalid-feedback d-block" key={x.path + x.message}>
            {x.message}
          </div>
        ))}
        <TestSend event={event} />
      </Card.Body>
    </Card>
  );
}

function TestSend({ event }: { event: NotifyEvent }) {
  const { t } = useTranslation('message');
  const id = useId();
  const [phone, setPhone] = useState('');
  const [result, setResult] = useState<MessageTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => testSendMessage({ event, phone }) });
  const run = () => {
    setError(null);
    setResult(null);
    send.mutate(undefined, { onSuccess: setResult, onError: (err) => setError(errorMessage(err)) });
  };
  const tone = result?.outcome === 'sent' ? 'success' : result?.outcome === 'failed' ? 'danger' : 'warning';
  return (
    <div className="border-top pt-3 mt-3">
      <Form.Label htmlFor={`${id}-phone`}>{t('test.phone')}</Form.Label>
      <InputGroup size="sm" hasValidation>
        <Form.Control id={`${id}-phone`} type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} isInvalid={!!error} placeholder="0912 345 678" aria-describedby={`${id}-help`} />
        <Button variant="outline-primary" onClick={run} disabled={!phone.trim() || send.isPending} data-testid={`zns-test-${event}`}>
          {send.isPending ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : <i className="bi bi-send me-1" aria-hidden="true" />}
          {t('test.send')}
        </Button>
        {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
      </InputGroup>
      <Form.Text id={`${id}-help`}>{t('test.help')}</Form.Text>
      {result && (
        <Alert variant={tone} className="mt-2 mb-0 small" role="status" data-testid={`zns-test-result-${event}`}>
          <p className="fw-semibold mb-1">{t(`test.outcome.${result.outcome}`, { phone: result.phone, template: result.templateId })}</p>
          {result.reason && <p className="mb-1">{result.reason}</p>}
          <details>
            <summary>{t('test.details')}</summary>
            <pre className="mb-0 mt-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {JSON.stringify({ template_data: result.templateData, answer: result.answer }, null, 2)}
            </pre>
          </details>
        </Alert>
      )}
    </div>
  );
}
