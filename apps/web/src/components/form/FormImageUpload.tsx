/**
 * ImageUpload bound to react-hook-form by name; the field holds the uploaded URLs (string[]).
 *
 * The field's own rule checks `minCount`–`maxCount` and refuses to submit while an image is still uploading or has
 * failed. A form with a zod resolver ignores field rules: give that field `imageUrlsSchema({ min, max })` from
 * ./form-schemas (its `min`/`max` messages are translated here); pending uploads are never in the value.
 */
import { useRef } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload, type ImageUploadProps, type PendingUploads } from './ImageUpload';

type PassedProps = Pick<
  ImageUploadProps,
  'label' | 'folder' | 'minCount' | 'maxCount' | 'isRequired' | 'isDisabled' | 'upload'
>;

export interface FormImageUploadProps<T extends FieldValues> extends PassedProps {
  control: Control<T>;
  name: Path<T>;
}

const PENDING = 'pending';
const FAILED = 'failed';

export function FormImageUpload<T extends FieldValues>({
  control,
  name,
  minCount = 0,
  maxCount,
  ...rest
}: FormImageUploadProps<T>) {
  const { t } = useTranslation('form');
  const pending = useRef<PendingUploads>({ uploading: 0, failed: 0 });
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: unknown) => {
        const count = Array.isArray(value) ? value.length : 0;
        if (pending.current.uploading > 0) return PENDING;
        if (pending.current.failed > 0) return FAILED;
        if (count < minCount) return 'min';
        if (count > maxCount) return 'max';
        return true;
      },
    },
  });
  const message = fieldState.error?.message;
  const errorText =
    message === undefined || message === ''
      ? undefined
      : message === PENDING
        ? t('image.pending')
        : message === FAILED
          ? t('image.failedBlock')
          : message === 'min'
            ? minCount === maxCount
              ? t('image.exact', { count: minCount })
              : t('image.min', { min: minCount })
            : message === 'max'
              ? t('image.maxError', { max: maxCount })
              : message;
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <ImageUpload
      {...rest}
      minCount={minCount}
      maxCount={maxCount}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onPendingChange={(next) => {
        pending.current = next;
      }}
      errorText={errorText}
    />
  );
}
