import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, type ButtonProps } from 'react-bootstrap';
import { ConfirmDialog } from './confirm-dialog';
import { useCommand } from './use-command';

interface StatusStepsTexts<S extends string> {
  /** The card's heading ("Next steps"). */
  title: string;
  /** Shown instead of the buttons when no status follows. */
  final: string;
  /** The label of the optional note in the confirm dialog. */
  note: string;
  confirmTitle(to: S): string;
  confirmText(to: S): string;
}

export interface StatusStepsProps<S extends string> {
  /** The statuses the record may move to from where it is, in the order to offer them. */
  next: readonly S[];
  /** The action's name, on its button and as the dialog's confirm label. */
  label(to: S): string;
  /** A Bootstrap icon class (`bi-…`) for the button. */
  icon(to: S): string;
  /** Runs the move (toast and cache update included); a rejection is shown in the card. */
  submit(to: S, note: string): Promise<unknown>;
  /** After a 409 (not allowed from where it really is now) or 412 (changed meanwhile): load the record as it is. */
  onStale(): void;
  texts: StatusStepsTexts<S>;
  noteMaxLength: number;
  /** Defaults to outline-danger for `cancelled`, primary for the rest. */
  variant?(to: S, index: number): ButtonProps['variant'];
  testId?(to: S): string | undefined;
  /** Leaves a margin under the buttons (or the "final" text) instead of none. */
  spaced?: boolean;
  /** Under the buttons, only while there are any. */
  hint?: ReactNode;
  /** More of the dialog's text for a move, between its sentence and the note (also the fields a step asks for). */
  confirmExtra?(to: S): ReactNode;
  /** When a move's dialog opens: the caller resets the fields its confirmExtra shows. */
  onOpen?(to: S): void;
  /** false while the fields a move asks for are not right yet: its confirm button is disabled. */
  canConfirm?(to: S): boolean;
  /** Under the buttons: where the record stands. */
  children?: ReactNode;
}

const defaultVariant = (to: string) => (to === 'cancelled' ? 'outline-danger' : 'primary');

/** The next statuses as buttons, each asked for with an optional note; the server's refusal is shown where it happened. */
export function StatusSteps<S extends string>({
  next,
  label,
  icon,
  submit,
  onStale,
  texts,
  noteMaxLength,
  variant = defaultVariant,
  testId,
  spaced = false,
  hint,
  confirmExtra,
  onOpen,
  canConfirm,
  children,
}: StatusStepsProps<S>) {
  const noteId = useId();
  const [target, setTarget] = useState<S | null>(null);
  const [note, setNote] = useState('');
  const step = useCommand({
    run: ({ to, note: text }: { to: S; note: string }) => submit(to, text),
    showError: 'inline',
    onStale,
    onSettled: () => {
      setTarget(null);
      setNote('');
    },
  });
  const busy = step.busy;
  const refusal = step.error;
  const move = () => {
    if (target) step.run({ to: target, note: note.trim() });
  };

  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 mb-3">{texts.title}</h2>
        {refusal && (
          <Alert variant="danger" role="alert" dismissible onClose={() => step.reset()} className="small" data-testid="status-refusal">
            {refusal}
          </Alert>
        )}
        {next.length === 0 ? (
          <p className={`text-body-secondary small ${spaced ? 'mb-3' : 'mb-0'}`}>{texts.final}</p>
        ) : (
          <>
            <div className={`d-flex flex-wrap gap-2${spaced ? ' mb-3' : ''}`}>
              {next.map((to, i) => (
                <Button key={to} variant={variant(to, i)} onClick={() => {
                    onOpen?.(to);
                    setTarget(to);
                  }} disabled={busy} data-testid={testId?.(to)}>
                  <i className={`bi ${icon(to)} me-1`} aria-hidden="true" />
                  {label(to)}
                </Button>
              ))}
            </div>
            {hint}
          </>
        )}
        {children}
      </Card.Body>
      <ConfirmDialog
        show={target !== null}
        title={target ? texts.confirmTitle(target) : ''}
        confirmLabel={target ? label(target) : undefined}
        variant={target === 'cancelled' ? 'danger' : 'primary'}
        busy={busy}
        confirmDisabled={target !== null && canConfirm ? !canConfirm(target) : false}
        onConfirm={() => move()}
        onCancel={() => {
          setTarget(null);
          setNote('');
        }}
      >
        {target && (
          <>
            <p>{texts.confirmText(target)}</p>
            {confirmExtra?.(target)}
            <Form.Group controlId={noteId}>
              <Form.Label className="small">{texts.note}</Form.Label>
              <Form.Control as="textarea" rows={2} maxLength={noteMaxLength} value={note} onChange={(e) => setNote(e.target.value)} />
            </Form.Group>
          </>
        )}
      </ConfirmDialog>
    </Card>
  );
}
