/**
 * Alerts as a selectable list (open ones first, as the server orders them): type, vehicle, status, escalation, the
 * identity marks (unverified SOS, clone suspected, the two addresses of a conflict), live age, and a link to the
 * vehicle on the live map.
 */
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AlertDeskItem } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  AlertAge,
  AlertStatusChip,
  AlertTypeChip,
  CloneSuspectedChip,
  EscalationChip,
  UnverifiedChip,
} from './AlertChips';
import { liveTrackingLink } from './links';
import { typeKey } from './labels';

interface DeskAlertListProps {
  alerts: readonly AlertDeskItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Fewer details per row (the compact panel). */
  isDense?: boolean;
}

export function DeskAlertList({ alerts, selectedId, onSelect, isDense = false }: DeskAlertListProps) {
  const { t } = useTranslation('desk');
  return (
    <List disablePadding aria-label={t('list.label')}>
      {alerts.map((alert) => {
        const vehicle = alert.vehicleRegistration ?? alert.deviceImei;
        return (
          <ListItem
            key={alert.id}
            disablePadding
            divider
            secondaryAction={
              alert.lat !== null && alert.lon !== null ? (
                <Tooltip title={t('list.showOnMap')}>
                  <IconButton
                    component={RouterLink}
                    to={liveTrackingLink(alert)}
                    aria-label={t('list.showOnMapOf', { vehicle })}
                    edge="end"
                    size="small"
                  >
                    <PlaceOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : undefined
            }
          >
            <ListItemButton
              selected={alert.id === selectedId}
              onClick={() => onSelect(alert.id)}
              aria-label={t('list.item', { type: t(typeKey(alert.type)), vehicle })}
              sx={{
                borderLeft: 4,
                borderColor: alert.deskStatus === 'new' ? 'error.main' : 'transparent',
                py: isDense ? 0.75 : 1.25,
              }}
            >
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                >
                  <AlertTypeChip alert={alert} />
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {vehicle}
                  </Typography>
                  <AlertStatusChip alert={alert} />
                  <EscalationChip alert={alert} />
                  <UnverifiedChip alert={alert} />
                  <CloneSuspectedChip alert={alert} />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'baseline' }}>
                  <AlertAge alert={alert} />
                  {!isDense && alert.identity && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {t('identity.addresses', {
                        previous: alert.identity.previousAddress ?? t('identity.unknownAddress'),
                        next: alert.identity.newAddress ?? t('identity.unknownAddress'),
                      })}
                    </Typography>
                  )}
                  {!isDense && alert.assignedTo && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {t('list.assignedTo', { name: alert.assignedTo.name })}
                    </Typography>
                  )}
                </Stack>
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
