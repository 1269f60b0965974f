import type { ReactNode } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import '../ui.css';
import { ConflictDialog, type ConflictField } from './conflict-dialog';
import type { ResourceForm } from './use-resource-form';

interface ResourceFormFrameProps<S extends z.ZodType<FieldValues, FieldValues>, Rec extends Record<string, unknown>> {
  rf: ResourceForm<S, Rec>;
  /** The fields compared in the conflict dialog (edit forms). */
  conflictFields?: ConflictField[];
  /** The record the edit started from. */
  base?: Rec;
  /** Turns the form values into record shape for the conflict dialog, when they differ. */
  valuesAsRecord?(values: z.input<S>): Record<string, unknown>;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** The <form> of the pattern: problems with no field on top, the leave guard and the 412 dialog. */
export function ResourceFormFrame<S extends z.ZodType<FieldValues, FieldValues>, Rec extends Record<string, unknown>>({
  rf,
  conflictFields,
  base,
  valuesAsRecord,
  children,
  className,
  ...rest
}: ResourceFormFrameProps<S, Rec>) {
  const { t } = useTranslation('resource');
  return (
    <Form noValidate onSubmit={(e) => void rf.onSubmit(e)} className={className} aria-label={rest['aria-label']}>
      {rf.formErrors.length > 0 && (
        <Alert variant="danger" role="alert" className="d-flex gap-2">
          <i className="bi bi-exclamation-octagon" aria-hidden="true" />
          <div>
            <strong className="d-block">{t('form.saveFailed')}</strong>
            <ul className="mb-0 ps-3">
              {rf.formErrors.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          </div>
        </Alert>
      )}
      {children}
      {rf.guardDialog}
      {conflictFields && base && rf.conflict && (
        <ConflictDialog
          show
          fields={conflictFields}
          base={base}
          theirs={rf.conflict.theirs}
          mine={valuesAsRecord ? valuesAsRecord(rf.form.getValues()) : (rf.form.getValues() as Record<string, unknown>)}
          onReload={rf.reloadTheirs}
          onKeepMine={rf.keepMine}
          onClose={rf.closeConflict}
        />
      )}
    </Form>
  );
}

/** Save and cancel, kept in view at the bottom of a long form. */
export function FormActions({
  saving,
  onCancel,
  saveLabel,
  dirty = true,
  disabled = false,
  inline = false,
}: {
  saving: boolean;
  onCancel(): void;
  saveLabel?: string;
  /** Shows "unsaved changes" beside the buttons. */
  dirty?: boolean;
  /** An edit with nothing changed has nothing to save. */
  disabled?: boolean;
  /** A short form in a card: the buttons follow the fields instead of sticking to the bottom of the screen. */
  inline?: boolean;
}) {
  const { t } = useTranslation('common');
  const { t: tr } = useTranslation('resource');
  return (
    <div className={`${inline ? 'form-actions-inline' : 'form-actions'} d-flex flex-wrap align-items-center gap-2`}>
      {dirty && !saving && <span className="small text-body-secondary me-auto">{tr('form.unsaved')}</span>}
      <div className="ms-auto d-flex gap-2">
        <Button variant="outline-secondary" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={saving || disabled}>
          {saving ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <i className="bi bi-check2 me-1" aria-hidden="true" />}
          {saving ? t('states.saving') : (saveLabel ?? t('actions.save'))}
        </Button>
      </div>
    </div>
  );
}

/**
 * The actions of a create-or-edit record form: an edit with nothing changed has nothing to save (nor has a form
 * that is `readOnly`), cancel goes back to `cancelTo`, and the save button says "create" or "save changes".
 */
export function RecordFormActions({
  saving,
  dirty,
  editing,
  cancelTo,
  createLabel,
  saveChangesLabel,
  readOnly = false,
}: {
  saving: boolean;
  dirty: boolean;
  editing: boolean;
  cancelTo: string;
  createLabel: string;
  saveChangesLabel: string;
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <FormActions
      saving={saving}
      dirty={dirty}
      disabled={readOnly || (editing && !dirty)}
      onCancel={() => void navigate(cancelTo)}
      saveLabel={editing ? saveChangesLabel : createLabel}
    />
  );
}
