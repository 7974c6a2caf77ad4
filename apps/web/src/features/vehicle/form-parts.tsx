/** react-hook-form bound text field of the vehicle form; contract messages translated, server messages as sent. */
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
import { MESSAGE_KEYS } from './vehicle-form';

export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('vehicle');
  return (message) => {
    if (!message) return undefined;
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
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

/** Puts a failed call's field messages on the form's fields; returns the message for the toast. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return '';
  for (const [path, message] of Object.entries(error.errors ?? {})) {
    if (fields.includes(path)) setError(path as Path<T>, { type: 'server', message });
  }
  return error.hasServerMessage ? error.message : '';
}
