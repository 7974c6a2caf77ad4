/**
 * The inventory panel of the devices page (spec 02 §7 "Wallet and inventory"; issue 6 "Inventory"): stock by status
 * per organisation and model, fitments per vendor and period, and a search that says where a device is (stock,
 * fitment, SIM order). For the roles that manage stock; collapsible, the choice kept in the browser.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPreference, writePreference } from '@/lib/storage';
import { useSession } from '@/session';
import { FitmentCountsSection } from './FitmentCountsSection';
import { InventorySearchSection } from './InventorySearchSection';
import { StockCountsSection } from './StockCountsSection';

/** Roles that see the panel (issue 6: MANUFACTURER, INVENTORY_MANAGER and the RFC roles; SUPER_ADMIN sees all). */
export const INVENTORY_ROLES: readonly string[] = [
  'SUPER_ADMIN',
  'MANUFACTURER',
  'INVENTORY_MANAGER',
  'RFC',
  'RFC_ADMIN',
];

export function canSeeInventory(roleName: string | undefined): boolean {
  return roleName !== undefined && INVENTORY_ROLES.includes(roleName);
}

const EXPANDED_KEY = 'inventory.expanded';
const TABS = ['stock', 'fitments', 'search'] as const;
type InventoryTab = (typeof TABS)[number];

/** The panel for the roles that manage stock; nothing for the others. */
export function InventoryPanel() {
  const { user } = useSession();
  return canSeeInventory(user?.role.name) ? <InventoryPanelBody /> : null;
}

function InventoryPanelBody() {
  const { t } = useTranslation('device');
  const id = useId();
  const [isExpanded, setIsExpanded] = useState(readPreference(EXPANDED_KEY) !== 'false');
  const [tab, setTab] = useState<InventoryTab>('stock');
  const toggle = (_: unknown, expanded: boolean) => {
    setIsExpanded(expanded);
    writePreference(EXPANDED_KEY, String(expanded));
  };
  return (
    <Accordion
      expanded={isExpanded}
      onChange={toggle}
      variant="outlined"
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ mb: 2, borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Inventory2OutlinedIcon color="primary" aria-hidden />
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('inventory.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('inventory.subtitle')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, next: InventoryTab) => setTab(next)}
          aria-label={t('inventory.title')}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`inventory.tabs.${value}`)}
              id={`${id}-tab-${value}`}
              aria-controls={`${id}-panel-${value}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
          {tab === 'stock' && <StockCountsSection />}
          {tab === 'fitments' && <FitmentCountsSection />}
          {tab === 'search' && <InventorySearchSection />}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
