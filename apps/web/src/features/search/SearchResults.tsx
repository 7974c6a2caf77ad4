import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchResult } from '@civicfleet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import type { SearchType } from './api/search';

interface SearchResultsProps {
  result: SearchResult;
  kinds: readonly SearchType[];
  /** Called when a result is followed (closes the dialog). */
  onNavigate: () => void;
}

interface Row {
  key: string;
  to: string;
  primary: string;
  secondary: string;
  status: { label: string; isOn: boolean };
}

/** Joins the known parts of a line, skipping empty ones. */
const line = (...parts: Array<string | null | undefined>) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

export function SearchResults({ result, kinds, onNavigate }: SearchResultsProps) {
  const { t } = useTranslation('search');

  const rows: Record<SearchType, Row[]> = {
    Vehicles: result.Vehicles.map((v) => ({
      key: v.id,
      to: paths.management.vehicleEdit(v.id),
      primary: line(v.registrationNumber, v.name),
      secondary: line(
        v.owner ? `${v.owner.firstName} ${v.owner.lastName}`.trim() : null,
        v.imei ? t('fields.imei', { imei: v.imei }) : null,
        v.organisation.brandName,
      ),
      status: {
        label: v.isTrackingActivated ? t('status.trackingOn') : t('status.trackingOff'),
        isOn: v.isTrackingActivated,
      },
    })),
    Devices: result.Devices.map((d) => ({
      key: d.id,
      to: paths.management.deviceDetails(d.imei),
      primary: line(d.imei, d.name),
      secondary: line(
        d.iccid ? t('fields.iccid', { iccid: d.iccid }) : null,
        d.eSimProvider,
        d.organisation.brandName,
      ),
      status: { label: d.active ? t('status.active') : t('status.inactive'), isOn: d.active },
    })),
    Users: result.Users.map((u) => ({
      key: u.id,
      to: paths.management.userEdit(u.id),
      primary: `${u.firstName} ${u.lastName}`.trim(),
      secondary: line(
        t(`roles.${u.role.name}`, { ns: 'shell', defaultValue: u.role.name }),
        u.phone,
        u.email,
        u.organisation.brandName,
      ),
      status: { label: u.isEnabled ? t('status.enabled') : t('status.disabled'), isOn: u.isEnabled },
    })),
  };

  return (
    <Stack spacing={3}>
      {kinds.map((kind) => (
        <Section key={kind} title={t(`types.${kind}`)} count={rows[kind].length}>
          {rows[kind].length === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
              {t(`empty.${kind}`)}
            </Typography>
          ) : (
            <List dense disablePadding>
              {rows[kind].map((row) => (
                <ListItemButton
                  key={row.key}
                  component={RouterLink}
                  to={row.to}
                  onClick={onNavigate}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemText primary={row.primary} secondary={row.secondary} />
                  <Chip
                    size="small"
                    label={row.status.label}
                    color={row.status.isOn ? 'success' : 'default'}
                    variant="outlined"
                    sx={{ ml: 1 }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Section>
      ))}
    </Stack>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ fontWeight: 700 }}>
        {title} ({count})
      </Typography>
      {children}
    </section>
  );
}
