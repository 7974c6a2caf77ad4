/**
 * Approve and undo an activation (spec 02 §2 Fitment row actions; issue 6 "Activation inventory"). Approving debits the
 * vendor's wallet by the plan's price (shown before confirming) and turns tracking on until fitment date + duration;
 * undo credits back what the approval charged. The server's message — e.g. "Insufficient wallet balance: …" — shows
 * as an error toast and the dialog stays open.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ActivationChangeResult, FitmentRow } from '@civicfleet/shared';
import { formatRupees } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { formatIsoDate } from '@/components/form';
import { dayjs } from '@/lib/format';
import { approveActivation, fitmentKeys, listActivationPlans, undoActivation } from '../api/fitments';
import { formatYearsDays } from '../duration';

export type ActivationChange = 'approve' | 'undo';

interface ActivationDialogProps {
  /** The fitment and what to do with it; null = closed. */
  target: { fitment: FitmentRow; change: ActivationChange } | null;
  onClose: () => void;
  /** After the server confirmed the change (e.g. refetch the list). */
  onChanged: () => void;
}

export function ActivationDialog({ target, onClose, onChanged }: ActivationDialogProps) {
  const { t } = useTranslation('fitment');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const bodyId = useId();
  const [isBusy, setIsBusy] = useState(false);
  const plans = useQuery({
    queryKey: fitmentKeys.plans,
    queryFn: listActivationPlans,
    enabled: target?.change === 'approve',
    staleTime: 60_000,
  });
  const fitment = target?.fitment;
  const isApprove = target?.change === 'approve';
  const plan = plans.data?.find((p) => p.durationInDays === fitment?.durationInDays);

  const confirm = async () => {
    if (!target) return;
    setIsBusy(true);
    try {
      const call = isApprove ? approveActivation : undoActivation;
      const result: ActivationChangeResult = await call(target.fitment.id);
      // A free plan moves no money: no wallet in the answer.
      const done = isApprove ? 'activation.approved' : 'activation.undone';
      enqueueSnackbar(
        result.wallet ? t(`${done}Balance`, { balance: formatRupees(result.wallet.balancePaise) }) : t(done),
        { variant: 'success' },
      );
      onClose();
      onChanged();
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('activation.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsBusy(false);
    }
  };

  const expiresOn = fitment
    ? dayjs(fitment.fitmentDate).add(fitment.durationInDays, 'day').format('YYYY-MM-DD')
    : '';
  const priceText = plans.isPending
    ? t('activation.loadingPrice')
    : plan
      ? formatRupees(plan.pricePaise)
      : t('activation.noPlan');
  return (
    <Dialog
      open={target !== null}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {isApprove ? t('activation.approveTitle') : t('activation.undoTitle')}
      </DialogTitle>
      <DialogContent>
        {fitment && (
          <DialogContentText id={bodyId} component="div">
            {isApprove ? (
              <>
                <p>
                  {t('activation.approveBody', {
                    registration: fitment.vehicle.registrationNumber,
                    imei: fitment.device.imei,
                    duration: formatYearsDays(fitment.durationInDays, t),
                    expiresOn: formatIsoDate(expiresOn),
                  })}
                </p>
                <p>
                  <strong>{t('activation.price', { price: priceText })}</strong>
                  <br />
                  {t('activation.debitFrom', { organisation: fitment.organisation.name })}
                </p>
              </>
            ) : (
              <p>
                {t('activation.undoBody', {
                  registration: fitment.vehicle.registrationNumber,
                  amount: formatRupees(fitment.chargedPaise ?? 0),
                  organisation: fitment.organisation.name,
                })}
              </p>
            )}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('activation.cancel')}
        </Button>
        <Button
          variant="contained"
          color={isApprove ? 'primary' : 'warning'}
          onClick={() => void confirm()}
          disabled={isBusy || (isApprove && plans.isPending)}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isApprove ? t('activation.approve') : t('activation.undo')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
