import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './types';

interface RowActionsMenuProps<T> {
  row: T;
  rowLabel: string;
  /** Already filtered to what this row and this user allow; never empty. */
  actions: RowAction<T>[];
}

/**
 * The Actions column's button and popover menu (spec 02 §2). A real button, so Tab reaches it and Enter/Space opens
 * it; the MUI menu moves focus into the list, supports arrow keys, and Esc closes it and gives focus back.
 */
export function RowActionsMenu<T>({ row, rowLabel, actions }: RowActionsMenuProps<T>) {
  const { t } = useTranslation('table');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actions.open', { row: rowLabel })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('actions.open', { row: rowLabel }) } }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.id}
            onClick={() => {
              setAnchor(null);
              action.onSelect(row);
            }}
            sx={action.isDestructive ? { color: 'error.main' } : undefined}
          >
            {action.icon && (
              <ListItemIcon sx={action.isDestructive ? { color: 'error.main' } : undefined}>
                {action.icon}
              </ListItemIcon>
            )}
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
