import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from '../../lib/api-client';

/** One problem the server found with one field (`details` of a 400, 409 or 422). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** Where the schema validation of the request put the field: `body.addresses.0.phone` means `addresses.0.phone`. */
function formFieldPath(path: string): string {
  return path.replace(/^(body|querystring|params)(\.|$)/, '').replace(/\//g, '.');
}

/** The field problems carried by a failed call, or [] when it carries none. */
function fieldProblemsOf(error: unknown): FieldProblem[] {
  if (!isApiRequestError(error) || !Array.isArray(error.data.details)) return [];
  return (error.data.details as unknown[]).flatMap((d) => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path: formFieldPath(path), message }] : [];
  });
}

/**
 * Puts each of the server's field problems on its field (the first one gets the focus). Problems with no field
 * on this form (the whole body, a field the form does not show) come back so the form can list them on top.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  isField: (path: string) => boolean,
): { applied: number; unmatched: FieldProblem[] } {
  const unmatched: FieldProblem[] = [];
  let applied = 0;
  for (const p of fieldProblemsOf(error)) {
    if (p.path && isField(p.path)) {
      setError(p.path as FieldPath<T>, { type: 'server', message: p.message }, { shouldFocus: applied === 0 });
      applied += 1;
    } else {
      unmatched.push(p);
    }
  }
  return { applied, unmatched };
}
