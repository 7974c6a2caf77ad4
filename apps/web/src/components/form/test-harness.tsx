/** Test harness for the form fields: a react-hook-form form with a submit button that reports its values. */
import { type ReactNode } from 'react';
import { type Control, type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { DatePickerProvider } from '@/components/DatePickerProvider';

interface HarnessProps<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  onSubmit: (values: T) => void;
  children: (control: Control<T>) => ReactNode;
}

export function FormHarness<T extends FieldValues>({ defaultValues, onSubmit, children }: HarnessProps<T>) {
  const { control, handleSubmit } = useForm<T>({ defaultValues });
  return (
    <DatePickerProvider>
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        {children(control)}
        <button type="submit">Save</button>
      </form>
    </DatePickerProvider>
  );
}
