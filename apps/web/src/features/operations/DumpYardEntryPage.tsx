/**
 * /swm/dump-yard/add: the dump-yard operator's entry screen (issue 7 "a simple entry screen, ready for a weighbridge
 * feed"). It stays on the screen after each save, ready for the next truck, with the shift's last entries below.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { operationsKeys } from './api/operations';
import { EntryForm } from './EntryForm';
import { DUMP_YARD_PATH } from './paths';
import { ShiftEntries } from './ShiftEntries';

export function DumpYardEntryPage() {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  const [nowMs, setNowMs] = useState(() => Date.now());
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={t('entry.title')}
        subtitle={t('entry.subtitle')}
        actions={
          <Button component={RouterLink} to={`${DUMP_YARD_PATH}?tab=entries`}>
            {t('entry.toList')}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <EntryForm
            onSaved={() => {
              setNowMs(Date.now());
              void queryClient.invalidateQueries({ queryKey: operationsKeys.all });
            }}
          />
        </CardContent>
      </Card>
      <ShiftEntries nowMs={nowMs} />
    </Box>
  );
}
