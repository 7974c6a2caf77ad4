import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCertificateDay, type CertificateData } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

const LOOK: Record<
  CertificateData['status']['status'],
  { severity: AlertColor; icon: typeof CheckCircleOutlined }
> = {
  active: { severity: 'success', icon: CheckCircleOutlined },
  expired: { severity: 'error', icon: ErrorOutlineOutlined },
  inactive: { severity: 'warning', icon: HourglassEmptyOutlined },
};

/** What an RTO officer checks first: is tracking active, and when did the device last report (IST). */
export function CertificateVerification({ data }: { data: CertificateData }) {
  const { t } = useTranslation('certificate');
  const { status, lastSeenAt } = data.status;
  const look = LOOK[status];
  const Icon = look.icon;
  const values = {
    registrationNumber: data.vehicle.registrationNumber,
    date: formatCertificateDay(data.fitment.expiresOn),
  };
  return (
    <Alert
      severity={look.severity}
      icon={<Icon fontSize="inherit" />}
      variant="outlined"
      sx={{ mb: 2, alignItems: 'flex-start', '& .MuiAlert-message': { flexGrow: 1 } }}
      data-print-hide
    >
      <Box>
        <Box>
          <AlertTitle sx={{ fontWeight: 700 }} data-testid="certificate-status">
            {t(`verify.${status}`)}
          </AlertTitle>
          <Typography variant="body2">{t(`verify.${status}Body`, values)}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {lastSeenAt
              ? t('verify.lastReported', { time: formatDateTime(lastSeenAt) })
              : t('verify.neverReported')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('verify.certificateNo', { number: data.certificateNo })}
          </Typography>
        </Box>
      </Box>
    </Alert>
  );
}
