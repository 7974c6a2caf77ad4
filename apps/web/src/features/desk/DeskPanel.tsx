/**
 * The compact desk for the live-tracking page: the open alerts with the alarm and mute toggle; choosing one opens its
 * details, actions and timeline in a dialog. Shown only to users with the sos-desk module. It reads the same live
 * feed as the page (one socket per tab) and refreshes as soon as a desk alert arrives.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLiveFleet } from '@/realtime';
import { useSession } from '@/session';
import { AlarmControls } from './AlarmControls';
import { DeskAlertDetail } from './DeskAlertDetail';
import { DeskAlertList } from './DeskAlertList';
import { SOS_DESK_PATH } from './links';
import { useDeskLiveRefresh, useOpenDeskAlerts } from './use-desk';

export interface DeskPanelProps {
  /** Rows shown before "Open the desk" (default 8). */
  maxRows?: number;
}

export function DeskPanel(props: DeskPanelProps) {
  const { can } = useSession();
  return can('sos-desk') ? <DeskPanelBody {...props} /> : null;
}

function DeskPanelBody({ maxRows = 8 }: DeskPanelProps) {
  const { t } = useTranslation('desk');
  const open = useOpenDeskAlerts();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const titleId = useId();
  const live = useLiveFleet();
  useDeskLiveRefresh(live.alerts, live.deskChanges);
  const alerts = open.data?.items ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          px: 1.5,
          py: 1,
          gap: 1,
        }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          {t('panel.title')}
        </Typography>
        <AlarmControls newCount={open.data?.counts.new ?? 0} />
      </Stack>
      {open.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} aria-label={t('loading')} />
        </Box>
      ) : open.isError ? (
        <Alert severity="error" sx={{ m: 1 }}>
          {t('loadFailed')}
        </Alert>
      ) : alerts.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
          {t('empty.open')}
        </Typography>
      ) : (
        <DeskAlertList alerts={alerts.slice(0, maxRows)} selectedId={null} onSelect={setSelectedId} isDense />
      )}
      <Box sx={{ px: 1.5, py: 1 }}>
        <Button component={RouterLink} to={SOS_DESK_PATH} size="small">
          {open.data && open.data.total > maxRows
            ? t('panel.openDeskMore', { count: open.data.total })
            : t('panel.openDesk')}
        </Button>
      </Box>
      <Dialog
        open={selectedId !== null}
        onClose={() => setSelectedId(null)}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { 'aria-label': t('panel.detail') } }}
      >
        <DialogContent>{selectedId && <DeskAlertDetail alertId={selectedId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setSelectedId(null)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
