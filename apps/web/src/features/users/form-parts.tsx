/** react-hook-form bound inputs of the user screens; rule messages are `admin` i18n keys, server messages show as sent. */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
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
  const { t } = useTranslation('admin');
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

export function FormPasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation('admin');
  const [isShown, setIsShown] = useState(false);
  return (
    <FormTextField
      {...props}
      type={isShown ? 'text' : 'password'}
      autoComplete="new-password"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={isShown ? t('password.hide') : t('password.show')}
                onClick={() => setIsShown((v) => !v)}
                edge="end"
              >
                {isShown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
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
