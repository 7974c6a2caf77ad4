/**
 * The vehicle form's organisation, group and owner pickers. The group picker lists the groups of the organisation
 * picked above it and shows only with the groups module; the owner picker (any user of the caller's organisations)
 * only with the user module; the contractor picker (CONTRACTOR organisations) with the organisation module. Without
 * them the form keeps the vehicle's own group, owner and contractor.
 */
import Grid from '@mui/material/Grid';
import type { Vehicle } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toOrganisationOption } from '@/api/organisation-options';
import { OrganisationPicker } from '@/components/OrganisationPicker';
import { SearchPicker } from '@/components/SearchPicker';
import { useSession } from '@/session';
import {
  contractorOptionsQuery,
  getContractorOption,
  getGroupOption,
  getOwnerOption,
  groupOptionsQuery,
  ownerOptionsQuery,
} from './api/options';
import type { VehicleFormValues } from './vehicle-form';

const half = { xs: 12, sm: 6 } as const;

export function OwnershipFields({
  control,
  vehicle,
}: {
  control: Control<VehicleFormValues>;
  vehicle?: Vehicle | undefined;
}) {
  const { t } = useTranslation('vehicle');
  const { can, user } = useSession();
  const canListGroups = can('groups');
  const canListUsers = can('user');
  const canListOrganisations = can('organisation');
  const organisationId = useWatch({ control, name: 'organisationId' });
  const groupQuery = useMemo(() => groupOptionsQuery(organisationId), [organisationId]);
  const groupId = vehicle?.groupId ?? '';
  const ownerId = vehicle?.ownerUserId ?? '';
  const contractorId = vehicle?.contractorOrganisationId ?? '';
  const group = useQuery({
    queryKey: ['groups', 'options', 'one', groupId],
    queryFn: () => getGroupOption(groupId),
    enabled: canListGroups && groupId !== '',
  });
  const owner = useQuery({
    queryKey: ['users', 'options', 'one', ownerId],
    queryFn: () => getOwnerOption(ownerId),
    enabled: canListUsers && ownerId !== '',
  });
  const contractor = useQuery({
    queryKey: ['organisations', 'options', 'one', contractorId],
    queryFn: () => getContractorOption(contractorId),
    enabled: canListOrganisations && contractorId !== '',
  });
  const organisation = vehicle?.organisation ?? user?.organisation;

  return (
    <>
      <Grid size={half}>
        <OrganisationPicker
          control={control}
          name="organisationId"
          label={t('fields.organisation')}
          initial={organisation && toOrganisationOption(organisation)}
        />
      </Grid>
      {canListGroups && (
        <Grid size={half}>
          <SearchPicker
            // A new organisation starts a new search: its groups are other groups.
            key={organisationId}
            control={control}
            name="groupId"
            query={groupQuery}
            label={t('fields.group')}
            helperText={t('form.groupHint')}
            initial={group.data}
            isRequired={false}
            isDisabled={organisationId === ''}
          />
        </Grid>
      )}
      {canListUsers && (
        <Grid size={half}>
          <SearchPicker
            control={control}
            name="ownerUserId"
            query={ownerOptionsQuery}
            label={t('fields.owner')}
            helperText={t('form.ownerHint')}
            initial={owner.data}
            isRequired={false}
          />
        </Grid>
      )}
      {canListOrganisations && (
        <Grid size={half}>
          <SearchPicker
            control={control}
            name="contractorOrganisationId"
            query={contractorOptionsQuery}
            label={t('fields.contractor')}
            helperText={t('form.contractorHint')}
            initial={contractor.data}
            isRequired={false}
          />
        </Grid>
      )}
    </>
  );
}
