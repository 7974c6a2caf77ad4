/**
 * /account/wallet (spec 02 §2 Wallet; ADMIN and RFC_ADMIN, spec 01 §2.9): the filter form, the balance card with the
 * 'In Date Range' figure and Add Money, and the transactions of the filter. The filter lives in the URL.
 */
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { AddMoneyDialog } from './AddMoneyDialog';
import { getMyWallet, listTransactions, walletKeys } from './api/wallet';
import { BalanceCard } from './BalanceCard';
import { TransactionsTable } from './TransactionsTable';
import { WalletFilterForm } from './WalletFilterForm';
import {
  filterFromParams,
  toTransactionQuery,
  writeFilterParams,
  type TransactionFilterQuery,
} from './wallet-filter';

export function AccountWalletPage() {
  const { t } = useTranslation('wallet');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [isAddMoneyOpen, setIsAddMoneyOpen] = useState(false);
  const paramsKey = params.toString();
  const filter = useMemo(() => filterFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const query = useMemo(() => toTransactionQuery(filter), [filter]);

  const userId = user?.id ?? '';
  const organisationId = user?.organisation?.id ?? '';
  const wallet = useQuery({
    queryKey: walletKeys.mine(userId, organisationId),
    queryFn: () => getMyWallet(userId, organisationId),
    enabled: userId !== '',
  });
  useLoggedError('Wallet load failed', wallet.error);

  let body;
  if (wallet.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('account.title')} />
      </Box>
    );
  } else if (wallet.isError) {
    // Spec 02 §8 only logs this (see useLoggedError); a user must still see it and be able to try again.
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void wallet.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('common.loadFailed')}
      </Alert>
    );
  } else if (wallet.data === null) {
    body = <NoWallet />;
  } else {
    const found = wallet.data;
    body = (
      <WalletBody
        walletId={found.id}
        balancePaise={found.balancePaise}
        query={query}
        onAddMoney={() => setIsAddMoneyOpen(true)}
        filterForm={
          <WalletFilterForm value={filter} onApply={(next) => setParams((p) => writeFilterParams(p, next))} />
        }
      />
    );
  }

  return (
    <>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      {body}
      <AddMoneyDialog open={isAddMoneyOpen} onClose={() => setIsAddMoneyOpen(false)} />
    </>
  );
}

interface WalletBodyProps {
  walletId: string;
  balancePaise: number;
  query: TransactionFilterQuery;
  onAddMoney: () => void;
  filterForm: ReactNode;
}

function WalletBody({ walletId, balancePaise, query, onAddMoney, filterForm }: WalletBodyProps) {
  // Sums over every row of the filter (all pages); the table asks for its own pages.
  const summary = useQuery({
    queryKey: walletKeys.summary(walletId, query),
    queryFn: () => listTransactions(walletId, { ...query, page: 1, pageSize: 5 }),
    placeholderData: keepPreviousData,
  });
  useLoggedError('Wallet transactions load failed', summary.error);
  return (
    <>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {filterForm}
        <BalanceCard
          balancePaise={balancePaise}
          netPaise={summary.isError ? null : summary.data?.netPaise}
          onRetryNet={() => void summary.refetch()}
          onAddMoney={onAddMoney}
        />
      </Stack>
      <TransactionsTable walletId={walletId} filter={query} />
    </>
  );
}

function NoWallet() {
  const { t } = useTranslation('wallet');
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="status">
      <AccountBalanceWalletOutlinedIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('account.noWalletTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        {t('account.noWalletBody')}
      </Typography>
    </Paper>
  );
}

/** Spec 02 §8: wallet and transaction load failures are logged (the page also shows them). */
function useLoggedError(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [what, error]);
}
