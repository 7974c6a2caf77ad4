/**
 * The one organisation picker: a SearchPicker over the caller's subtree (GET /v1/organisation, server search on trade
 * and brand names). `OrganisationSelect` for dialogs holding an option, `OrganisationPicker` for a form field holding
 * the organisation id.
 */
import type { FieldValues } from 'react-hook-form';
import { organisationOptionsQuery } from '@/api/organisation-options';
import {
  SearchPicker,
  SearchSelect,
  type PickerOption,
  type SearchPickerProps,
  type SearchSelectProps,
} from './SearchPicker';

export type OrganisationOption = PickerOption;

export function OrganisationSelect(props: Omit<SearchSelectProps, 'query'>) {
  return <SearchSelect {...props} query={organisationOptionsQuery} />;
}

export function OrganisationPicker<T extends FieldValues>(props: Omit<SearchPickerProps<T>, 'query'>) {
  return <SearchPicker {...props} query={organisationOptionsQuery} />;
}
