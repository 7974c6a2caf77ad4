/**
 * The live screen's vehicle list: status chips with counts (filters), a search over registration number and IMEI,
 * and a virtualised list (only the rows in view are rendered, so 10,000 vehicles scroll smoothly). Each row is a
 * button: click or Enter selects the vehicle.
 */
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Chip,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VEHICLE_STATUS_COLOURS } from '@/components/map';
import { STATUS_FILTERS, vehicleLabel, type StatusFilter } from './live-vehicles';
import type { LiveVehicle } from './use-live-fleet';
import { formatSpeed, formatUpdated } from './live-format';

const ROW_HEIGHT = 60;
/** Rows rendered above and below the visible ones. */
const OVERSCAN = 6;

export interface VehicleListProps {
  vehicles: readonly LiveVehicle[];
  counts: Record<StatusFilter, number>;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  isLoading?: boolean;
}

export function VehicleList({
  vehicles,
  counts,
  status,
  onStatusChange,
  search,
  onSearchChange,
  selectedId,
  onSelect,
  isLoading = false,
}: VehicleListProps) {
  const { t } = useTranslation('live');
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight || 600 });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(vehicles.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const rows = vehicles.slice(first, last);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%', gap: 1 }}>
      <TextField
        size="small"
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        label={t('list.search')}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box
        role="group"
        aria-label={t('list.statusFilter')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {STATUS_FILTERS.map((s) => {
          const isOn = s === status;
          const colour = s === 'all' ? undefined : VEHICLE_STATUS_COLOURS[s];
          return (
            <Chip
              key={s}
              size="small"
              clickable
              aria-pressed={isOn}
              color={isOn ? 'primary' : 'default'}
              variant={isOn ? 'filled' : 'outlined'}
              onClick={() => onStatusChange(s)}
              label={`${t(`status.${s}`)} ${counts[s]}`}
              icon={
                colour ? (
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: colour.fill,
                      ml: '6px !important',
                    }}
                  />
                ) : undefined
              }
            />
          );
        })}
      </Box>
      <Box
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          setView({ top: el.scrollTop, height: el.clientHeight || 600 });
        }}
        sx={{
          flex: 1,
          minHeight: 120,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {vehicles.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ p: 2 }}>
            {isLoading ? t('list.loading') : t('list.empty')}
          </Typography>
        ) : (
          <List
            aria-label={t('list.title', { count: vehicles.length })}
            disablePadding
            sx={{ position: 'relative', height: vehicles.length * ROW_HEIGHT }}
          >
            {rows.map((v, i) => (
              <ListItemButton
                key={v.id}
                selected={v.id === selectedId}
                onClick={() => onSelect(v.id)}
                sx={{
                  position: 'absolute',
                  top: (first + i) * ROW_HEIGHT,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  gap: 1.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 12,
                    height: 12,
                    flexShrink: 0,
                    borderRadius: '50%',
                    bgcolor: VEHICLE_STATUS_COLOURS[v.status].fill,
                    border: 1,
                    borderColor: 'background.paper',
                  }}
                />
                <ListItemText
                  primary={vehicleLabel(v)}
                  secondary={`${t(`status.${v.status}`)} · ${formatSpeed(v.speedKph, t)} · ${formatUpdated(v.serverTime, t)}`}
                  slotProps={{
                    primary: { noWrap: true, sx: { fontWeight: 600 } },
                    secondary: { noWrap: true },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
