/**
 * Image upload (spec 01 §5): JPEG and PNG only, drag and drop or click (Enter/Space) to choose, "Drop the files to
 * start uploading" while files are dragged over, "You cannot upload these file types" for anything else. Each image
 * uploads at once through POST /v1/file with its own progress, error and retry; thumbnails can be removed. The value
 * is the list of uploaded URLs (images still uploading or failed are not in it; see `onPendingChange`).
 *
 * Needs the deferred `form` i18n namespace.
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { FileFolder } from '@civicfleet/shared';
import { FILE_MAX_BYTES, IMAGE_CONTENT_TYPES } from '@civicfleet/shared';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, isAbortError } from '@/api/client';
import { uploadFile, type UploadFn } from '@/api/file';
import { ImageThumbnail } from './ImageThumbnail';
import {
  doneUrls,
  itemFromFile,
  itemFromUrl,
  sameList,
  triageFiles,
  type Refusal,
  type UploadItem,
} from './upload-items';

export interface ImageUploadProps {
  label: string;
  /** Where the server keeps the files (rc, device, kyc, …). */
  folder: FileFolder;
  /** Uploaded URLs. */
  value: readonly string[];
  onChange: (urls: string[]) => void;
  /** Fewest images the form needs (shown in the hint; the rule belongs to the form). */
  minCount?: number;
  /** Most images; the drop zone closes when reached. */
  maxCount: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shown under the field, in red. */
  errorText?: string | undefined;
  onBlur?: () => void;
  /** How many images are still uploading, and how many failed (forms refuse to submit while either is not 0). */
  onPendingChange?: (pending: PendingUploads) => void;
  /** Replaces POST /v1/file (tests, previews). */
  upload?: UploadFn;
}

const ACCEPT = IMAGE_CONTENT_TYPES.join(',');

export interface PendingUploads {
  uploading: number;
  failed: number;
}

export function ImageUpload({
  label,
  folder,
  value,
  onChange,
  minCount = 0,
  maxCount,
  isRequired = false,
  isDisabled = false,
  errorText,
  onBlur,
  onPendingChange,
  upload = uploadFile,
}: ImageUploadProps) {
  const { t } = useTranslation('form');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>(() => value.map(itemFromUrl));
  const [refusals, setRefusals] = useState<Set<Refusal>>(new Set());
  const [isDragActive, setIsDragActive] = useState(false);
  const dragDepth = useRef(0);
  const controllers = useRef(new Map<string, AbortController>());
  /** Object URLs of chosen files' previews, revoked when their item goes or the field unmounts. */
  const previews = useRef(new Map<string, string>());
  const lastEmitted = useRef<readonly string[]>(value);

  // The form's value changed from outside (reset, loaded record): rebuild from it, keeping unfinished uploads.
  useEffect(() => {
    if (sameList(value, lastEmitted.current)) return;
    lastEmitted.current = value;
    setItems((current) => {
      const kept = current.filter(
        (item) => item.status !== 'done' || (item.url !== null && value.includes(item.url)),
      );
      const known = new Set(kept.map((item) => item.url));
      return [...kept, ...value.filter((url) => !known.has(url)).map(itemFromUrl)];
    });
  }, [value]);

  // Report the finished URLs and the pending count whenever the items change.
  useEffect(() => {
    const urls = doneUrls(items);
    if (!sameList(urls, lastEmitted.current)) {
      lastEmitted.current = urls;
      onChange(urls);
    }
    onPendingChange?.({
      uploading: items.filter((item) => item.status === 'uploading').length,
      failed: items.filter((item) => item.status === 'error').length,
    });
  }, [items, onChange, onPendingChange]);

  // Leaving the page cancels what is still going up and frees the previews.
  useEffect(() => {
    const running = controllers.current;
    const shown = previews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      shown.forEach((objectUrl) => URL.revokeObjectURL(objectUrl));
    };
  }, []);

  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function start(item: UploadItem) {
    if (item.file === null) return;
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    upload({
      folder,
      file: item.file,
      signal: controller.signal,
      onProgress: (progress) => patch(item.key, { progress }),
    })
      .then(
        (url) => patch(item.key, { status: 'done', url, progress: 100, error: null }),
        (error: unknown) => {
          if (!isAbortError(error)) patch(item.key, { status: 'error', error: toApiError(error).message });
        },
      )
      .finally(() => controllers.current.delete(item.key));
  }

  function addFiles(files: readonly File[]) {
    if (isDisabled) return;
    const triage = triageFiles(files, maxCount - items.length);
    setRefusals(triage.refusals);
    const added = triage.accepted.map(itemFromFile);
    if (added.length === 0) return;
    for (const item of added) if (item.previewUrl !== null) previews.current.set(item.key, item.previewUrl);
    setItems((current) => [...current, ...added]);
    added.forEach(start);
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    const preview = previews.current.get(key);
    if (preview !== undefined) {
      URL.revokeObjectURL(preview);
      previews.current.delete(key);
    }
    setItems((current) => current.filter((item) => item.key !== key));
    setRefusals(new Set());
  }

  function retry(item: UploadItem) {
    patch(item.key, { status: 'uploading', progress: 0, error: null });
    start(item);
  }

  const isFull = items.length >= maxCount;
  const canChoose = !isDisabled && !isFull;
  const openChooser = () => {
    if (canChoose) inputRef.current?.click();
  };

  const onDragEnter = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current += 1;
    if (canChoose) setIsDragActive(true);
  };
  const onDragLeave = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setIsDragActive(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setIsDragActive(false);
    addFiles(Array.from(event.dataTransfer.files));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openChooser();
    }
  };

  const hint =
    minCount === maxCount
      ? t('image.hintExact', { count: maxCount })
      : minCount > 0
        ? t('image.hintRange', { min: minCount, max: maxCount })
        : t('image.hintMax', { max: maxCount });
  const refusalText = [
    refusals.has('type') ? t('image.rejectedType') : null,
    refusals.has('size') ? t('image.tooLarge', { size: FILE_MAX_BYTES / 1024 / 1024 }) : null,
    refusals.has('count') ? t('image.tooMany', { max: maxCount }) : null,
  ].filter((text): text is string => text !== null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} onBlur={onBlur}>
      <FormLabel component="legend" required={isRequired} error={errorText !== undefined} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box
        role="button"
        tabIndex={canChoose ? 0 : -1}
        aria-disabled={!canChoose}
        aria-describedby={`${hintId}${errorText !== undefined || refusalText.length > 0 ? ` ${errorId}` : ''}`}
        aria-label={`${label}: ${isFull ? t('image.full', { max: maxCount }) : t('image.choose')}`}
        onClick={openChooser}
        onKeyDown={onKeyDown}
        onDragEnter={onDragEnter}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-drag-active={isDragActive || undefined}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 2.5,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: isDragActive ? 'primary.main' : errorText !== undefined ? 'error.main' : 'divider',
          bgcolor: isDragActive ? 'action.selected' : 'transparent',
          color: canChoose ? 'text.secondary' : 'text.disabled',
          cursor: canChoose ? 'pointer' : 'default',
          outline: 'none',
          '&:focus-visible': {
            borderColor: 'primary.main',
            boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.light}`,
          },
        }}
      >
        <CloudUploadOutlined color={isDragActive ? 'primary' : 'inherit'} />
        <Typography variant="body2">
          {isDragActive ? t('image.drop') : isFull ? t('image.full', { max: maxCount }) : t('image.choose')}
        </Typography>
      </Box>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        accept={ACCEPT}
        multiple={maxCount > 1}
        hidden
        aria-label={label}
        disabled={!canChoose}
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label={t('image.list')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 1.5 }}
        >
          {items.map((item, index) => (
            <ImageThumbnail
              key={item.key}
              item={item}
              index={index}
              isDisabled={isDisabled}
              onRemove={() => remove(item.key)}
              onRetry={() => retry(item)}
            />
          ))}
        </Box>
      )}
      <FormHelperText id={hintId}>{hint}</FormHelperText>
      {(refusalText.length > 0 || errorText !== undefined) && (
        <FormHelperText id={errorId} error role="alert">
          {[...refusalText, ...(errorText === undefined ? [] : [errorText])].join(' · ')}
        </FormHelperText>
      )}
    </Box>
  );
}
