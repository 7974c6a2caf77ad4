/** /management/organisation/add and /management/organisation/edit/:id. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { OrganisationForm } from './OrganisationForm';
import { getOrganisation, organisationKeys } from './api/organisations';

export function OrganisationFormPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const isEdit = id !== undefined;
  const existing = useQuery({
    queryKey: organisationKeys.one(id ?? ''),
    queryFn: () => getOrganisation(id ?? ''),
    enabled: isEdit,
  });

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={isEdit ? t('orgs.editTitle') : t('orgs.addTitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!isEdit && <OrganisationForm />}
          {isEdit && existing.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {isEdit && existing.isError && (
            <Alert severity="error">
              {existing.error instanceof ApiError && existing.error.status === 404
                ? t('orgs.notFound')
                : t('common.loadFailed')}
            </Alert>
          )}
          {existing.data && <OrganisationForm organisation={existing.data} />}
        </CardContent>
      </Card>
    </Box>
  );
}
