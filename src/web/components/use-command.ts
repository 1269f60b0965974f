import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { toast, toastPromise } from '../lib/toast';

/**
 * The one way a screen runs an action that is not a form save (a status step, a confirmation, a bulk action, a
 * settings switch): a TanStack mutation that gives every action
 * - the same busy state (`busy`, for the button's `disabled` and its spinner);
 * - the same error display: the server's message in the UI language (the server answers in it; the client's own
 *   texts are put into it by `errorMessage`), as a toast or kept in `error` for the screen to show in place;
 * - the same conflict handling: a 409 (not allowed from where the record really is now) or a 412 (it changed
 *   meanwhile) shows the message and refetches the affected queries, so the screen shows the record as it is;
 * - the same cache invalidation: the given query keys are made stale on success.
 */

type Keys<R, V> = readonly QueryKey[] | ((result: R, vars: V) => readonly QueryKey[]);

export interface CommandOptions<V, R> {
  /** The call, through the one HTTP client. */
  run(vars: V): Promise<R>;
  /** The queries a success makes stale (the lists, the record, what it moved). */
  invalidate?: Keys<R, V>;
  /** The queries a 409/412 makes stale; defaults to `invalidate` when that is a plain list of keys. */
  stale?: readonly QueryKey[];
  /** After a 409/412, besides the refetch (a screen that holds the record's version itself reloads it). */
  onStale?(vars: V): void;
  /** The success toast, when the action has one. */
  success?: string | ((result: R, vars: V) => string);
  /**
   * A loading toast while it runs (a slow action: an export, a bulk write), which then turns into the success or
   * the error toast (with `showError: 'inline'` the failure is kept in `error` as well).
   */
  pending?: string | ((vars: V) => string);
  /** Where a failure's message goes: a toast (the default) or `error`, for the screen to show in place. */
  showError?: 'toast' | 'inline';
  /** A failure the screen answers itself (a question, a field): return true and it is not shown again. */
  handleError?(error: unknown, vars: V): boolean;
  /** The text shown for a failure; defaults to the server's message (a screen may add what the details say). */
  describeError?(error: unknown, vars: V): string;
  onSuccess?(result: R, vars: V): void;
  /** After a failure, besides showing it. */
  onError?(error: unknown, vars: V): void;
  /** After either outcome. */
  onSettled?(): void;
}

export interface Command<V, R> {
  /** Runs the action; its outcome is shown as configured (never rejects). */
  run(vars: V): void;
  /** The same, resolving with the result, or undefined when it failed (already shown). */
  runAsync(vars: V): Promise<R | undefined>;
  busy: boolean;
  /** The failure's message, with `showError: 'inline'` (null when none or the screen handled it). */
  error: string | null;
  /** The last result. */
  data: R | undefined;
  /** Forgets the last outcome (a dialog that closes). */
  reset(): void;
}

/** A 409 or 412: the record is not where the screen thought it was. */
export function isConflict(e: unknown): boolean {
  return isApiRequestError(e) && (e.status === 409 || e.status === 412);
}

export function useCommand<V = void, R = unknown>(opts: CommandOptions<V, R>): Command<V, R> {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const refetch = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
  };
  const mutation = useMutation<R, unknown, V>({
    mutationFn: (vars) => {
      if (opts.pending === undefined) return opts.run(vars);
      const success = opts.success ?? '';
      return toastPromise(opts.run(vars), {
        pending: typeof opts.pending === 'function' ? opts.pending(vars) : opts.pending,
        success: (r) => (typeof success === 'function' ? success(r, vars) : success),
        error: (e) => (opts.describeError ? opts.describeError(e, vars) : errorMessage(e)),
      });
    },
    onMutate: () => setError(null),
    onSuccess: (result, vars) => {
      const keys = typeof opts.invalidate === 'function' ? opts.invalidate(result, vars) : (opts.invalidate ?? []);
      refetch(keys);
      if (opts.success && opts.pending === undefined) toast.success(typeof opts.success === 'function' ? opts.success(result, vars) : opts.success);
      opts.onSuccess?.(result, vars);
    },
    onError: (e, vars) => {
      if (isConflict(e)) {
        refetch(opts.stale ?? (Array.isArray(opts.invalidate) ? opts.invalidate : []));
        opts.onStale?.(vars);
      }
      opts.onError?.(e, vars);
      if (opts.handleError?.(e, vars)) return;
      const message = opts.describeError ? opts.describeError(e, vars) : errorMessage(e);
      if (opts.showError === 'inline') setError(message);
      else if (opts.pending === undefined) toast.error(message);
    },
    onSettled: () => opts.onSettled?.(),
  });
  const runAsync = (vars: V) => mutation.mutateAsync(vars).catch(() => undefined);
  return {
    run: (vars) => void runAsync(vars),
    runAsync,
    busy: mutation.isPending,
    error,
    data: mutation.data,
    reset: () => {
      setError(null);
      mutation.reset();
    },
  };
}
