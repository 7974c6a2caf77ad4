/**
 * /certificate/:id (id = device IMEI), public: the verification banner, Print and Download PDF, then the certificate
 * document (spec 02 §2 "Public certificate page"). 'Loading document...' while it loads; a not-found state for an
 * IMEI without a certificate.
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { paths } from '@/lib/paths';
import { certificatePdfUrl, useCertificate } from './api/certificate';
import { CertificateDocument } from './CertificateDocument';
import { CertificatePrintStyles } from './CertificatePrintStyles';
import { CertificateVerification } from './CertificateVerification';

export function CertificatePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('certificate');
  const certificate = useCertificate(id);

  if (certificate.isPending) {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center', py: 8 }}
      >
        <CircularProgress size={28} />
        <Typography>{t('page.loading')}</Typography>
      </Box>
    );
  }

  if (certificate.isError) {
    const error = certificate.error;
    const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {isMissing ? t('page.notFoundTitle') : t('page.failedTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {isMissing ? t('page.notFoundBody', { imei: id }) : t('page.failedBody')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 3 }}>
          {!isMissing && (
            <Button variant="contained" onClick={() => void certificate.refetch()}>
              {t('page.retry')}
            </Button>
          )}
          <Button component={RouterLink} to={paths.certificateSearch} startIcon={<SearchOutlined />}>
            {t('page.searchAnother')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const data = certificate.data;
  return (
    <>
      <CertificatePrintStyles />
      <Box data-print-hide sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('page.title')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 2 }}
          role="group"
          aria-label={t('page.actions')}
        >
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            {t('page.print')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            href={certificatePdfUrl(data.device.imei)}
            download
          >
            {t('page.download')}
          </Button>
          <Button component={RouterLink} to={paths.certificateSearch} startIcon={<SearchOutlined />}>
            {t('page.searchAnother')}
          </Button>
        </Stack>
        <CertificateVerification data={data} />
        <Alert severity="info" variant="outlined" icon={false} sx={{ py: 0 }}>
          {t('page.legalNote')}
        </Alert>
      </Box>
      <CertificateDocument data={data} qrLabel={t('verify.qrLabel')} />
    </>
  );
}
