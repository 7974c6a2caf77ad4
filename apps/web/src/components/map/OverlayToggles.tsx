/**
 * Overlay switches for a map: a "Layers" button under the zoom buttons that opens a list of check boxes (wards,
 * geofences, routes, POIs, alerts — the ones a page passes in `options`). The page owns the value (it may keep it in
 * the URL or localStorage) and draws what is on. Render it as a child of MapView, or anywhere with `placement="inline"`.
 */
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import {
  Checkbox,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MAP_OVERLAYS = ['wards', 'geofences', 'routes', 'pois', 'alerts'] as const;
export type MapOverlay = (typeof MAP_OVERLAYS)[number];

export interface OverlayTogglesProps {
  value: readonly MapOverlay[];
  onChange: (next: MapOverlay[]) => void;
  /** Overlays this page offers, in this order. Default: all. */
  options?: readonly MapOverlay[];
  /** `map` (default): floats under the zoom buttons of the map it is a child of; `inline`: in the flow. */
  placement?: 'map' | 'inline';
}

/** `value` with `overlay` switched, in `options` order (stable URLs and storage). */
export function toggleOverlay(
  value: readonly MapOverlay[],
  overlay: MapOverlay,
  options: readonly MapOverlay[] = MAP_OVERLAYS,
): MapOverlay[] {
  const on = new Set(value);
  if (on.has(overlay)) on.delete(overlay);
  else on.add(overlay);
  return options.filter((o) => on.has(o));
}

export function OverlayToggles({
  value,
  onChange,
  options = MAP_OVERLAYS,
  placement = 'map',
}: OverlayTogglesProps) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('map.overlays.title');
  return (
    <Paper
      elevation={2}
      sx={
        placement === 'map'
          ? { position: 'absolute', top: 84, right: 10, zIndex: 2, borderRadius: 1 }
          : { display: 'inline-flex' }
      }
    >
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <LayersOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((overlay) => {
          const checked = value.includes(overlay);
          return (
            <MenuItem
              key={overlay}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => onChange(toggleOverlay(value, overlay, options))}
              dense
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText primary={t(`map.overlays.${overlay}`)} />
            </MenuItem>
          );
        })}
      </Menu>
    </Paper>
  );
}
