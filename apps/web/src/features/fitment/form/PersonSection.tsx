/**
 * Customer Details and Fitter Details (spec 02 §2, §5): a 10-digit phone with the fixed +91, a Lookup button enabled
 * only at exactly 10 digits, and the name and e-mail fields that a found person fills and locks until Edit is pressed.
 * Customers are looked up with role LIMITED_USER, fitters with FITTER (GET /v1/fitment/lookup/person, for every role
 * that may fill the form); a number of another role reads "This is not a customer's number" (or fitter's). A found
 * customer's address fills an empty address field (not locked). Changing the phone unlocks the fields again.
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { PHONE_DIGITS, withoutPhonePrefix, type FitmentPersonRole } from '@civicfleet/shared';
import { useState, type ReactNode } from 'react';
import { useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormTextField } from '@/components/form';
import { lookupPerson } from '../api/lookups';
import type { FitmentFormValues } from './fitment-form';
import { useFitmentMessages } from './form-messages';
import { PhoneField } from './PhoneField';

export type PersonKind = 'customer' | 'fitter';

type LookupState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'found' }
  | { status: 'new' }
  | { status: 'error'; message: string };

const ROLE_OF: Record<PersonKind, FitmentPersonRole> = { customer: 'LIMITED_USER', fitter: 'FITTER' };
const isFullPhone = (value: string) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(value);

export interface PersonSectionProps {
  kind: PersonKind;
  control: Control<FitmentFormValues>;
  setValue: UseFormSetValue<FitmentFormValues>;
  getValues: UseFormGetValues<FitmentFormValues>;
  /** Marks the phone, names and e-mail as required (the customer's; the fitter is optional). */
  isRequired: boolean;
  /** Extra fields under the contact fields (the customer's address and KYC images). */
  children?: ReactNode;
}

export function PersonSection({
  kind,
  control,
  setValue,
  getValues,
  isRequired,
  children,
}: PersonSectionProps) {
  const { t } = useTranslation('fitment');
  const messages = useFitmentMessages();
  const [lookup, setLookup] = useState<LookupState>({ status: 'idle' });
  const [isLocked, setIsLocked] = useState(false);
  const phone = useWatch({ control, name: `${kind}.phone` });
  const half = { xs: 12, sm: 6 } as const;

  const runLookup = async () => {
    setLookup({ status: 'busy' });
    try {
      const found = await lookupPerson(phone, ROLE_OF[kind]);
      if (found.kind === 'found') {
        const { person } = found;
        const options = { shouldValidate: true, shouldDirty: true } as const;
        setValue(`${kind}.firstName`, person.firstName, options);
        setValue(`${kind}.lastName`, person.lastName, options);
        setValue(`${kind}.email`, person.email ?? '', options);
        setValue(`${kind}.phone`, withoutPhonePrefix(person.phone), options);
        if (kind === 'customer' && person.address && !getValues('customer.address').trim())
          setValue('customer.address', person.address, options);
        setIsLocked(true);
        setLookup({ status: 'found' });
      } else if (found.kind === 'other-role') {
        setIsLocked(false);
        setLookup({ status: 'error', message: found.message });
      } else {
        setIsLocked(false);
        setLookup({ status: 'new' });
      }
    } catch (error) {
      setLookup({
        status: 'error',
        message: error instanceof ApiError && error.hasServerMessage ? error.message : t('lookup.failed'),
      });
    }
  };

  const lookupMessage =
    lookup.status === 'found' ? (
      <Alert severity="success">{t(`lookup.found.${kind}`)}</Alert>
    ) : lookup.status === 'new' ? (
      <Alert severity="info">{t(`lookup.new.${kind}`)}</Alert>
    ) : lookup.status === 'error' ? (
      <Alert severity="error">{messages(lookup.message)}</Alert>
    ) : null;

  return (
    <Grid container columnSpacing={2}>
      <Grid size={half}>
        <PhoneField
          control={control}
          name={`${kind}.phone`}
          label={t('fields.phone')}
          isRequired={isRequired}
          onEdited={() => {
            if (lookup.status !== 'idle') setLookup({ status: 'idle' });
            setIsLocked(false);
          }}
        />
      </Grid>
      <Grid size={half} sx={{ display: 'flex', alignItems: 'center', gap: 1, pt: { sm: 1 } }}>
        <Button
          variant="outlined"
          onClick={() => void runLookup()}
          disabled={!isFullPhone(phone) || lookup.status === 'busy'}
          startIcon={
            lookup.status === 'busy' ? (
              <CircularProgress size={16} color="inherit" />
            ) : (
              <PersonSearchOutlined />
            )
          }
        >
          {t(`lookup.button.${kind}`)}
        </Button>
        {isLocked && (
          <Button startIcon={<EditOutlined />} onClick={() => setIsLocked(false)}>
            {t('lookup.edit')}
          </Button>
        )}
      </Grid>
      {lookupMessage && (
        <Grid size={12} role="status">
          <Box sx={{ mt: 1 }}>{lookupMessage}</Box>
        </Grid>
      )}
      <Grid size={half}>
        <FormTextField
          control={control}
          name={`${kind}.firstName`}
          label={t('fields.firstName')}
          required={isRequired}
          disabled={isLocked}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name={`${kind}.lastName`}
          label={t('fields.lastName')}
          required={isRequired}
          disabled={isLocked}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name={`${kind}.email`}
          label={t('fields.email')}
          type="email"
          required={isRequired}
          disabled={isLocked}
        />
      </Grid>
      {children}
    </Grid>
  );
}
