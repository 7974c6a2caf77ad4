/** raw-logs: the full decoded JSON of one chosen packet (by its Sr), beside the table. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatReportCell } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecodedJson } from '@/components/DecodedJson';
import type { ReportViewProps } from '../../types';

function parseDecoded(value: unknown): Array<Record<string, unknown>> | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Array<Record<string, unknown>>) : null;
  } catch {
    return null;
  }
}

export function DecodedPacketView({ run }: ReportViewProps) {
  const { t } = useTranslation('reportsAlerts');
  const [chosen, setChosen] = useState(0);
  if (run.rows.length === 0) return null;
  const index = Math.min(chosen, run.rows.length - 1);
  const row = run.rows[index];
  const time = (value: unknown) =>
    formatReportCell({ key: 'receivedAt', label: '', kind: 'datetime' }, (value ?? null) as string | null);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('raw-logs.decodedTitle')}
      </Typography>
      {/* A number, not a menu: a day of one device is up to thousands of packets. */}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <TextField
          size="small"
          type="number"
          label={t('raw-logs.packet')}
          value={String(index + 1)}
          onChange={(event) => {
            const n = Math.round(Number(event.target.value));
            if (Number.isFinite(n)) setChosen(Math.min(run.rows.length, Math.max(1, n)) - 1);
          }}
          slotProps={{ htmlInput: { min: 1, max: run.rows.length, step: 1 } }}
          sx={{ width: 140 }}
        />
        <Typography variant="body2" color="text.secondary">
          {`${time(row?.receivedAt)} · ${String(row?.kind ?? '-')}`}
        </Typography>
      </Stack>
      <DecodedJson decoded={parseDecoded(row?.decoded)} />
    </Box>
  );
}
