/**
 * The group form's rules: name and description as GroupInputSchema has them, the organisation on create ('' = the
 * caller's own) and the chosen member vehicles (as options, so the picker can show them; ids go to the server).
 */
import type { Group, GroupInput, GroupSummary } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { VehicleOption } from './api/groups';

export function groupFormSchema() {
  return z.object({
    organisationId: z.string(),
    name: z.string().trim().min(1, 'The name is required').max(100, 'At most 100 characters'),
    description: z.string().trim().max(500, 'At most 500 characters'),
    vehicles: z
      .array(z.object({ id: z.string(), registrationNumber: z.string(), groupId: z.string().nullable() }))
      .max(10_000),
  });
}

export type GroupFormValues = z.input<ReturnType<typeof groupFormSchema>>;
export type GroupFormOutput = z.output<ReturnType<typeof groupFormSchema>>;

export const GROUP_FORM_FIELDS = ['organisationId', 'name', 'description', 'vehicles'] as const;
/** Server field paths that differ from the form's. */
export const GROUP_FIELD_MAP = { vehicleIds: 'vehicles' } as const;

export const EMPTY_GROUP_FORM: GroupFormValues = {
  organisationId: '',
  name: '',
  description: '',
  vehicles: [],
};

export function toFormValues(group: Group, summary: GroupSummary): GroupFormValues {
  return {
    organisationId: group.organisationId,
    name: group.name,
    description: group.description ?? '',
    vehicles: summary.vehicles.map<VehicleOption>((v) => ({
      id: v.id,
      registrationNumber: v.registrationNumber,
      groupId: group.id,
    })),
  };
}

/** The body of POST /group and PUT /group/:id: members always sent, so they become exactly the chosen ones. */
export function toGroupBody(values: GroupFormOutput, isCreate: boolean): GroupInput {
  return {
    ...(isCreate && values.organisationId !== '' ? { organisationId: values.organisationId } : {}),
    name: values.name,
    description: values.description === '' ? null : values.description,
    vehicleIds: values.vehicles.map((v) => v.id),
  };
}

/** Contract and server messages → `catalogue` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  'At most 100 characters': 'validation.max100',
  'At most 500 characters': 'validation.max500',
  'A group with this name already exists': 'validation.groupNameTaken',
  'Group not found.': 'groups.form.notFound',
};

export function useGroupMessages(): (message: string) => string {
  const { t } = useTranslation('catalogue');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
