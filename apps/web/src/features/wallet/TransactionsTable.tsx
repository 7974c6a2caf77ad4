/**
 * The wallet's transactions (spec 02 §2 Wallet): Date (dd/MM/yyyy HH:mm:ss, Asia/Kolkata), Description, Amount (green
 * '+' for CREDIT, red '-' for DEBIT, rupees), server-paged and searched, newest first; 'Download CSV' writes every row
 * of the filter. Used by /account/wallet and by the ledger of /management/wallet (with reference and balance after).
 */
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { WalletTransaction } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { listAllTransactions, listTransactions, walletKeys } from './api/wallet';
import { formatRupees } from '@civicfleet/shared';
import { downloadTransactionsCsv } from './transactions-csv';
import type { TransactionFilterQuery } from './wallet-filter';

interface TransactionsTableProps {
  walletId: string;
  filter: TransactionFilterQuery;
  /** The ledger view of /management/wallet: also the reference, the balance after and who made the change. */
  isLedger?: boolean;
}

export function TransactionsTable({ walletId, filter, isLedger = false }: TransactionsTableProps) {
  const { t } = useTranslation('wallet');
  const { enqueueSnackbar } = useSnackbar();
  const [isDownloading, setIsDownloading] = useState(false);

  const columns: ResultsTableColumn<WalletTransaction>[] = [
    {
      key: 'createdAt',
      header: t('transactions.date'),
      accessor: (r) => formatDateTime(r.createdAt),
      width: 180,
    },
    { key: 'description', header: t('transactions.description') },
    ...(isLedger
      ? [
          {
            key: 'reference',
            header: t('transactions.reference'),
            accessor: (r: WalletTransaction) => r.reference ?? '',
          },
        ]
      : []),
    {
      key: 'amount',
      header: t('transactions.amount'),
      align: 'right',
      width: 160,
      accessor: (r) => (r.transactionType === 'CREDIT' ? r.amountPaise : -r.amountPaise) / 100,
      render: (r) => {
        const isCredit = r.transactionType === 'CREDIT';
        return (
          <Typography
            component="span"
            variant="body2"
            data-type={r.transactionType}
            sx={{ fontWeight: 600, color: isCredit ? 'success.main' : 'error.main', whiteSpace: 'nowrap' }}
          >
            {`${isCredit ? '+' : '-'}${formatRupees(r.amountPaise)}`}
          </Typography>
        );
      },
    },
    ...(isLedger
      ? [
          {
            key: 'balanceAfter',
            header: t('transactions.balanceAfter'),
            align: 'right' as const,
            accessor: (r: WalletTransaction) => formatRupees(r.balanceAfterPaise),
          },
        ]
      : []),
  ];

  const download = async () => {
    setIsDownloading(true);
    try {
      const rows = await listAllTransactions(walletId, filter);
      await downloadTransactionsCsv(rows, {
        date: t('transactions.date'),
        transactionType: t('transactions.transactionType'),
        description: t('transactions.description'),
        amount: t('transactions.amountRupees'),
      });
    } catch (error) {
      console.error('Transactions CSV failed', error);
      enqueueSnackbar(t('transactions.downloadFailed'), { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <ResultsTable<WalletTransaction>
      title={t('transactions.title')}
      columns={columns}
      query={(q) => listTransactions(walletId, { ...q, ...filter, sortBy: undefined })}
      queryKey={walletKeys.transactions(walletId, filter)}
      getRowLabel={(r) => `${formatDateTime(r.createdAt)} ${r.description}`}
      emptyMessage={t('transactions.empty')}
      searchPlaceholder={t('transactions.search')}
      isExportable={false}
      toolbarActions={
        <Button
          variant="outlined"
          startIcon={isDownloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
          onClick={() => void download()}
          disabled={isDownloading}
        >
          {t('transactions.download')}
        </Button>
      }
    />
  );
}
