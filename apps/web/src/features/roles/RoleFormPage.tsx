/** /management/role/add and /management/role/edit/:id: the role name and its permission matrix. */
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
import { RoleForm } from './RoleForm';
import { getRole, roleKeys } from './api/roles';

export function RoleFormPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const isEdit = id !== undefined;
  const existing = useQuery({
    queryKey: roleKeys.one(id ?? ''),
    queryFn: () => getRole(id ?? ''),
    enabled: isEdit,
  });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={isEdit ? t('roles.editTitle') : t('roles.addTitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!isEdit && <RoleForm />}
          {isEdit && existing.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {isEdit && existing.isError && (
            <Alert severity="error">
              {existing.error instanceof ApiError && existing.error.status === 404
                ? t('roles.notFound')
                : t('common.loadFailed')}
            </Alert>
          )}
          {existing.data && <RoleForm role={existing.data} />}
        </CardContent>
      </Card>
    </Box>
  );
}
