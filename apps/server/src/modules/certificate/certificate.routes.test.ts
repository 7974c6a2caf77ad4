/** /v1/certificate: the public certificate, its images and lookup; the signed-in quick certificate and full PDF. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  CertificateDataSchema,
  QuickCertificateSchema,
  type CertificateData,
} from '@civicfleet/shared';
import { deviceModels, devices, fitments } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { CERTIFICATE_READS_PER_MINUTE } from './certificate.routes.ts';
import { makePng, seedCertificate, type SeededCertificate } from './certificate.testing.ts';
import { pdfText } from './certificate-pdf.testing.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/certificate', () => {
  const t = useTestApp({ clock: () => NOW });
  let c: SeededCertificate;

  beforeAll(async () => {
    c = await seedCertificate(t.db, t.env, { n: 1 });
  });

  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
  async function certificate(imei: string): Promise<CertificateData> {
    const res = await anonymous(`/v1/certificate/${imei}`);
    expect(res.statusCode, res.body).toBe(200);
    return CertificateDataSchema.parse(res.json<{ data: unknown }>().data);
  }

  it('shows the certificate without sign-in, limited to what a certificate must show', async () => {
    const res = await anonymous(`/v1/certificate/${c.imei}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = CertificateDataSchema.parse(res.json<{ data: unknown }>().data);
    expect(data).toMatchObject({
      certificateNo: `VLTD-20261110-${String(c.fitmentId).padStart(6, '0')}`,
      publicUrl: `http://localhost:8080/certificate/${c.imei}`,
      pdfUrl: `http://localhost:8080/v1/certificate/${c.imei}/pdf`,
      vehicle: {
        rto: 'Indore',
        rtoCode: 'MP_09',
        registrationNumber: c.registrationNumber,
        regDate: '2025-04-12',
        category: 'Goods',
        make: 'Tata Motors',
        model: 'Ace Gold',
      },
      fitment: { date: '2026-11-10', expiresOn: '2027-11-10', activationStatus: 'APPROVED' },
      owner: { firstName: 'Suresh', lastName: 'Patel', phone: '+91XXXXXX0001', address: null },
      vendor: {
        brandName: 'Malwa Auto',
        address: { addressLine1: 'Siyaganj', pincode: '452001', city: 'Indore', state: 'Madhya Pradesh' },
        logoUrl: `/v1/certificate/${c.imei}/image/logo/1`,
      },
      device: {
        imei: c.imei,
        UID: 'NT-CF-000001',
        TAC: 'CC/AIS140/2025/0001',
        make: 'Narmada Telematics',
        model: 'AIS140 VLTD CF-1',
        panicButtonCount: 2,
      },
      fitter: 'Mohan Lal',
      status: { status: 'active', active: true, lastSeenAt: '2026-11-20T06:30:15.000Z' },
      warranty: {
        months: 12,
        from: '2026-11-10',
        until: '2027-11-09',
        jurisdiction: 'Kolkata',
        standard: 'AIS140',
      },
      images: {
        rc: [1, 2].map((n) => `/v1/certificate/${c.imei}/image/rc/${n}`),
        device: [1, 2, 3].map((n) => `/v1/certificate/${c.imei}/image/device/${n}`),
      },
    });
    // Nothing private: no e-mail, phone, address, KYC links or file names.
    for (const secret of [c.customerEmail, c.customerPhone, c.customerAddress, ...c.kycUrls])
      expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/kyc|aadha|\/v1\/file\//i);
  });

  it('answers 404 for an unknown IMEI or a deleted fitment, and 400 for a malformed one', async () => {
    const unknown = await anonymous('/v1/certificate/111111111111111');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.notFound });

    const bad = await anonymous('/v1/certificate/12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(CERTIFICATE_MESSAGES.imei);

    const gone = await seedCertificate(t.db, t.env, { n: 2, withImages: false });
    expect((await certificate(gone.imei)).images).toEqual({ rc: [], device: [] });
    await t.db.update(fitments).set({ deleted: true }).where(eq(fitments.id, gone.fitmentId));
    expect((await anonymous(`/v1/certificate/${gone.imei}`)).statusCode).toBe(404);
    expect((await anonymous(`/v1/certificate/${gone.imei}/pdf`)).statusCode).toBe(404);
  });

  it('shows UID and TAC as missing when the device or its model does not record them', async () => {
    const bare = await seedCertificate(t.db, t.env, { n: 7, withImages: false });
    await t.db.update(devices).set({ uid: null }).where(eq(devices.imei, bare.imei));
    await t.db.update(deviceModels).set({ tacNumber: null }).where(eq(deviceModels.name, 'AIS140 VLTD CF-7'));
    expect((await certificate(bare.imei)).device).toMatchObject({ UID: null, TAC: null });
  });

  it('reports expired and not yet approved activations as not active', async () => {
    const expired = await seedCertificate(t.db, t.env, {
      n: 3,
      fitmentDate: '2025-11-01',
      expiresOn: '2026-11-01',
      withImages: false,
    });
    expect((await certificate(expired.imei)).status).toMatchObject({ status: 'expired', active: false });
    const pending = await seedCertificate(t.db, t.env, { n: 4, expiresOn: null, withImages: false });
    const data = await certificate(pending.imei);
    expect(data.status).toMatchObject({ status: 'inactive', active: false });
    expect(data.fitment).toMatchObject({ activationStatus: 'PENDING', expiresOn: null });
  });

  it('serves only the images the fitment references, never KYC', async () => {
    const rc = await anonymous(`/v1/certificate/${c.imei}/image/rc/2`);
    expect(rc.statusCode).toBe(200);
    expect(rc.headers['content-type']).toBe('image/png');
    expect(rc.headers['x-content-type-options']).toBe('nosniff');
    expect(rc.rawPayload.equals(makePng(320, 240, [31, 78, 121]))).toBe(true);
    expect((await anonymous(`/v1/certificate/${c.imei}/image/device/3`)).statusCode).toBe(200);
    expect((await anonymous(`/v1/certificate/${c.imei}/image/logo/1`)).statusCode).toBe(200);

    const missing = await anonymous(`/v1/certificate/${c.imei}/image/device/4`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.imageNotFound });
    for (const kind of ['kyc', 'aadhar', 'pan'])
      expect((await anonymous(`/v1/certificate/${c.imei}/image/${kind}/1`)).statusCode).toBe(400);
    // The KYC file itself stays behind the signed-in file route.
    expect((await anonymous(c.kycUrls[0] ?? '')).statusCode).toBe(401);
  });

  it('looks up the IMEI by registration number, however it is typed', async () => {
    const res = await anonymous(
      `/v1/certificate/lookup?registrationNumber=${encodeURIComponent('mp 09-cf 0001')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Certificate found', data: { imei: c.imei } });

    const unknown = await anonymous('/v1/certificate/lookup?registrationNumber=MP09ZZ9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.lookupNotFound });
    const bad = await anonymous('/v1/certificate/lookup?registrationNumber=%3C%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(CERTIFICATE_MESSAGES.registrationNumber);
  });

  describe('GET /v1/certificate/quick (signed in)', () => {
    it('answers the quick-certificate shape to the vendor and to the vehicle organisation', async () => {
      for (const who of ['RFC_ADMIN', 'ADMIN', 'SUPER_ADMIN', 'RFC'] as const) {
        const res = await t.call(who, 'GET', `/v1/certificate/quick?imei=${c.imei}`);
        expect(res.statusCode, `${who} ${res.body}`).toBe(200);
        expect(QuickCertificateSchema.parse(res.json<{ data: unknown }>().data)).toEqual({
          RTO: { name: 'Indore' },
          registrationNumber: c.registrationNumber,
          engineNo: 'ENG14455667',
          category: 'Goods',
          chassisNo: 'MAT44551CHS0099',
          make: 'Tata Motors',
          model: 'Ace Gold',
          meta: { regDate: '2025-04-12' },
          device: { panicButtonCount: 2 },
          owner: {
            firstName: 'Suresh',
            lastName: 'Patel',
            email: c.customerEmail,
            phone: c.customerPhone,
            address: c.customerAddress,
          },
        });
      }
    });

    it('refuses callers without the permission, hides other organisations and checks the IMEI', async () => {
      expect((await anonymous(`/v1/certificate/quick?imei=${c.imei}`)).statusCode).toBe(401);
      for (const who of ['FITTER', 'LIMITED_USER', 'CUSTOM'] as const) {
        const res = await t.call(who, 'GET', `/v1/certificate/quick?imei=${c.imei}`);
        expect(res.statusCode, who).toBe(403);
        expect(res.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.forbidden });
      }
      const other = await t.call(BHOPAL_ADMIN, 'GET', `/v1/certificate/quick?imei=${c.imei}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.notFound });
      const bad = await t.call('ADMIN', 'GET', '/v1/certificate/quick?imei=123');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toContain(CERTIFICATE_MESSAGES.imei);
    });
  });

  describe('GET /v1/certificate/:imei/pdf', () => {
    it('downloads the public PDF named after the vehicle and fitment date, without KYC or address', async () => {
      const res = await anonymous(`/v1/certificate/${c.imei}/pdf`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="MP09CF0001-VLTD_Certificate-10-11-2026.pdf"',
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { pages, text } = await pdfText(res.rawPayload);
      expect(pages).toBe(5);
      expect(text).toContain('VLTD Fitment Certificate');
      expect(text).toContain("Customer's copy");
      expect(text).toContain("Department's copy");
      expect(text).toContain('Warranty Exclusions');
      expect(text).toContain('Kolkata');
      expect(text).toContain('+91XXXXXX0001');
      expect(text).toContain('NT-CF-000001');
      expect(text).toContain('CC/AIS140/2025/0001');
      expect(text).not.toContain('KYC');
      expect(text).not.toContain('Sneh Nagar');
      expect(text).not.toContain(c.customerEmail);
    });

    it('adds the address and KYC images for a signed-in caller with the permission and scope', async () => {
      const url = `/v1/certificate/${c.imei}/pdf?full=1`;
      const unsigned = await anonymous(url);
      expect(unsigned.statusCode).toBe(401);
      expect((await t.call('FITTER', 'GET', url)).statusCode).toBe(403);
      const other = await t.call(BHOPAL_ADMIN, 'GET', url);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ success: false, message: CERTIFICATE_MESSAGES.notFound });

      const res = await t.call('RFC_ADMIN', 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain('KYC Documents');
      expect(text).toContain('Aadhaar 1');
      expect(text).toContain('PAN 1');
      expect(text).toContain(c.customerAddress);
      // A token does not change the public variant.
      const plain = await pdfText(
        (await t.call('RFC_ADMIN', 'GET', `/v1/certificate/${c.imei}/pdf`)).rawPayload,
      );
      expect(plain.text).not.toContain('KYC');
    });
  });

  it('limits public reads per client address', async () => {
    let last = 0;
    for (let i = 0; i <= CERTIFICATE_READS_PER_MINUTE; i += 1) {
      last = (await anonymous('/v1/certificate/lookup?registrationNumber=x')).statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    const res = await anonymous(`/v1/certificate/${c.imei}`);
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toBe(CERTIFICATE_MESSAGES.rateLimited);
  });
});
