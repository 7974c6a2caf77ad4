/**
 * DatePickerField bound to react-hook-form by name. The field holds `YYYY-MM-DD` or null.
 *
 * Its bounds are checked twice: by the field's own rule (forms without a resolver) and shown as the picker's error
 * at once. A form with a zod resolver ignores field rules (react-hook-form), so build that field's schema with
 * `dateFieldSchema({ minDate, maxDate, isRequired })` from ./form-schemas to get the same rule on submit.
 */
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { DatePickerField, type DatePickerFieldProps } from './DatePickerField';
import { useDateErrorText } from './date-messages';
import { checkIsoDate, todayIsoDate } from './date-value';

type PassedProps = Pick<
  DatePickerFieldProps,
  'label' | 'maxDate' | 'minDate' | 'isRequired' | 'isDisabled' | 'helperText' | 'fullWidth'
>;

export interface FormDatePickerProps<T extends FieldValues> extends PassedProps {
  control: Control<T>;
  name: Path<T>;
}

export function FormDatePicker<T extends FieldValues>({
  control,
  name,
  label,
  maxDate,
  minDate,
  isRequired = false,
  ...rest
}: FormDatePickerProps<T>) {
  const bounds = { minDate, maxDate: maxDate === undefined ? todayIsoDate() : (maxDate ?? undefined) };
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: unknown) =>
        checkIsoDate(typeof value === 'string' ? value : null, { ...bounds, isRequired }) ?? true,
    },
  });
  const errorText = useDateErrorText(label, { minDate, maxDate })(fieldState.error?.message);
  return (
    <DatePickerField
      {...rest}
      label={label}
      {...(maxDate === undefined ? {} : { maxDate })}
      {...(minDate === undefined ? {} : { minDate })}
      isRequired={isRequired}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorText={errorText}
    />
  );
}
