import { Controller, type FieldValues } from 'react-hook-form';
import { DateInput } from './date-input';
import { FieldShell, useFieldState, type BaseFieldProps } from './fields';
import { useLocalizedMessage } from './localized-messages';

// Beside fields.tsx, not in it: the sign-in screen uses the form kit and has no date, so the date input stays out of
// its first JavaScript.

/**
 * A labelled date (or date-time) field bound to react-hook-form, on the one date input (DateInput): typed and shown
 * as dd/MM/yyyy [HH:mm], held as "yyyy-MM-dd" ("yyyy-MM-ddTHH:mm"), '' while empty and null while the text is refused.
 */
export function DateField<V extends FieldValues>({
  form,
  name,
  label,
  help,
  required,
  className,
  disabled,
  withTime,
  min,
  max,
}: BaseFieldProps<V> & { withTime?: boolean; min?: string; max?: string }) {
  const { id, message } = useFieldState(form, name);
  const error = useLocalizedMessage(message);
  return (
    <FieldShell id={id} label={label} required={required} className={className} help={message ? undefined : help}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <DateInput
            id={id}
            inputRef={field.ref}
            name={field.name}
            value={field.value as string | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            withTime={withTime}
            min={min}
            max={max}
            required={required}
            // A refused text says why itself, in place of the contract's message.
            error={error}
            aria-describedby={help && !message ? `${id}-help` : undefined}
            disabled={disabled}
          />
        )}
      />
    </FieldShell>
  );
}

