/** Per-row outcome of a bulk call (bulk create, allocate, rollback): a summary line and the failed rows first. */
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { BulkResult } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export function BulkResultList({ result }: { result: BulkResult }) {
  const { t } = useTranslation('device');
  const rows = [...result.results].sort((a, b) => Number(a.ok) - Number(b.ok) || a.row - b.row);
  return (
    <>
      <Alert severity={result.failed === 0 ? 'success' : 'warning'} sx={{ mb: 1 }}>
        {t('bulk.summary', { succeeded: result.succeeded, failed: result.failed })}
      </Alert>
      <List dense aria-label={t('bulk.results')} sx={{ maxHeight: 280, overflow: 'auto' }}>
        {rows.map((r) => (
          <ListItem key={`${r.row}-${r.key}`} disableGutters>
            <ListItemText
              primary={`${t('bulk.row', { row: r.row })} · ${r.key || '—'}`}
              secondary={r.message}
              slotProps={{ secondary: { color: r.ok ? 'success.main' : 'error.main' } }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
