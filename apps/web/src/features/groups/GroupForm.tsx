/** The add/edit group form: organisation (on create), name, description and the member vehicles. */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Group, GroupSummary } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { OrganisationPicker } from '@/components/OrganisationPicker';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { useSession } from '@/session';
import { VehiclePicker } from './VehiclePicker';
import { createGroup, groupKeys, updateGroup } from './api/groups';
import {
  EMPTY_GROUP_FORM,
  GROUP_FIELD_MAP,
  GROUP_FORM_FIELDS,
  groupFormSchema,
  toFormValues,
  toGroupBody,
  useGroupMessages,
  type GroupFormOutput,
  type GroupFormValues,
} from './group-form';

const LIST_PATH = '/management/groups';

interface GroupFormProps {
  /** The group being edited and its summary (members); omitted when adding. */
  record?: { group: Group; summary: GroupSummary } | undefined;
}

export function GroupForm({ record }: GroupFormProps) {
  const { t } = useTranslation('catalogue');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  const messages = useGroupMessages();
  const schema = useMemo(() => groupFormSchema(), []);
  const group = record?.group;
  // The edit screen opens with the module alone; saving needs the edit action.
  const canSave = group ? can('groups', 'edit-group-result-table') : can('groups', 'add-group');
  const form = useForm<GroupFormValues, unknown, GroupFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: record ? toFormValues(record.group, record.summary) : EMPTY_GROUP_FORM,
  });
  const { handleSubmit, formState, setError, setValue } = form;
  const control = form.control as unknown as Control<GroupFormValues>;
  const pickedOrganisation = useWatch({ control, name: 'organisationId' });
  const organisationId = group?.organisationId ?? (pickedOrganisation || user?.organisation.id);

  // Members belong to one organisation: choosing another one on create empties the list.
  const previousOrganisation = useRef(organisationId);
  useEffect(() => {
    if (previousOrganisation.current === organisationId) return;
    previousOrganisation.current = organisationId;
    setValue('vehicles', []);
  }, [organisationId, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toGroupBody(values, group === undefined);
      if (group) await updateGroup(group.id, body);
      else await createGroup(body);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      enqueueSnackbar(group ? t('groups.form.updated') : t('groups.form.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, GROUP_FORM_FIELDS, GROUP_FIELD_MAP);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {!canSave && <Alert severity="info">{t('common.readOnly')}</Alert>}
        {!group && can('organisation') && (
          <OrganisationPicker
            control={control}
            name="organisationId"
            label={t('groups.fields.organisation')}
            placeholder={t('groups.form.ownOrganisation')}
            isRequired={false}
            isDisabled={!canSave}
          />
        )}
        <FormTextField
          control={control}
          name="name"
          label={t('groups.fields.name')}
          required
          disabled={!canSave}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('groups.fields.description')}
          multiline
          minRows={2}
          disabled={!canSave}
        />
        <VehiclePicker
          control={control}
          organisationId={organisationId}
          groupId={group?.id}
          canSearch={can('vehicle')}
          isDisabled={!canSave}
        />
        {canSave ? (
          <FormActions
            cancelTo={LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={group ? t('common.save') : t('groups.form.add')}
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
            <Button component={RouterLink} to={LIST_PATH}>
              {t('common.back')}
            </Button>
          </Box>
        )}
      </Box>
    </FieldMessages>
  );
}
