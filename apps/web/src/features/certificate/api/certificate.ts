/**
 * Public certificate calls (contract: packages/shared certificate.contract.ts): GET /v1/certificate/{imei} and
 * GET /v1/certificate/lookup?registrationNumber=. Both anonymous: the page is opened signed out (QR code, RTO).
 */
import { CertificateDataSchema, CertificateLookupSchema, type CertificateData } from '@civicfleet/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API_ROOT, apiRequest } from '@/api/client';
import { brand } from '@/lib/brand';

export const certificateKeys = {
  all: ['certificate'] as const,
  detail: (imei: string) => ['certificate', imei] as const,
};

export function getCertificate(imei: string, signal?: AbortSignal): Promise<CertificateData> {
  return apiRequest({
    method: 'GET',
    path: `/certificate/${encodeURIComponent(imei)}`,
    schema: CertificateDataSchema,
    anonymous: true,
    ...(signal ? { signal } : {}),
  });
}

export function useCertificate(imei: string) {
  return useQuery({
    queryKey: certificateKeys.detail(imei),
    queryFn: ({ signal }) => getCertificate(imei, signal),
    // A 404 is an answer ("no certificate"), not a glitch worth retrying.
    retry: false,
  });
}

export function lookupCertificate(registrationNumber: string): Promise<{ imei: string }> {
  return apiRequest({
    method: 'GET',
    path: '/certificate/lookup',
    query: { registrationNumber },
    schema: CertificateLookupSchema,
    anonymous: true,
  });
}

export function useLookupCertificate() {
  return useMutation({ mutationFn: lookupCertificate });
}

/** Root-relative server URLs (`/v1/certificate/…`) as the browser should load them (brand API base). */
export function serverUrl(path: string): string {
  return `${brand.apiBase.replace(/\/+$/, '')}${path}`;
}

/** The public PDF of a certificate. */
export const certificatePdfUrl = (imei: string) => `${API_ROOT}/certificate/${encodeURIComponent(imei)}/pdf`;
