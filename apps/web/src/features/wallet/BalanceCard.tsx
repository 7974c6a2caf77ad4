/**
 * The balance card (spec 02 §2 Wallet): the balance in rupees, the 'In Date Range' figure (credits − debits of the
 * applied filter over all its rows: green with an up arrow and '+' when not negative, red with a down arrow and '-'
 * otherwise) and the 'Add Money' button.
 */
import AddCardIcon from '@mui/icons-material/AddCard';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@civicfleet/shared';

interface BalanceCardProps {
  balancePaise: number;
  /** credits − debits of the filter; undefined while loading; null when it could not be loaded. */
  netPaise: number | null | undefined;
  onRetryNet: () => void;
  onAddMoney?: (() => void) | undefined;
}

export function BalanceCard({ balancePaise, netPaise, onRetryNet, onAddMoney }: BalanceCardProps) {
  const { t } = useTranslation('wallet');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('balance.title')}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 2, sm: 4 } }}
    >
      <Box>
        <Typography variant="overline" color="text.secondary" component="h2">
          {t('balance.title')}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="wallet-balance">
          {formatRupees(balancePaise)}
        </Typography>
      </Box>
      <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box>
        <Typography variant="overline" color="text.secondary" component="h2">
          {t('balance.inRange')}
        </Typography>
        <InRange netPaise={netPaise} onRetry={onRetryNet} />
      </Box>
      {onAddMoney && (
        <Button
          variant="contained"
          size="large"
          startIcon={<AddCardIcon />}
          onClick={onAddMoney}
          sx={{ ml: { sm: 'auto' } }}
        >
          {t('balance.addMoney')}
        </Button>
      )}
    </Paper>
  );
}

function InRange({ netPaise, onRetry }: { netPaise: number | null | undefined; onRetry: () => void }) {
  const { t } = useTranslation('wallet');
  if (netPaise === undefined) return <Skeleton width={160} height={40} />;
  if (netPaise === null)
    return (
      <Typography variant="body2" color="error">
        {t('common.transactionsFailed')}{' '}
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Typography>
    );
  const isGain = netPaise >= 0;
  const Icon = isGain ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Typography
      variant="h5"
      component="p"
      data-testid="wallet-in-range"
      data-trend={isGain ? 'gain' : 'loss'}
      title={t(isGain ? 'balance.gain' : 'balance.loss')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        fontWeight: 700,
        color: isGain ? 'success.main' : 'error.main',
      }}
    >
      <Icon aria-hidden />
      {`${isGain ? '+' : '-'}${formatRupees(Math.abs(netPaise))}`}
    </Typography>
  );
}
