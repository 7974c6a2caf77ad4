/**
 * The raise/edit form's values and schema: coordinates are typed (or picked on the map) as text and become numbers
 * before the contract's own schema checks them, so the messages are the contract's. Contract messages are English;
 * `useComplaintMessages` shows them by their i18n keys.
 */
import {
  COMPLAINT_MESSAGES,
  ComplaintInputSchema,
  type ComplaintCategory,
  type ComplaintDetail,
  type ComplaintInputValues,
} from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export interface ComplaintFormValues {
  category: ComplaintCategory | '';
  description: string;
  lat: string;
  lon: string;
  address: string;
  photos: string[];
  citizenName: string;
  /** 10 digits (the +91 is shown fixed). */
  citizenPhone: string;
}

export const COMPLAINT_FORM_FIELDS = [
  'category',
  'description',
  'lat',
  'lon',
  'address',
  'photos',
  'citizenName',
  'citizenPhone',
] as const;

export const EMPTY_COMPLAINT_FORM: ComplaintFormValues = {
  category: '',
  description: '',
  lat: '',
  lon: '',
  address: '',
  photos: [],
  citizenName: '',
  citizenPhone: '',
};

const toNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' || Number.isNaN(Number(text)) ? undefined : Number(text);
};

/** What the form submits: the contract's input (the server applies its defaults the same way). */
export const complaintFormSchema = ComplaintInputSchema.extend({
  lat: z.preprocess(toNumber, ComplaintInputSchema.shape.lat),
  lon: z.preprocess(toNumber, ComplaintInputSchema.shape.lon),
});

export function toFormValues(c: ComplaintDetail): ComplaintFormValues {
  return {
    category: c.category,
    description: c.description ?? '',
    lat: c.lat.toFixed(6),
    lon: c.lon.toFixed(6),
    address: c.address ?? '',
    photos: c.photos,
    citizenName: c.citizenName ?? '',
    citizenPhone: (c.citizenPhone ?? '').replace(/^\+91/, ''),
  };
}

export type ComplaintFormOutput = z.output<typeof complaintFormSchema>;

/** The request body from validated values (the ward is found by the server from the location). */
export function toInput(values: ComplaintFormOutput): ComplaintInputValues {
  return { ...values, wardId: null };
}

const MESSAGE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COMPLAINT_MESSAGES as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, message]) => [message, `messages.${key}`]),
);

/** How the complaint screens show contract and server messages: by their i18n keys, others as sent. */
export function useComplaintMessages(): (message: string) => string {
  const { t } = useTranslation('complaints');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
