/** A 10-digit Indian phone field for react-hook-form: the fixed +91 shown before it, digits only, at most 10. */
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { PHONE_DIGITS, PHONE_PREFIX } from '@civicfleet/shared';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldError } from '@/components/form';

export interface PhoneFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  isRequired?: boolean;
  /** Called after the user changed the number. */
  onEdited?: () => void;
}

export function PhoneField<T extends FieldValues>({
  control,
  name,
  label,
  isRequired = false,
  onEdited,
}: PhoneFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldError()(fieldState.error?.message);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value.replace(/\D/g, '').slice(0, PHONE_DIGITS));
        onEdited?.();
      }}
      onBlur={field.onBlur}
      label={label}
      required={isRequired}
      error={errorText !== undefined}
      helperText={errorText}
      autoComplete="off"
      fullWidth
      margin="normal"
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: PHONE_DIGITS },
        input: { startAdornment: <InputAdornment position="start">{PHONE_PREFIX}</InputAdornment> },
      }}
    />
  );
}
