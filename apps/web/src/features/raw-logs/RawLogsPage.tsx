/** /management/raw-logs (spec 01 §7 "raw-logs"): frames as received, newest first, server-paged, per device. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { RawLog } from '@civicfleet/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { DecodedJson } from '@/components/DecodedJson';
import { listRawLogs, rawLogKeys } from './api/raw-logs';

const IMEI_PATTERN = /^\d{8,17}$/;

export function RawLogsPage() {
  const { t } = useTranslation('device');
  const [params, setParams] = useSearchParams();
  const imei = params.get('imei') ?? '';
  const [draft, setDraft] = useState(imei);
  const isDraftValid = draft === '' || IMEI_PATTERN.test(draft.trim());

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isDraftValid) return;
    setParams((p) => {
      if (draft.trim() === '') p.delete('imei');
      else p.set('imei', draft.trim());
      return p;
    });
  };

  const columns: ResultsTableColumn<RawLog>[] = [
    {
      key: 'receivedAt',
      header: t('packets.receivedAt'),
      sortable: true,
      accessor: (r) => formatDateTime(r.receivedAt),
      width: 150,
    },
    { key: 'imei', header: t('fields.imei'), sortable: true, accessor: (r) => r.imei ?? '' },
    {
      key: 'protocol',
      header: t('fields.protocol'),
      sortable: true,
      render: (r) => <Chip size="small" variant="outlined" label={r.protocol} />,
    },
    { key: 'length', header: t('packets.length'), align: 'right' },
    {
      key: 'bytes',
      header: t('packets.bytes'),
      accessor: (r) => (r.protocol === 'ais140' ? r.text : r.hex),
      render: (r) => (
        <Box sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', maxWidth: 340 }}>
          {r.protocol === 'ais140' ? r.text : r.hex}
        </Box>
      ),
    },
    {
      key: 'decoded',
      header: t('packets.decoded'),
      accessor: (r) => (r.decoded ? JSON.stringify(r.decoded) : ''),
      render: (r) => <DecodedJson decoded={r.decoded} />,
    },
    {
      key: 'decodeError',
      header: t('packets.problem'),
      accessor: (r) => r.decodeError ?? (r.checksumOk === false ? t('packets.badChecksum') : ''),
    },
  ];

  return (
    <>
      <PageHeader title={t('rawLogs.title')} subtitle={t('rawLogs.subtitle')} />
      <Box
        component="form"
        onSubmit={apply}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          size="small"
          label={t('rawLogs.device')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={!isDraftValid}
          helperText={isDraftValid ? t('rawLogs.deviceHint') : t('validation.imeiFilter')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 17 } }}
        />
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          {t('rawLogs.apply')}
        </Button>
      </Box>
      <ResultsTable<RawLog>
        title={t('rawLogs.title')}
        columns={columns}
        query={(q) => listRawLogs({ ...q, imei: imei || undefined })}
        queryKey={rawLogKeys.list(imei)}
        getRowLabel={(r) => `${r.imei ?? ''} ${r.receivedAt}`}
        emptyMessage={t('rawLogs.empty')}
        searchPlaceholder={t('rawLogs.search')}
        exportFileBase="Raw_Logs"
        exportFilters={imei ? [{ label: t('fields.imei'), value: imei }] : []}
      />
    </>
  );
}
