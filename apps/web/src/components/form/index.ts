export { DatePickerField, type DatePickerFieldProps } from './DatePickerField';
export { FormDatePicker, type FormDatePickerProps } from './FormDatePicker';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export { FormImageUpload, type FormImageUploadProps } from './FormImageUpload';
export { dateFieldSchema, imageUrlsSchema } from './form-schemas';
export { todayIsoDate, isoDateToDayjs, formatIsoDate } from './date-value';
export {
  FieldMessages,
  FormPasswordField,
  FormTextField,
  applyServerErrors,
  useFieldError,
  type FormTextFieldProps,
} from './FormTextField';
export { FormActions, FormPage, type FormActionsProps, type FormPageProps } from './FormPage';
