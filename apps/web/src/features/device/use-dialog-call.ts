/** A dialog's submit: busy flag, the server's message on failure (toast), success toast and refresh. */
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { deviceKeys } from './api/devices';

export function useDialogCall() {
  const { t } = useTranslation('device');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Runs `call`; on success toasts `success` (when given) and refreshes the device queries. Returns the result. */
  async function run<T>(call: () => Promise<T>, success?: string): Promise<T | undefined> {
    setIsBusy(true);
    setFieldErrors({});
    try {
      const result = await call();
      if (success) enqueueSnackbar(success, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      return result;
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      if (error instanceof ApiError) setFieldErrors(error.errors ?? {});
      enqueueSnackbar(message, { variant: 'error' });
      return undefined;
    } finally {
      setIsBusy(false);
    }
  }

  return { run, isBusy, fieldErrors, reset: () => setFieldErrors({}) };
}
