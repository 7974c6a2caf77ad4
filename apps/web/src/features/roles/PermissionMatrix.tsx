/**
 * A checkbox per module and per action of the catalogue, grouped as the sidebar groups them, with select-all per
 * group. Permissions the caller does not hold are disabled (the server refuses to grant them anyway).
 */
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { permissionKey } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { MATRIX_GROUPS, moduleKeys, toggle, toggleGroup } from './permission-matrix';

interface PermissionMatrixProps {
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  isReadOnly: boolean;
  isGrantable: (key: string) => boolean;
}

export function PermissionMatrix({ checked, onChange, isReadOnly, isGrantable }: PermissionMatrixProps) {
  const { t } = useTranslation('admin');
  return (
    <Box role="group" aria-label={t('roles.permissions')}>
      {MATRIX_GROUPS.map((group) => {
        const keys = group.modules.flatMap(moduleKeys).filter(isGrantable);
        const count = keys.filter((k) => checked.has(k)).length;
        const groupName = t(`roles.groups.${group.id}`);
        return (
          <Accordion
            key={group.id}
            defaultExpanded={group.id !== 'reports'}
            disableGutters
            variant="outlined"
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>
                {groupName}{' '}
                <Typography component="span" color="text.secondary" variant="body2">
                  {t('roles.selectedCount', { count, total: keys.length })}
                </Typography>
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <FormControlLabel
                label={t('roles.selectAll', { group: groupName })}
                control={
                  <Checkbox
                    checked={keys.length > 0 && count === keys.length}
                    indeterminate={count > 0 && count < keys.length}
                    disabled={isReadOnly || keys.length === 0}
                    onChange={(_, on) => onChange(toggleGroup(checked, group, on, isGrantable))}
                  />
                }
              />
              {group.modules.map((m) => {
                const moduleLabel = t(m.labelKey, { ns: 'shell', defaultValue: m.name });
                return (
                  <Box key={m.id} sx={{ borderTop: 1, borderColor: 'divider', py: 0.5 }}>
                    <FormControlLabel
                      label={<Typography sx={{ fontWeight: 500 }}>{moduleLabel}</Typography>}
                      control={
                        <Checkbox
                          checked={checked.has(m.id)}
                          disabled={isReadOnly || !isGrantable(m.id)}
                          onChange={(_, on) => onChange(toggle(checked, m, m.id, on))}
                        />
                      }
                    />
                    {m.actions.length > 0 && (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, pl: 4 }}>
                        {m.actions.map((a) => {
                          const key = permissionKey(m.id, a.id);
                          // An action id can mean different things in two modules (moduleActions overrides).
                          const actionLabel = t(
                            [`roles.moduleActions.${m.id}.${a.id}`, `roles.actions.${a.id}`],
                            {
                              defaultValue: a.label,
                            },
                          );
                          return (
                            <FormControlLabel
                              key={key}
                              label={<Typography variant="body2">{actionLabel}</Typography>}
                              control={
                                <Checkbox
                                  size="small"
                                  checked={checked.has(key)}
                                  disabled={isReadOnly || !isGrantable(key)}
                                  onChange={(_, on) => onChange(toggle(checked, m, key, on))}
                                  slotProps={{ input: { 'aria-label': `${moduleLabel}: ${actionLabel}` } }}
                                />
                              }
                            />
                          );
                        })}
                      </Box>
                    )}
                  </Box>
                );
              })}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
