/** The fitment screens (lib/paths) and the public certificate's page and PDF. */
import { API_ROOT } from '@/api/client';
import { paths } from '@/lib/paths';

export const MODULE = 'fitment';
export const FITMENT_LIST_PATH = paths.fitment.list;
export const FITMENT_ADD_PATH = paths.fitment.add;
export const fitmentEditPath = paths.fitment.edit;

/** The public certificate page (spec 02 §2 "Public certificate page"), opened in a new tab. */
export const certificatePagePath = paths.certificate;
/** The public certificate PDF (certificate.contract.ts: GET /v1/certificate/{imei}/pdf). */
export const certificatePdfHref = (imei: string) => `${API_ROOT}/certificate/${encodeURIComponent(imei)}/pdf`;
