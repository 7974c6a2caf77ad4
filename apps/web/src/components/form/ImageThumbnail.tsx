/** One image of an ImageUpload: preview, progress while uploading, the failure with a retry, and remove. */
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from './upload-items';
import { useStoredFilePreview } from './use-file-preview';

export const THUMBNAIL_SIZE_PX = 104;

interface ImageThumbnailProps {
  item: UploadItem;
  index: number;
  onRemove: () => void;
  onRetry: () => void;
  isDisabled: boolean;
}

export function ImageThumbnail({ item, index, onRemove, onRetry, isDisabled }: ImageThumbnailProps) {
  const { t } = useTranslation('form');
  const storedSrc = useStoredFilePreview(item.previewUrl === null ? item.url : null);
  const src = item.previewUrl ?? storedSrc;
  const alt = t('image.thumbnail', { index: index + 1 });
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        width: THUMBNAIL_SIZE_PX,
        height: THUMBNAIL_SIZE_PX,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: item.status === 'error' ? 'error.main' : 'divider',
        bgcolor: 'action.hover',
        listStyle: 'none',
      }}
    >
      {src === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.disabled' }}>
          <BrokenImageOutlined aria-label={alt} />
        </Box>
      ) : (
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            opacity: item.status === 'done' ? 1 : 0.5,
          }}
        />
      )}
      {item.status === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={item.progress}
          aria-label={t('image.uploading', { name: item.name, progress: item.progress })}
          sx={{ position: 'absolute', left: 4, right: 4, bottom: 6 }}
        />
      )}
      {item.status === 'error' && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'rgba(0,0,0,0.6)',
            color: 'common.white',
            px: 0.5,
            pt: 3, // below the remove button
            textAlign: 'center',
          }}
        >
          <Typography variant="caption" role="alert" sx={{ fontSize: 11, lineHeight: 1.2 }}>
            {item.error ?? t('image.failed')}
          </Typography>
          <Tooltip title={t('image.retry', { name: item.name })}>
            <IconButton
              size="small"
              onClick={onRetry}
              disabled={isDisabled}
              aria-label={t('image.retry', { name: item.name })}
              sx={{ color: 'inherit' }}
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <IconButton
        size="small"
        onClick={onRemove}
        disabled={isDisabled}
        aria-label={t('image.remove', { name: item.name })}
        sx={{
          position: 'absolute',
          top: 2,
          right: 2,
          p: 0.25,
          bgcolor: 'background.paper',
          '&:hover': { bgcolor: 'background.paper' },
        }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
