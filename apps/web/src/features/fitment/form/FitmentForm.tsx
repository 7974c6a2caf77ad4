/**
 * The add/edit fitment form (spec 02 §2 Fitment, §3, §5, §8): sections in the spec's order — Vehicle Details, Device
 * Details, Customer Details, Fitter Details, then Fitment Date and Activation Duration. One POST / PUT saves the
 * vehicle, customer, fitter and fitment together on the server; then "Fitment created" / "Fitment Updated", the form
 * resets and the list shows again. A refusal puts the server's field messages on the fields and toasts its message.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { FITMENT_IMAGE_LIMITS, type FitmentInput, type FitmentRow } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormImageUpload,
  FormTextField,
  todayIsoDate,
} from '@/components/form';
import { useSession } from '@/session';
import { createFitment, fitmentKeys, updateFitment } from '../api/fitments';
import { BulkActivationDialog } from '../bulk/BulkActivationDialog';
import { FITMENT_LIST_PATH, MODULE } from '../paths';
import { ActivationSection } from './ActivationSection';
import { DeviceSection } from './DeviceSection';
import {
  emptyFitmentForm,
  FITMENT_FORM_FIELDS,
  fitmentFormSchema,
  SERVER_FIELD_MAP,
  toFitmentFormValues,
  type FitmentFormValues,
} from './fitment-form';
import { useFitmentMessages } from './form-messages';
import { PersonSection } from './PersonSection';
import { VehicleSection } from './VehicleSection';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mt: 0.5, mb: 1 }} />
      {children}
    </Box>
  );
}

export function FitmentForm({ fitment }: { fitment?: FitmentRow }) {
  const { t } = useTranslation('fitment');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const messages = useFitmentMessages();
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const schema = useMemo(() => fitmentFormSchema(), []);
  const form = useForm<FitmentFormValues, unknown, FitmentInput>({
    // The schema's input type spells optional fields loosely; the form always holds FitmentFormValues.
    resolver: zodResolver(schema) as unknown as Resolver<FitmentFormValues, unknown, FitmentInput>,
    defaultValues: fitment ? toFitmentFormValues(fitment) : emptyFitmentForm(todayIsoDate()),
  });
  const { handleSubmit, formState, setError, setValue, getValues, reset } = form;
  const control = form.control as unknown as Control<FitmentFormValues>;

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (fitment) await updateFitment(fitment.id, input);
      else await createFitment(input);
      await queryClient.invalidateQueries({ queryKey: fitmentKeys.all });
      enqueueSnackbar(fitment ? t('form.updated') : t('form.created'), { variant: 'success' });
      reset();
      void navigate(FITMENT_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, FITMENT_FORM_FIELDS, SERVER_FIELD_MAP);
      enqueueSnackbar(message ? messages(message) : t('form.saveFailed'), { variant: 'error' });
    }
  });

  const canBulk = !fitment && can(MODULE, 'create-activation');
  const kyc = FITMENT_IMAGE_LIMITS;
  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      {canBulk && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsBulkOpen(true)}>
            {t('bulk.open')}
          </Button>
        </Box>
      )}
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Section title={t('sections.vehicle')}>
          <VehicleSection control={control} setValue={setValue} canPickVehicle={can('vehicle')} />
        </Section>
        <Section title={t('sections.device')}>
          <DeviceSection control={control} setValue={setValue} />
        </Section>
        <Section title={t('sections.customer')}>
          <PersonSection
            kind="customer"
            control={control}
            setValue={setValue}
            getValues={getValues}
            isRequired
          >
            <Grid size={half}>
              <FormTextField
                control={control}
                name="customer.address"
                label={t('fields.customerAddress')}
                required
                multiline
                minRows={2}
              />
            </Grid>
            <Grid size={12} sx={{ mt: 2 }}>
              <FormImageUpload
                control={control}
                name="customer.aadharImages"
                label={t('fields.aadharImages')}
                folder="kyc"
                minCount={kyc.AADHAR.min}
                maxCount={kyc.AADHAR.max}
                isRequired
              />
            </Grid>
            <Grid size={12} sx={{ mt: 2 }}>
              <FormImageUpload
                control={control}
                name="customer.panImages"
                label={t('fields.panImages')}
                folder="kyc"
                minCount={kyc.PAN.min}
                maxCount={kyc.PAN.max}
                isRequired
              />
            </Grid>
          </PersonSection>
        </Section>
        <Section title={t('sections.fitter')}>
          <PersonSection
            kind="fitter"
            control={control}
            setValue={setValue}
            getValues={getValues}
            isRequired={false}
          />
        </Section>
        <Section title={t('sections.activation')}>
          <ActivationSection control={control} />
        </Section>
        <FormActions
          cancelTo={FITMENT_LIST_PATH}
          submitting={formState.isSubmitting}
          submitLabel={fitment ? t('form.save') : t('form.add')}
        />
      </Box>
      {canBulk && <BulkActivationDialog open={isBulkOpen} onClose={() => setIsBulkOpen(false)} />}
    </FieldMessages>
  );
}
