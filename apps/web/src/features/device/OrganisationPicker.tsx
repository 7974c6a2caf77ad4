/** OrganisationSelect bound to a react-hook-form field holding the organisation id. */
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useState } from 'react';
import { OrganisationSelect } from './OrganisationSelect';
import type { PickerOption } from './api/options';
import { useFieldError } from '@/components/form';

interface OrganisationPickerProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  initial?: PickerOption | undefined;
}

export function OrganisationPicker<T extends FieldValues>({
  control,
  name,
  label,
  initial,
}: OrganisationPickerProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [picked, setPicked] = useState<PickerOption | null>(initial ?? null);
  const errorText = useFieldError()(fieldState.error?.message);
  return (
    <OrganisationSelect
      value={picked?.id === field.value ? picked : null}
      onChange={(option) => {
        setPicked(option);
        field.onChange(option?.id ?? '');
      }}
      label={label}
      error={errorText}
    />
  );
}
