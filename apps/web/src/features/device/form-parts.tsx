/** react-hook-form bound inputs of the device screens (same as features/users: a feature never imports a sibling). */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';

/** A rule's message key translated; a server's own field message (not a key) as it is. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('device');
  return (message) => (message ? t(message, { defaultValue: message }) : undefined);
}

type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>;

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldError()(fieldState.error?.message);
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={label}
      error={errorText !== undefined}
      helperText={errorText ?? helperText}
      fullWidth
      margin="normal"
    />
  );
}

/**
 * Puts a failed call's field messages on the form's fields (`fieldMap`: server path → form field; same name when
 * absent) and returns the message for the toast or form-level error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): string {
  if (!(error instanceof ApiError)) return '';
  for (const [path, message] of Object.entries(error.errors ?? {})) {
    const field = fieldMap[path] ?? (fields as readonly string[]).find((f) => f === path);
    if (field !== undefined) setError(field as Path<T>, { type: 'server', message });
  }
  return error.hasServerMessage ? error.message : '';
}
