/**
 * The add/edit item form (spec 01 §2.6 item; spec 01 §9 QR/RFID): the tag's code and kind, a description, and what
 * it hangs on — nothing yet, a vehicle, or a POI such as a collection point (never both).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ITEM_KINDS, type Item, type ItemInput } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { SearchPicker } from '@/components/SearchPicker';
import { useSession } from '@/session';
import { createItem, itemKeys, poiOptionsQuery, updateItem, vehicleOptionsQuery } from './api/items';
import {
  ATTACH_TARGETS,
  EMPTY_ITEM_FORM,
  ITEM_FORM_FIELDS,
  ITEM_LIST_PATH,
  itemFormSchema,
  toFormValues,
  useItemMessages,
  type ItemFormValues,
} from './item-form';

export function ItemForm({ item }: { item?: Item | undefined }) {
  const { t } = useTranslation('item');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  // Opening the edit screen needs only the module; saving needs the action (the server checks it too).
  const canSave = item ? can('item', 'edit-item-result-table') : can('item', 'add-item');
  const messages = useItemMessages();
  const attachLabelId = useId();
  const schema = useMemo(() => itemFormSchema(), []);
  const organisationId = item?.organisationId ?? user?.organisation.id;
  const form = useForm<ItemFormValues, unknown, ItemInput>({
    resolver: zodResolver(schema),
    defaultValues: item ? toFormValues(item) : EMPTY_ITEM_FORM,
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<ItemFormValues>;
  const attachTo = useWatch({ control, name: 'attachTo' });
  const canListVehicles = can('vehicle');
  const canListPois = can('poi');

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (item) await updateItem(item.id, values);
      else await createItem(values);
      await queryClient.invalidateQueries({ queryKey: itemKeys.all });
      enqueueSnackbar(item ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(ITEM_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, ITEM_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="code"
              label={t('fields.code')}
              helperText={t('form.codeHint')}
              required
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="kind" select label={t('fields.kind')} required>
              {ITEM_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kinds.${k}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="description"
              label={t('fields.description')}
              helperText={t('form.descriptionHint')}
              multiline
            />
          </Grid>
          <Grid size={12} sx={{ mt: 1 }}>
            <FormControl component="fieldset">
              <FormLabel id={attachLabelId}>{t('fields.attachTo')}</FormLabel>
              <Controller
                control={control}
                name="attachTo"
                render={({ field }) => (
                  <RadioGroup row aria-labelledby={attachLabelId} {...field}>
                    {ATTACH_TARGETS.map((target) => (
                      <FormControlLabel
                        key={target}
                        value={target}
                        control={<Radio />}
                        label={t(`attach.${target}`)}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
            </FormControl>
          </Grid>
          {attachTo === 'vehicle' && (
            <Grid size={half}>
              <SearchPicker
                control={control}
                name="vehicleId"
                label={t('fields.vehicle')}
                isRequired
                initial={
                  item?.vehicle ? { id: item.vehicle.id, label: item.vehicle.registrationNumber } : undefined
                }
                query={vehicleOptionsQuery(organisationId)}
                isDisabled={!canListVehicles}
                helperText={canListVehicles ? t('form.vehicleHint') : t('form.noVehicleAccess')}
              />
            </Grid>
          )}
          {attachTo === 'poi' && (
            <Grid size={half}>
              <SearchPicker
                control={control}
                name="poiId"
                label={t('fields.poi')}
                isRequired
                initial={item?.poi ? { id: item.poi.id, label: item.poi.name } : undefined}
                query={poiOptionsQuery(organisationId)}
                isDisabled={!canListPois}
                helperText={canListPois ? t('form.poiHint') : t('form.noPoiAccess')}
              />
            </Grid>
          )}
        </Grid>
        {canSave ? (
          <FormActions
            cancelTo={ITEM_LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={item ? t('common.save') : t('form.add')}
          />
        ) : (
          <Alert
            severity="info"
            sx={{ mt: 3 }}
            action={
              <Button component={RouterLink} to={ITEM_LIST_PATH} color="inherit" size="small">
                {t('form.backToList')}
              </Button>
            }
          >
            {t('form.readOnly')}
          </Alert>
        )}
      </Box>
    </FieldMessages>
  );
}
