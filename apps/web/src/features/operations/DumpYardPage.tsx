/**
 * /swm/dump-yard: disposal trips and the dump-yard desk in four tabs (?tab=presence|trips|entries|mismatch; the date
 * range and vehicle filters in the URL too): who is inside a yard now, disposal trips seen by GPS, what the operator
 * recorded, and where the two disagree.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { EntriesTab } from './EntriesTab';
import { MismatchTab } from './MismatchTab';
import { useParamWriter } from './operations-params';
import { DUMP_YARD_ADD_PATH } from './paths';
import { PresenceTab } from './PresenceTab';
import { RangeFilters } from './RangeFilters';
import { TripsTab } from './TripsTab';

export const DUMP_YARD_TABS = ['presence', 'trips', 'entries', 'mismatch'] as const;
type DumpYardTab = (typeof DUMP_YARD_TABS)[number];
const isTab = (value: string | null): value is DumpYardTab =>
  (DUMP_YARD_TABS as readonly (string | null)[]).includes(value);

const PANELS: Record<DumpYardTab, () => React.JSX.Element> = {
  presence: PresenceTab,
  trips: TripsTab,
  entries: EntriesTab,
  mismatch: MismatchTab,
};

export function DumpYardPage() {
  const { t } = useTranslation('operations');
  const { can } = useSession();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const tabParam = params.get('tab');
  const tab: DumpYardTab = isTab(tabParam) ? tabParam : 'presence';
  const Panel = PANELS[tab];
  return (
    <Box>
      <PageHeader
        title={t('dumpYard.title')}
        subtitle={t('dumpYard.subtitle')}
        actions={
          can('dump-yard', 'add-dump-yard-entry') ? (
            <Button
              component={RouterLink}
              to={DUMP_YARD_ADD_PATH}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('entries.add')}
            </Button>
          ) : undefined
        }
      />
      <Tabs
        value={tab}
        onChange={(_, next: DumpYardTab) => write({ tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('dumpYard.tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {DUMP_YARD_TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`dumpYard.tab.${id}`)}
            id={`dump-yard-tab-${id}`}
            aria-controls="dump-yard-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="dump-yard-panel" aria-labelledby={`dump-yard-tab-${tab}`}>
        {tab !== 'presence' && <RangeFilters />}
        <Panel />
      </Box>
    </Box>
  );
}
