/** The filter form of the orders screen: status, organisation, IMEI; Apply writes them to the URL. */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SIM_ORDER_STATUS_CHOICES } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganisationSelect } from '@/components/OrganisationPicker';
import type { SimOrderFilterValues } from './sim-order-filters';

export function SimOrderFilterForm({
  applied,
  onApply,
}: {
  applied: SimOrderFilterValues;
  onApply: (values: SimOrderFilterValues) => void;
}) {
  const { t } = useTranslation('simActivation');
  const [draft, setDraft] = useState(applied);
  const cleared: SimOrderFilterValues = { simStatus: '', organisation: null, imei: '' };
  return (
    <Stack
      component="form"
      aria-label={t('filters.title')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      spacing={1}
    >
      <Typography variant="h6" component="h2">
        {t('filters.title')}
      </Typography>
      <TextField
        select
        label={t('fields.status')}
        value={draft.simStatus}
        onChange={(e) =>
          setDraft({ ...draft, simStatus: e.target.value as SimOrderFilterValues['simStatus'] })
        }
        margin="normal"
        fullWidth
      >
        <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
        {SIM_ORDER_STATUS_CHOICES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <OrganisationSelect
        label={t('fields.organisation')}
        value={draft.organisation}
        onChange={(organisation) => setDraft({ ...draft, organisation })}
        isRequired={false}
        placeholder={t('filters.anyOrganisation')}
      />
      <TextField
        label={t('fields.imei')}
        value={draft.imei}
        onChange={(e) => setDraft({ ...draft, imei: e.target.value.replace(/\D/g, '').slice(0, 15) })}
        margin="normal"
        fullWidth
        helperText={t('filters.imeiHint')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1 }}>
        <Button
          onClick={() => {
            setDraft(cleared);
            onApply(cleared);
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button type="submit" variant="contained">
          {t('filters.apply')}
        </Button>
      </Stack>
    </Stack>
  );
}
