/** react-hook-form bound inputs of the auth screens; error messages are i18n keys (see auth-schemas.ts). */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoComplete?: string;
  helperText?: string;
}

interface TextInputProps<T extends FieldValues> extends FieldProps<T> {
  type?: 'text' | 'email';
  inputMode?: 'text' | 'numeric' | 'email';
  maxLength?: number;
}

/** Translates a rule's message key; a server's own field message (not a key) shows as it is. */
function useErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('auth');
  return (message) =>
    message === undefined || message === '' ? undefined : t(message, { defaultValue: message });
}

export function TextInput<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  helperText,
  type = 'text',
  inputMode,
  maxLength,
}: TextInputProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText()(fieldState.error?.message);
  return (
    <TextField
      fullWidth
      margin="normal"
      label={label}
      type={type}
      autoComplete={autoComplete}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={errorText !== undefined}
      helperText={errorText ?? helperText}
      slotProps={{ htmlInput: { inputMode, maxLength } }}
    />
  );
}

/** Password input with a show/hide toggle (spec 01 §2.8). */
export function PasswordInput<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  helperText,
}: FieldProps<T>) {
  const { t } = useTranslation('auth');
  const [isVisible, setIsVisible] = useState(false);
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText()(fieldState.error?.message);
  return (
    <TextField
      fullWidth
      margin="normal"
      label={label}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={errorText !== undefined}
      helperText={errorText ?? helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={isVisible ? t('password.hide') : t('password.show')}
                onClick={() => setIsVisible((visible) => !visible)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {isVisible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
