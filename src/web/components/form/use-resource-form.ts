import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { toastPromise, type ToastPromiseTexts } from '../../lib/toast';
import { localizedZodResolver } from './localized-messages';
import { applyServerErrors, type FieldProblem } from './server-errors';
import { useUnsavedChangesGuard } from './unsaved-changes';

/**
 * The form pattern of every create/edit screen:
 * - react-hook-form validated by the resource's shared zod contract (the same schema the server parses with), its
 *   messages in the UI language (localized-messages.ts);
 * - a save shown as a promise toast; the server's field problems (400/409/422 `details`) land on their fields,
 *   the rest are listed above the form;
 * - leaving with unsaved edits asks first;
 * - a 412 (someone saved the record since it was opened) opens the conflict dialog with their version.
 */

type AnySchema = z.ZodType<FieldValues, FieldValues>;

export interface SaveContext<V extends FieldValues> {
  /** Whether the user changed this top-level field (PATCH sends only those). */
  isDirty(name: keyof V & string): boolean;
}

export interface ResourceFormOptions<S extends AnySchema, R, Rec extends Record<string, unknown> = Record<string, unknown>> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  save(values: z.output<S>, ctx: SaveContext<z.input<S>>): Promise<R>;
  texts: ToastPromiseTexts<R>;
  /** After a successful save; navigating away from here is not blocked. */
  onSaved?(result: R): void;
  /** Stay on the page after saving: the form then takes the saved values as its new starting point. */
  stay?: boolean;
  /** The form values of a record (to load the other person's version after a 412). */
  toValues?(record: Rec): z.input<S>;
  /** The form now edits this version of the record (its ETag changes with it). */
  onRebase?(record: Rec): void;
}

interface ConflictState<Rec> {
  theirs: Rec;
}

export interface ResourceForm<S extends AnySchema, Rec extends Record<string, unknown> = Record<string, unknown>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  onSubmit(e?: FormEvent): Promise<void>;
  saving: boolean;
  /** Problems the server reported that belong to no field on this form (or its message when none is given). */
  formErrors: FieldProblem[];
  conflict: ConflictState<Rec> | null;
  /** Discard my edits, take their version. */
  reloadTheirs(): void;
  /** Keep my edits on top of their version; the next save sends them against it. */
  keepMine(): void;
  closeConflict(): void;
  guardDialog: ReactNode;
}

/** True when a dirty-fields entry (true, or a nested object/array of them) marks any change. */
function anyDirty(entry: unknown): boolean {
  if (entry === true) return true;
  if (Array.isArray(entry)) return entry.some(anyDirty);
  if (entry && typeof entry === 'object') return Object.values(entry).some(anyDirty);
  return false;
}

/** The top-level fields of `values` the user changed: the body of a PATCH. */
export function pickDirty<V extends Record<string, unknown>>(values: V, isDirty: (name: keyof V & string) => boolean): Partial<V> {
  const out: Partial<V> = {};
  for (const key of Object.keys(values) as (keyof V & string)[]) if (isDirty(key)) out[key] = values[key];
  return out;
}

export function useResourceForm<S extends AnySchema, R, Rec extends Record<string, unknown> = Record<string, unknown>>(
  opts: ResourceFormOptions<S, R, Rec>,
): ResourceForm<S, Rec> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: localizedZodResolver(opts.schema) as never,
    defaultValues: opts.defaultValues,
    mode: 'onTouched',
  });
  const [formErrors, setFormErrors] = useState<FieldProblem[]>([]);
  const [conflict, setConflict] = useState<ConflictState<Rec> | null>(null);
  const { isDirty, isSubmitting } = form.formState;
  // Failed saves are caught here, so react-hook-form counts every submit as successful: dirtiness alone decides.
  const guard = useUnsavedChangesGuard(isDirty);
  const fieldNames = new Set(Object.keys(opts.defaultValues ?? {}));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    const dirty = form.formState.dirtyFields as Record<string, unknown>;
    try {
      const result = await toastPromise(opts.save(values, { isDirty: (name) => anyDirty(dirty[name]) }), opts.texts);
      if (opts.stay) {
        form.reset(form.getValues());
      } else {
        guard.allowNext();
      }
      opts.onSaved?.(result);
    } catch (e) {
      if (isApiRequestError(e) && e.status === 412) {
        const current = (e.data.details as { current?: Rec } | undefined)?.current;
        if (current && typeof current === 'object') {
          setConflict({ theirs: current });
          return;
        }
      }
      const { applied, unmatched } = applyServerErrors(e, form.setError, (path) => fieldNames.has(path.split('.')[0]!));
      if (unmatched.length) setFormErrors(unmatched);
      else if (!applied) setFormErrors([{ path: '', message: errorMessage(e) }]);
    }
  });

  const reloadTheirs = useCallback(() => {
    if (!conflict) return;
    if (opts.toValues) form.reset(opts.toValues(conflict.theirs));
    opts.onRebase?.(conflict.theirs);
    setFormErrors([]);
    setConflict(null);
  }, [conflict, form, opts]);

  const keepMine = useCallback(() => {
    if (!conflict) return;
    // Their version becomes the starting point; the fields I changed keep my values and stay dirty.
    if (opts.toValues) form.reset(opts.toValues(conflict.theirs), { keepDirtyValues: true });
    opts.onRebase?.(conflict.theirs);
    setConflict(null);
  }, [conflict, form, opts]);

  return {
    form,
    onSubmit: async (e?: FormEvent) => {
      guard.rearm();
      await onSubmit(e);
    },
    saving: isSubmitting,
    formErrors,
    conflict,
    reloadTheirs,
    keepMine,
    closeConflict: () => setConflict(null),
    guardDialog: guard.dialog,
  };
}
