/**
 * /management/wallet (SUPER_ADMIN; module wallet): every wallet with its holder, balance and last transaction; open a
 * wallet for an organisation; credit a verified bank payment; deduct; the ledger of a wallet.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Wallet } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { listWallets, walletKeys } from './api/wallet';
import { LedgerDrawer } from './LedgerDrawer';
import { CreditDialog, DeductDialog } from './MoneyDialogs';
import { formatRupees } from '@civicfleet/shared';
import { OpenWalletDialog } from './OpenWalletDialog';

const MODULE = 'wallet';

export function WalletAdminPage() {
  const { t } = useTranslation('wallet');
  const { can } = useSession();
  const [isOpening, setIsOpening] = useState(false);
  const [crediting, setCrediting] = useState<Wallet | null>(null);
  const [deducting, setDeducting] = useState<Wallet | null>(null);
  const [ledgerOf, setLedgerOf] = useState<Wallet | null>(null);

  const columns: ResultsTableColumn<Wallet>[] = [
    {
      key: 'organisation',
      header: t('management.organisation'),
      sortable: true,
      accessor: (w) => w.organisation.tradeName,
    },
    { key: 'holder', header: t('management.holder'), sortable: true, accessor: (w) => w.holder.name },
    { key: 'phone', header: t('management.phone'), accessor: (w) => w.holder.phone ?? '' },
    {
      key: 'balancePaise',
      header: t('management.balance'),
      sortable: true,
      align: 'right',
      accessor: (w) => w.balancePaise / 100,
      render: (w) => formatRupees(w.balancePaise),
      exportValue: (w) => formatRupees(w.balancePaise),
    },
    {
      key: 'lastTransactionAt',
      header: t('management.lastTransaction'),
      sortable: true,
      accessor: (w) => (w.lastTransactionAt ? formatDateTime(w.lastTransactionAt) : t('management.never')),
    },
  ];

  const rowActions: RowAction<Wallet>[] = [
    { id: 'ledger', label: t('management.ledger'), onSelect: setLedgerOf, permission: { module: MODULE } },
    {
      id: 'credit',
      label: t('management.credit'),
      onSelect: setCrediting,
      permission: { module: MODULE, action: 'add-money' },
    },
    {
      id: 'deduct',
      label: t('management.deduct'),
      onSelect: setDeducting,
      visible: (w) => w.balancePaise > 0,
      isDestructive: true,
      permission: { module: MODULE, action: 'deduct-money' },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.title')}
        subtitle={t('management.subtitle')}
        actions={
          can(MODULE, 'add-money') ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsOpening(true)}>
              {t('management.open')}
            </Button>
          ) : undefined
        }
      />
      <ResultsTable<Wallet>
        title={t('management.title')}
        columns={columns}
        query={listWallets}
        queryKey={walletKeys.list()}
        getRowLabel={(w) => w.organisation.tradeName}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('management.empty')}
        searchPlaceholder={t('management.search')}
        exportFileBase="Wallets"
        defaultSort={{ sortBy: 'organisation', sortOrder: 'asc' }}
      />
      <OpenWalletDialog open={isOpening} onClose={() => setIsOpening(false)} />
      <CreditDialog wallet={crediting} onClose={() => setCrediting(null)} />
      <DeductDialog wallet={deducting} onClose={() => setDeducting(null)} />
      <LedgerDrawer wallet={ledgerOf} onClose={() => setLedgerOf(null)} />
    </>
  );
}
