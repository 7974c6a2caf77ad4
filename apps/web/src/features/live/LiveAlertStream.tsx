/**
 * The live alert stream beside the map: the newest alerts of /v1/live (every type, not only the desk's), newest first.
 * Choosing one selects its vehicle on the map (the page's `onOpen`).
 */
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { LiveAlert } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLiveFleet } from './use-live-fleet';

/** `harshBraking` → `Harsh braking`: the fallback label of an alarm type without a translation. */
const humanise = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function LiveAlertStream({
  maxRows = 5,
  onOpen,
}: {
  maxRows?: number;
  onOpen: (alert: LiveAlert) => void;
}) {
  const { t } = useTranslation('live');
  const { alerts, vehicles } = useLiveFleet();
  const shown = alerts.slice(0, maxRows);
  return (
    <Box
      component="section"
      aria-labelledby="live-alert-stream"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, bgcolor: 'background.paper' }}
    >
      <Typography id="live-alert-stream" variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
        {t('stream.title')}
      </Typography>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('stream.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {shown.map((a) => {
            const vehicle = a.vehicleId ? vehicles.get(a.vehicleId) : undefined;
            return (
              <ListItemButton key={a.id} onClick={() => onOpen(a)} sx={{ px: 0.5 }}>
                <ListItemText
                  primary={`${t(`alertTypes.${a.type}`, { defaultValue: humanise(a.type) })} — ${
                    vehicle?.registrationNumber ?? vehicle?.imei ?? a.deviceId
                  }`}
                  secondary={formatDateTime(a.at)}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Box>
  );
}
