/** A frame's decoded messages as compact JSON (null fields left out), scrollable beside its bytes (device details, raw logs). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function compact(messages: Array<Record<string, unknown>>): string {
  const pruned = messages.map((m) =>
    Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null && v !== undefined)),
  );
  return JSON.stringify(pruned.length === 1 ? pruned[0] : pruned, null, 1);
}

export function DecodedJson({ decoded }: { decoded: Array<Record<string, unknown>> | null }) {
  // The raw-logs page loads the device namespace too (pages.ts).
  const { t } = useTranslation('device');
  if (decoded === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('packets.notDecoded')}
      </Typography>
    );
  }
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        maxHeight: 160,
        maxWidth: 420,
        overflow: 'auto',
        fontSize: 12,
        borderRadius: 1,
        bgcolor: 'action.hover',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {compact(decoded)}
    </Box>
  );
}
