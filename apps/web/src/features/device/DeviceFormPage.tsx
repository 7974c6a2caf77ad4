/** /management/device/add and /management/device/edit/:id (spec 01 §2.6). */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { DeviceForm } from './DeviceForm';
import { deviceKeys, getDevice } from './api/devices';

export function DeviceFormPage() {
  const { t } = useTranslation('device');
  const { id } = useParams();
  const isEdit = id !== undefined;
  const existing = useQuery({
    queryKey: deviceKeys.one(id ?? ''),
    queryFn: () => getDevice(id ?? ''),
    enabled: isEdit,
  });

  return (
    <Box sx={{ maxWidth: 820 }}>
      <PageHeader
        title={isEdit ? t('form.editTitle') : t('form.addTitle')}
        subtitle={isEdit ? undefined : t('form.addSubtitle')}
      />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!isEdit && <DeviceForm />}
          {isEdit && existing.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {isEdit && existing.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void existing.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {existing.error instanceof ApiError && existing.error.status === 404
                ? t('common.notFound')
                : t('common.loadFailed')}
            </Alert>
          )}
          {existing.data && <DeviceForm device={existing.data} />}
        </CardContent>
      </Card>
    </Box>
  );
}
