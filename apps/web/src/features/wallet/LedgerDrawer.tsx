/** The ledger of one wallet on /management/wallet: its balance, the filter form and the transactions table. */
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Wallet } from '@civicfleet/shared';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@civicfleet/shared';
import { TransactionsTable } from './TransactionsTable';
import { WalletFilterForm } from './WalletFilterForm';
import { EMPTY_FILTER, toTransactionQuery, type WalletFilter } from './wallet-filter';

export function LedgerDrawer({ wallet, onClose }: { wallet: Wallet | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  const [filter, setFilter] = useState<WalletFilter>(EMPTY_FILTER);
  const query = useMemo(() => toTransactionQuery(filter), [filter]);
  const close = () => {
    setFilter(EMPTY_FILTER);
    onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={wallet !== null}
      onClose={close}
      slotProps={{
        paper: { sx: { width: { xs: '100%', md: 960 }, p: 3 }, 'aria-labelledby': titleId, role: 'dialog' },
      }}
    >
      {wallet && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
                {t('management.ledgerTitle', { name: wallet.organisation.tradeName })}
              </Typography>
              <Typography color="text.secondary">
                {`${t('management.holder')}: ${wallet.holder.name} · ${t('management.balance')}: ${formatRupees(wallet.balancePaise)}`}
              </Typography>
            </Box>
            <IconButton onClick={close} aria-label={t('common.close')}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ mb: 2 }}>
            <WalletFilterForm value={filter} onApply={setFilter} />
          </Box>
          <TransactionsTable walletId={wallet.id} filter={query} isLedger />
        </>
      )}
    </Drawer>
  );
}
