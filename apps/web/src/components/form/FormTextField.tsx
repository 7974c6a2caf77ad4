/**
 * react-hook-form bound text fields and the server-error mapping every management form uses. Field messages are
 * translated by the nearest `FieldMessages` (each feature maps its contract's messages to its own i18n keys); a
 * message it does not know — a server's own field message — shows as sent.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';

type Translate = (message: string) => string;
const MessagesContext = createContext<Translate>((message) => message);

/** Translates the field messages of the fields inside it. */
export function FieldMessages({ translate, children }: { translate: Translate; children: ReactNode }) {
  return <MessagesContext.Provider value={translate}>{children}</MessagesContext.Provider>;
}

/** A field's message as the nearest FieldMessages translates it; undefined for no message. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const translate = useContext(MessagesContext);
  return (message) => (message ? translate(message) : undefined);
}

export type FormTextFieldProps<T extends FieldValues> = {
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

/** A FormTextField for a new password, with a show/hide button. */
export function FormPasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation('form');
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
 * absent) and returns the message for the toast or form-level error ('' when the server sent none).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | readonly string[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): string {
  if (!(error instanceof ApiError)) return '';
  for (const [path, message] of Object.entries(error.errors ?? {})) {
    const field = fieldMap[path] ?? (fields as readonly string[]).find((f) => f === path);
    if (field !== undefined) setError(field as Path<T>, { type: 'server', message });
  }
  return error.hasServerMessage ? error.message : '';
}
