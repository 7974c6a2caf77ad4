/**
 * /management/wallet changes: 'Credit verified payment' (PUT /wallet/add/{id}, wallet:add-money; bank/UTR reference
 * required, one reference credits a wallet once) and 'Deduct' (PUT /wallet/deduct/{id}, wallet:deduct-money; a reason
 * is required, the balance never goes below zero). Amounts are typed in rupees and sent in paise.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import type { Wallet } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { useForm, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { addMoney, deductMoney, walletKeys } from './api/wallet';
import { formatRupees } from '@civicfleet/shared';
import {
  amountPaiseOf,
  CreditFormSchema,
  DeductFormSchema,
  EMPTY_CREDIT,
  EMPTY_DEDUCT,
  type CreditFormValues,
  type DeductFormValues,
} from './money-form';
import { useWalletMessages } from './use-wallet-messages';

interface MoneyDialogProps {
  /** The wallet changed; null = closed. */
  wallet: Wallet | null;
  onClose: () => void;
}

export function CreditDialog({ wallet, onClose }: MoneyDialogProps) {
  const { t } = useTranslation('wallet');
  const form = useForm<CreditFormValues>({
    resolver: zodResolver(CreditFormSchema),
    defaultValues: EMPTY_CREDIT,
  });
  const run = useWalletChange();
  useResetOnOpen(wallet, form.reset);
  const submit = form.handleSubmit(async (v) => {
    if (!wallet) return;
    const body = {
      amountPaise: amountPaiseOf(v.amount),
      reference: v.reference.trim(),
      ...(v.description.trim() ? { description: v.description.trim() } : {}),
    };
    const isDone = await run(
      () => addMoney(wallet.id, body),
      t('credit.done'),
      (error) =>
        applyServerErrors(error, form.setError, ['reference', 'description'], { amountPaise: 'amount' }),
    );
    if (isDone) onClose();
  });
  return (
    <MoneyDialogFrame
      wallet={wallet}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      title={t('credit.title')}
      body={t('credit.body', { name: wallet?.organisation.tradeName ?? '' })}
      submitLabel={t('credit.submit')}
    >
      <AmountField control={form.control} name="amount" />
      <FormTextField
        control={form.control}
        name="reference"
        label={t('money.reference')}
        helperText={t('money.referenceHelp')}
        required
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('money.description')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </MoneyDialogFrame>
  );
}

export function DeductDialog({ wallet, onClose }: MoneyDialogProps) {
  const { t } = useTranslation('wallet');
  const form = useForm<DeductFormValues>({
    resolver: zodResolver(DeductFormSchema),
    defaultValues: EMPTY_DEDUCT,
  });
  const run = useWalletChange();
  useResetOnOpen(wallet, form.reset);
  const submit = form.handleSubmit(async (v) => {
    if (!wallet) return;
    const body = { amountPaise: amountPaiseOf(v.amount), reason: v.reason.trim() };
    const isDone = await run(
      () => deductMoney(wallet.id, body),
      t('deduct.done'),
      (error) => applyServerErrors(error, form.setError, ['reason'], { amountPaise: 'amount' }),
    );
    if (isDone) onClose();
  });
  return (
    <MoneyDialogFrame
      wallet={wallet}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      title={t('deduct.title')}
      body={t('deduct.body', { name: wallet?.organisation.tradeName ?? '' })}
      submitLabel={t('deduct.submit')}
      isDestructive
    >
      <AmountField control={form.control} name="amount" />
      <FormTextField
        control={form.control}
        name="reason"
        label={t('money.reason')}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </MoneyDialogFrame>
  );
}

/** Runs a change: success toast, every wallet query refreshed; on failure the error toast. Resolves true on success. */
function useWalletChange() {
  const { t } = useTranslation('wallet');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  return async (
    call: () => Promise<unknown>,
    doneMessage: string,
    /** Puts the server's field errors on the form; answers the message to toast ('' = none). */
    showErrors: (error: unknown) => string,
  ): Promise<boolean> => {
    try {
      await call();
    } catch (error) {
      enqueueSnackbar(showErrors(error) || t('common.failed'), { variant: 'error' });
      return false;
    }
    enqueueSnackbar(doneMessage, { variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    return true;
  };
}

/** Empty fields each time the dialog opens for a wallet. */
function useResetOnOpen(wallet: Wallet | null, reset: () => void) {
  useEffect(() => {
    if (wallet) reset();
  }, [wallet, reset]);
}

function AmountField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { t } = useTranslation('wallet');
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('money.amount')}
      helperText={t('money.amountHelp')}
      required
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
      }}
    />
  );
}

interface MoneyDialogFrameProps<T extends FieldValues> {
  wallet: Wallet | null;
  form: UseFormReturn<T>;
  onClose: () => void;
  onSubmit: (event: FormEvent) => Promise<void>;
  title: string;
  body: string;
  submitLabel: string;
  isDestructive?: boolean;
  children: ReactNode;
}

function MoneyDialogFrame<T extends FieldValues>({
  wallet,
  form,
  onClose,
  onSubmit,
  title,
  body,
  submitLabel,
  isDestructive = false,
  children,
}: MoneyDialogFrameProps<T>) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  const messages = useWalletMessages();
  const isBusy = form.formState.isSubmitting;
  return (
    <FieldMessages translate={messages}>
      <Dialog
        open={wallet !== null}
        onClose={isBusy ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{body}</DialogContentText>
            {wallet && (
              <DialogContentText variant="body2" sx={{ mt: 1 }}>
                {t('money.currentBalance', { amount: formatRupees(wallet.balancePaise) })}
              </DialogContentText>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isBusy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={isDestructive ? 'error' : 'primary'}
              disabled={isBusy}
              startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </FieldMessages>
  );
}
