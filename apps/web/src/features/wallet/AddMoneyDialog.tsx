/**
 * 'Add Money to wallet' (spec 02 §2 Wallet): money reaches the wallet by bank transfer, verified by the platform. The
 * dialog shows the brand's bank account as copyable read-only fields and says where to e-mail the proof of payment
 * (subject 'Wallet Recharge'); the platform then credits it on /management/wallet.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { brand } from '@/lib/brand';

/** The subject the accounts team filters recharge e-mails by: a fixed text, the same in every language. */
export const RECHARGE_SUBJECT = 'Wallet Recharge';

export function AddMoneyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  const subject = RECHARGE_SUBJECT;
  const fields = [
    { key: 'beneficiary', label: t('addMoney.beneficiary'), value: brand.bank.beneficiary },
    { key: 'accountNumber', label: t('addMoney.accountNumber'), value: brand.bank.accountNumber },
    { key: 'ifsc', label: t('addMoney.ifsc'), value: brand.bank.ifsc },
    { key: 'branchName', label: t('addMoney.branchName'), value: brand.bank.branchName },
  ];
  const mailto = `mailto:${brand.adminEmail}?subject=${encodeURIComponent(subject)}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('addMoney.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Trans
            t={t}
            i18nKey="addMoney.instruction"
            values={{ email: brand.adminEmail, subject }}
            components={{ mail: <Link href={mailto} /> }}
          />
        </DialogContentText>
        <Stack spacing={2}>
          {fields.map((f) => (
            <CopyField key={f.key} label={f.label} value={f.value} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('wallet');
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      enqueueSnackbar(t('addMoney.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('addMoney.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('addMoney.copy', { field: label })}
                onClick={() => void copy()}
                edge="end"
              >
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
