/** The free-form settings of an organisation (GET/PUT /organisation/settings/:id) as a JSON object. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { organisationKeys, putSettings } from './api/organisations';

/** `derive` and `retention` have their own forms (and routes); they are left out here and kept by the server. */
function withoutDerive(settings: Record<string, unknown>): Record<string, unknown> {
  const { derive: _derive, retention: _retention, ...rest } = settings;
  return rest;
}

export function GeneralSettingsForm({ id, settings }: { id: string; settings: Record<string, unknown> }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(withoutDerive(settings), null, 2));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setError(t('settings.invalidJson'));
      return;
    }
    setError(null);
    setIsSaving(true);
    try {
      const saved = await putSettings(id, parsed as Record<string, unknown>);
      queryClient.setQueryData(organisationKeys.settings(id), saved);
      setText(JSON.stringify(withoutDerive(saved), null, 2));
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.hasServerMessage ? failure.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box>
      <TextField
        label={t('settings.json')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={6}
        fullWidth
        error={error !== null}
        helperText={error ?? t('settings.generalHint')}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={isSaving}
          startIcon={isSaving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
