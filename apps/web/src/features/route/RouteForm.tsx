/**
 * The add/edit route form (spec 01 §2.6 route): name, corridor width, the path drawn on the map or typed as GeoJSON
 * (checkpoints shown on it), ordered checkpoints, and the vehicles that run it (a second call once the route is saved).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import type { Route } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormTextField,
  useFieldError,
} from '@/components/form';
import { GeometryField, featureCollection } from '@/components/map';
import { useSession } from '@/session';
import { createRoute, routeKeys, setRouteVehicles, updateRoute } from './api/routes';
import { CheckpointList } from './CheckpointList';
import { useRouteMessages } from './form-parts';
import {
  EMPTY_ROUTE_FORM,
  isSameSet,
  routeFormSchema,
  serverFields,
  toFormValues,
  toRouteBody,
  type RouteFormOutput,
  type RouteFormValues,
} from './route-form';
import { routeEditPath, ROUTE_LIST_PATH } from './route-paths';
import { VehiclePicker } from './VehiclePicker';

export function RouteForm({ route }: { route?: Route | undefined }) {
  const { t } = useTranslation('divisions');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  const messages = useRouteMessages();
  const organisationId = route?.organisationId ?? user?.organisation.id;
  // Assigning is its own call (PUT /route/:id/vehicles, edit permission) and needs the vehicle list.
  const canAssign = can('vehicle') && can('route', 'edit-route-result-table');
  const form = useForm<RouteFormValues, unknown, RouteFormOutput>({
    resolver: zodResolver(routeFormSchema),
    defaultValues: route ? toFormValues(route) : EMPTY_ROUTE_FORM,
  });
  const { handleSubmit, formState, setError, setValue } = form;
  const control = form.control as unknown as Control<RouteFormValues>;
  const checkpoints = useWatch({ control, name: 'checkpoints' });
  const checkpointKey = JSON.stringify(checkpoints.map((c) => [c.name, c.lat, c.lon]));
  const context = useMemo(() => {
    const points = (JSON.parse(checkpointKey) as [string, string, string][]).flatMap(([name, lat, lon]) => {
      const [y, x] = [Number(lat), Number(lon)];
      return lat !== '' && lon !== '' && Number.isFinite(y) && Number.isFinite(x)
        ? [{ geometry: { type: 'Point', coordinates: [x, y] }, properties: { name } }]
        : [];
    });
    return points.length > 0 ? featureCollection(points) : undefined;
  }, [checkpointKey]);

  const onSubmit = handleSubmit(async (values) => {
    const fail = (error: unknown) => {
      const { fields, map } = serverFields(error);
      const message = applyServerErrors(error, setError, fields, map);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    };
    let saved: Route;
    try {
      const body = toRouteBody(values);
      saved = route ? await updateRoute(route.id, body) : await createRoute(body);
    } catch (error) {
      fail(error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: routeKeys.all });
    if (canAssign && !isSameSet(values.vehicleIds, saved.vehicleIds)) {
      try {
        await setRouteVehicles(saved.id, values.vehicleIds);
      } catch (error) {
        fail(error);
        // The route itself is saved: continue on its edit screen, where the assignment can be retried.
        if (!route) void navigate(routeEditPath(saved.id));
        return;
      }
    }
    await queryClient.invalidateQueries({ queryKey: routeKeys.all });
    enqueueSnackbar(route ? t('route.form.updated') : t('route.form.created'), { variant: 'success' });
    void navigate(ROUTE_LIST_PATH);
  });

  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="name" required label={t('route.fields.name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="corridorM"
              required
              label={t('route.fields.corridorM')}
              helperText={t('route.form.corridorHint')}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: {
                  endAdornment: <InputAdornment position="end">{t('route.form.metres')}</InputAdornment>,
                },
              }}
            />
          </Grid>
          <Grid size={12} sx={{ mt: 2 }}>
            <Controller
              control={control}
              name="path"
              render={({ field, fieldState }) => (
                <PathField
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  context={context}
                />
              )}
            />
          </Grid>
        </Grid>
        <Divider sx={{ my: 3 }} />
        <CheckpointList
          control={control}
          setValue={setValue}
          organisationId={organisationId}
          canPickPoi={can('poi')}
        />
        <Divider sx={{ my: 3 }} />
        {canAssign ? (
          <VehiclePicker
            control={control}
            organisationId={organisationId}
            savedIds={route?.vehicleIds ?? []}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('route.vehicles.count', { count: route?.vehicleIds.length ?? 0 })}
          </Typography>
        )}
        <FormActions
          cancelTo={ROUTE_LIST_PATH}
          submitting={formState.isSubmitting}
          submitLabel={route ? t('common.save') : t('route.form.add')}
        />
      </Box>
    </FieldMessages>
  );
}

type PathValue = RouteFormValues['path'];

function PathField(props: {
  value: PathValue;
  onChange: (value: PathValue) => void;
  error: string | undefined;
  context: ReturnType<typeof featureCollection> | undefined;
}) {
  const { t } = useTranslation('divisions');
  const errorText = useFieldError()(props.error);
  return (
    <GeometryField
      kind="line"
      label={t('route.fields.path')}
      required
      value={props.value}
      onChange={(g) => props.onChange(g?.type === 'LineString' ? g : null)}
      error={errorText}
      context={props.context}
    />
  );
}
