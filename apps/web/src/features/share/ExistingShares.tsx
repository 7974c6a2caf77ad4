/** The links already made for one vehicle or group (the share dialog's lower half), newest first, with Revoke. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Share } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { listShares, shareKeys, type ShareListFilter } from './api/shares';
import { RevokeShareDialog } from './RevokeShareDialog';
import { ShareStatusChip } from './ShareStatusChip';

/** Links listed (a page size the list contract accepts). */
const LIMIT = 25;

interface ExistingSharesProps {
  kind: 'live' | 'playback';
  vehicleId?: string | undefined;
  groupId?: string | undefined;
}

export function ExistingShares({ kind, vehicleId, groupId }: ExistingSharesProps) {
  const { t } = useTranslation('share');
  const [revoking, setRevoking] = useState<Share | null>(null);
  const titleId = useId();
  // The list filters by vehicle on the server; a group's links are picked out of the kind's newest ones.
  const filter: ShareListFilter = {
    page: 1,
    pageSize: groupId ? 100 : LIMIT,
    kind,
    vehicleId: groupId ? undefined : vehicleId,
  };
  const shares = useQuery({ queryKey: shareKeys.list(filter), queryFn: () => listShares(filter) });
  const items = (shares.data?.items ?? [])
    .filter((s) => (groupId ? s.group?.id === groupId : true))
    .slice(0, LIMIT);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('existing.title')}
      </Typography>
      {shares.isPending ? (
        <CircularProgress size={20} aria-label={t('loading')} sx={{ mt: 1 }} />
      ) : shares.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('loadFailed')}
        </Alert>
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('existing.none')}
        </Typography>
      ) : (
        <List dense aria-label={t('existing.title')}>
          {items.map((share) => (
            <ListItem
              key={share.id}
              divider
              secondaryAction={
                share.status === 'active' ? (
                  <Button size="small" color="error" onClick={() => setRevoking(share)}>
                    {t('revoke.action')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{share.label ?? t('existing.noLabel')}</span>
                    <ShareStatusChip status={share.status} />
                  </Stack>
                }
                secondary={t(share.status === 'revoked' ? 'existing.revokedAt' : 'existing.expiresAt', {
                  at: formatDateTime(share.revokedAt ?? share.expiresAt),
                  by: share.createdBy.name,
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <RevokeShareDialog share={revoking} onClose={() => setRevoking(null)} />
    </Box>
  );
}
