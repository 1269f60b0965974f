import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ChangePasswordBody, MePatch, PASSWORD_MIN_LENGTH, type MeResponse } from '../../../shared/contracts/auth';
import { LoadFailed } from '../../components/load-failed';
import { PasswordField, TextField } from '../../components/form/fields';
import { FormActions, ResourceFormFrame } from '../../components/form/resource-form';
import { useResourceForm } from '../../components/form/use-resource-form';
import { PageHeader } from '../../components/page-header';
import { changePassword, meKey, patchMe, syncStoredUser, useMe } from './api';
import { TwoFactorCard } from './two-factor-card';
import { SessionsList } from '../../components/sessions-list';

/** /customer/infor-user: the signed-in user's own profile (name, phone), their password and their two-factor sign-in. */
export function InforUserPage() {
  const { t } = useTranslation('auth');
  const query = useMe();
  return (
    <>
      <PageHeader />
      {query.isPending ? (
        <div className="placeholder-glow" aria-hidden="true">
          <span className="placeholder col-12 rounded" style={{ height: '14rem' }} />
        </div>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} backTo="/dashboard/ecommerce" />
      ) : (
        <Row className="g-3">
          <Col lg={7}>
            <ProfileCard key={query.data.id} me={query.data} />
          </Col>
          <Col lg={5}>
            <PasswordCard email={query.data.email} />
          </Col>
          <Col lg={7}>
            <TwoFactorCard />
          </Col>
          <Col lg={5}>
            <Card className="shadow-sm h-100">
              <Card.Body>
                <h2 className="h6 mb-1">{t('auth:sessionsTitle')}</h2>
                <SessionsList url="/api/auth/sessions" queryKey={[...meKey, 'sessions']} />
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}

function ProfileCard({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['customer', 'common']);
  const qc = useQueryClient();
  const rf = useResourceForm({
    schema: MePatch,
    defaultValues: { fullName: me.fullName, phone: me.employee?.phone ?? '' },
    stay: true,
    save: async (values) => {
      const saved = await patchMe(values);
      qc.setQueryData(meKey, saved);
      syncStoredUser(saved);
      return saved;
    },
    texts: { pending: t('form.saving'), success: t('inforUser.saved') },
  });
  const form = rf.form;
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 mb-3">{t('inforUser.profile')}</h2>
        <dl className="detail-list mb-4">
          <dt>{t('inforUser.email')}</dt>
          <dd>{me.email}</dd>
          <dt>{t('inforUser.role')}</dt>
          <dd>{t(`common:roles.${me.role}`)}</dd>
          {me.employee && (
            <>
              <dt>{t('inforUser.employeeCode')}</dt>
              <dd className="font-tabular">{me.employee.code}</dd>
              <dt>{t('inforUser.position')}</dt>
              <dd>{me.employee.position || '—'}</dd>
            </>
          )}
          <dt>{t('inforUser.store')}</dt>
          <dd>{me.store ? `${me.store.code} · ${me.store.name}` : '—'}</dd>
        </dl>
        <ResourceFormFrame rf={rf} aria-label={t('inforUser.profile')}>
          <Row className="gx-3">
            <Col md={6}>
              <TextField form={form} name="fullName" label={t('fields.fullName')} required autoComplete="name" maxLength={120} />
            </Col>
            <Col md={6}>
              <TextField form={form} name="phone" label={t('fields.phone')} type="tel" inputMode="tel" autoComplete="tel" />
            </Col>
          </Row>
          <p className="small text-body-secondary">{t('inforUser.adminOnly')}</p>
          <FormActions inline saving={rf.saving} dirty={form.formState.isDirty} disabled={!form.formState.isDirty} onCancel={() => form.reset()} saveLabel={t('form.saveChanges')} />
        </ResourceFormFrame>
      </Card.Body>
    </Card>
  );
}

function PasswordCard({ email }: { email: string }) {
  const { t } = useTranslation(['customer', 'common']);
  const schema = useMemo(
    () =>
      ChangePasswordBody.safeExtend({ confirmPassword: z.string() }).refine((b) => b.confirmPassword === b.newPassword, {
        path: ['confirmPassword'],
        message: t('inforUser.mismatch'),
      }),
    [t],
  );
  const rf = useResourceForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    stay: true,
    save: async ({ currentPassword, newPassword }) => {
      await changePassword({ currentPassword, newPassword });
      return true;
    },
    texts: { pending: t('inforUser.changing'), success: t('inforUser.changed') },
    onSaved: () => rf.form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' }),
  });
  const form = rf.form;
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 mb-1">{t('inforUser.password')}</h2>
        <p className="small text-body-secondary">{t('inforUser.passwordIntro')}</p>
        <ResourceFormFrame rf={rf} aria-label={t('inforUser.password')}>
          {/* Lets password managers tie the new password to this account. */}
          <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
          <PasswordField form={form} name="currentPassword" label={t('inforUser.currentPassword')} required autoComplete="current-password" />
          <PasswordField form={form} name="newPassword" label={t('inforUser.newPassword')} required autoComplete="new-password" help={t('inforUser.rule', { min: PASSWORD_MIN_LENGTH })} />
          <PasswordField form={form} name="confirmPassword" label={t('inforUser.confirmPassword')} required autoComplete="new-password" />
          <FormActions inline saving={rf.saving} dirty={false} disabled={!form.formState.isDirty} onCancel={() => form.reset()} saveLabel={t('inforUser.changeButton')} />
        </ResourceFormFrame>
      </Card.Body>
    </Card>
  );
}
