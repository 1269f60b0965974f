/** A sign-in field's inline error, at `${id}-error` (the input's aria-describedby names it); nothing when there is none. */
export function InlineError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  );
}
