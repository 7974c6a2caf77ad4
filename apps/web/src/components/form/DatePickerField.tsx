/**
 * The console's date picker (spec 01 §5 "Date picker"): dd/MM/yyyy, latest day today (Asia/Kolkata) unless told
 * otherwise, an optional earliest day, an optional required asterisk, a clear button that shows on hover (and on
 * focus; always on touch screens). Values are ISO date strings (`YYYY-MM-DD`) or null.
 *
 * Needs DatePickerProvider (the app and public layouts have it) and the deferred `form` i18n namespace.
 */
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_TIME_ZONE, DATE_FORMAT } from '@/lib/format';
import { useDateErrorText } from './date-messages';
import { dayjsToIsoDate, isoDateToDayjs, todayIsoDate, type DateProblem } from './date-value';

const PROBLEM_OF: Partial<Record<NonNullable<DateValidationError>, DateProblem>> = {
  invalidDate: 'invalid',
  minDate: 'min',
  maxDate: 'max',
};

export interface DatePickerFieldProps {
  label: string;
  /** `YYYY-MM-DD`, null when empty; `'invalid'` is what onChange reports while the typed text is not a date. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  name?: string;
  /** Latest selectable day, `YYYY-MM-DD`; default today in Asia/Kolkata; `null` for no limit. */
  maxDate?: string | null;
  /** Earliest selectable day, `YYYY-MM-DD`. */
  minDate?: string;
  /** Shows the asterisk (the rule itself belongs to the form). */
  isRequired?: boolean;
  isDisabled?: boolean;
  /**
   * Shown under the field, in red. Without it the picker still shows its own finding (a day out of bounds, text
   * that is not a date) as soon as it sees it.
   */
  errorText?: string | undefined;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
}

export function DatePickerField({
  label,
  value,
  onChange,
  onBlur,
  name,
  maxDate,
  minDate,
  isRequired = false,
  isDisabled = false,
  errorText,
  helperText,
  inputRef,
  fullWidth = true,
}: DatePickerFieldProps) {
  const { t } = useTranslation('form');
  const max = maxDate === undefined ? todayIsoDate() : maxDate;
  const maxDay = max === null ? undefined : (isoDateToDayjs(max) ?? undefined);
  const minDay = minDate === undefined ? undefined : (isoDateToDayjs(minDate) ?? undefined);
  // While the form holds 'invalid' (half-typed text), hand the picker back its own invalid day so the typing stays.
  const [typed, setTyped] = useState<Dayjs | null>(null);
  const [pickerProblem, setPickerProblem] = useState<DateProblem | undefined>(undefined);
  const describeProblem = useDateErrorText(label, { minDate, maxDate: max });
  const shownError = errorText ?? describeProblem(pickerProblem);
  const pickerValue = value === 'invalid' ? typed : isoDateToDayjs(value);

  return (
    <DatePicker
      label={label}
      value={pickerValue}
      onChange={(next) => {
        setTyped(next);
        onChange(dayjsToIsoDate(next));
      }}
      format={DATE_FORMAT}
      timezone={APP_TIME_ZONE}
      {...(maxDay ? { maxDate: maxDay } : {})}
      {...(minDay ? { minDate: minDay } : {})}
      onError={(reason) => setPickerProblem(reason === null ? undefined : PROBLEM_OF[reason])}
      disabled={isDisabled}
      name={name}
      inputRef={inputRef}
      localeText={{ fieldClearLabel: t('date.clear'), openDatePickerDialogue: () => t('date.open') }}
      slotProps={{
        field: { clearable: true },
        textField: {
          required: isRequired,
          fullWidth,
          error: shownError !== undefined,
          helperText: shownError ?? helperText,
          onBlur,
        },
      }}
    />
  );
}
