/**
 * react-hook-form bound inputs of the auth screens; error messages are i18n keys (see auth-schemas.ts).
 *
 * Built from FormControl + InputLabel + OutlinedInput + FormHelperText, the parts `TextField` renders for an outlined
 * field, rather than `TextField` itself: TextField also imports Select (with Menu, Popover, Modal, FilledInput, …),
 * about 15 kB gzip that the sign-in route would download for nothing (budget ≤250 kB, ARCHITECTURE.md "Front end").
 * The markup, ids and label/helper-text wiring are the same, so getByLabelText('Email or Phone Number') still works.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, useState } from 'react';
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

interface OutlinedFieldProps extends Pick<
  OutlinedInputProps,
  | 'type'
  | 'autoComplete'
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'inputRef'
  | 'inputProps'
  | 'endAdornment'
> {
  label: string;
  /** Shown in place of `helperText`, and marks the field invalid. */
  errorText: string | undefined;
  helperText: string | undefined;
}

/** What `<TextField fullWidth margin="normal">` renders: label `for` the input, helper text as its description. */
function OutlinedField({ label, errorText, helperText, ...inputProps }: OutlinedFieldProps) {
  const id = useId();
  const helper = errorText ?? helperText;
  const helperTextId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={errorText !== undefined}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} fullWidth aria-describedby={helperTextId} {...inputProps} />
      {helper && <FormHelperText id={helperTextId}>{helper}</FormHelperText>}
    </FormControl>
  );
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
    <OutlinedField
      label={label}
      type={type}
      autoComplete={autoComplete}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorText={errorText}
      helperText={helperText}
      inputProps={{ inputMode, maxLength }}
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
    <OutlinedField
      label={label}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorText={errorText}
      helperText={helperText}
      endAdornment={
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
      }
    />
  );
}
