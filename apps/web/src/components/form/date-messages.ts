/** Translated messages of the date rules (date-value.ts `DateProblem`), shared by the picker and its form binding. */
import { useTranslation } from 'react-i18next';
import { formatIsoDate, todayIsoDate, type DateProblem } from './date-value';

/** The message of a rule failure; a resolver's own message (not one of ours) shows as it is. */
export function useDateErrorText(
  label: string,
  bounds: { minDate?: string | undefined; maxDate?: string | null | undefined },
): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('form');
  const max = bounds.maxDate === undefined ? todayIsoDate() : bounds.maxDate;
  return (message) => {
    switch (message as DateProblem | undefined) {
      case undefined:
        return undefined;
      case 'required':
        return t('date.required', { field: label });
      case 'invalid':
        return t('date.invalid');
      case 'min':
        return t('date.min', { date: formatIsoDate(bounds.minDate ?? '') });
      case 'max':
        return t('date.max', { date: formatIsoDate(max ?? '') });
      default:
        return message === '' ? undefined : message;
    }
  };
}
