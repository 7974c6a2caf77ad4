import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CertificateData } from '@civicfleet/shared';
import { deferred, fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { changeLanguage } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';

const IMEI = '869123000000001';

const CERTIFICATE: CertificateData = {
  certificateNo: 'VLTD-20261110-000042',
  publicUrl: `http://localhost:8080/certificate/${IMEI}`,
  pdfUrl: `http://localhost:8080/v1/certificate/${IMEI}/pdf`,
  vehicle: {
    rto: 'Indore',
    rtoCode: 'MP_09',
    registrationNumber: 'MP09CF0001',
    regDate: '2025-04-12',
    engineNo: 'ENG14455667',
    category: 'Goods',
    chassisNo: 'MAT44551CHS0099',
    make: 'Tata Motors',
    model: 'Ace Gold',
  },
  fitment: { date: '2026-11-10', expiresOn: '2027-11-10', activationStatus: 'APPROVED', durationInDays: 365 },
  owner: { firstName: 'Suresh', lastName: 'Patel', phone: '+91XXXXXX0001', address: null },
  vendor: {
    brandName: 'Malwa Auto',
    email: 'service@malwaauto.in',
    contact: '+917314000300',
    address: {
      addressLine1: 'Siyaganj',
      addressLine2: null,
      pincode: '452001',
      area: null,
      city: 'Indore',
      state: 'Madhya Pradesh',
      country: 'India',
    },
    logoUrl: null,
  },
  device: {
    imei: IMEI,
    UID: 'NT869123000000001',
    model: 'AIS140 VLTD',
    make: 'Narmada Telematics',
    sim1: '+917000000001',
    sim2: null,
    TAC: 'ARAI/AIS140/2023/0417',
    iccid: '8991102000000000001',
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
    rc: [1, 2].map((n) => `/v1/certificate/${IMEI}/image/rc/${n}`),
    device: [1, 2, 3].map((n) => `/v1/certificate/${IMEI}/image/device/${n}`),
  },
};

describe('public certificate page', () => {
  it("shows 'Loading document...' and then the certificate with its verification", async () => {
    const gate = deferred(() => ok(CERTIFICATE));
    stubFetch({ [`GET /certificate/${IMEI}`]: gate.reply });
    renderApp(`/certificate/${IMEI}`);
    expect(await screen.findByText('Loading document...')).toBeInTheDocument();
    gate.release();

    expect(await screen.findByTestId('certificate-status')).toHaveTextContent('Tracking active');
    expect(screen.getByText(/tracking is active until 10\/11\/2027/)).toBeInTheDocument();
    // Last reported in IST: 06:30:15 UTC = 12:00:15 IST.
    expect(screen.getByText('Last reported: 20/11/2026 12:00:15 IST')).toBeInTheDocument();

    const fitmentPage = screen.getByRole('region', { name: 'VLTD Fitment Certificate' });
    for (const section of [
      'Vehicle Details',
      'Device Details',
      'Fitment Details',
      'Owner Details',
      'Disclaimer',
    ])
      expect(within(fitmentPage).getByRole('heading', { name: section })).toBeInTheDocument();
    // 4-cell rows: label, value, label, value.
    const row = within(fitmentPage).getByRole('rowheader', { name: 'Registration No.' }).closest('tr');
    expect(row?.querySelectorAll('th, td')).toHaveLength(4);
    expect(row).toHaveTextContent('MP09CF0001');
    expect(row).toHaveTextContent('Indore');
    expect(within(fitmentPage).getByText('+91XXXXXX0001')).toBeInTheDocument();
    const uidRow = within(fitmentPage).getByRole('rowheader', { name: 'UID' }).closest('tr');
    expect(uidRow).toHaveTextContent('NT869123000000001');
    const tacRow = within(fitmentPage).getByRole('rowheader', { name: 'TAC No.' }).closest('tr');
    expect(tacRow).toHaveTextContent('ARAI/AIS140/2023/0417');
    expect(within(fitmentPage).getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'data-qr-value',
      CERTIFICATE.publicUrl,
    );

    const images = screen.getByRole('region', { name: 'VLTD Fitment Certificate: Images' });
    expect(within(images).getByRole('img', { name: 'RC 2' })).toHaveAttribute(
      'src',
      `/v1/certificate/${IMEI}/image/rc/2`,
    );
    expect(within(images).getAllByRole('img')).toHaveLength(5);
    for (const copy of ["Warranty Certificate: Customer's copy", "Warranty Certificate: Department's copy"]) {
      const page = screen.getByRole('region', { name: copy });
      expect(within(page).getByText(/12 months from the installation date/)).toBeInTheDocument();
      expect(within(page).getByText(/courts at Kolkata/)).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Warranty Exclusions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/v1/certificate/${IMEI}/pdf`,
    );
  });

  it('prints with the Print button', async () => {
    const user = userEvent.setup();
    stubFetch({ [`GET /certificate/${IMEI}`]: ok(CERTIFICATE) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp(`/certificate/${IMEI}`);
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('shows expired and not yet approved activations', async () => {
    stubFetch({
      [`GET /certificate/${IMEI}`]: ok({
        ...CERTIFICATE,
        status: { status: 'expired', active: false, lastSeenAt: null },
        device: { ...CERTIFICATE.device, make: 'Concox', model: 'Concox GT06E' },
      }),
    });
    renderApp(`/certificate/${IMEI}`);
    expect(await screen.findByTestId('certificate-status')).toHaveTextContent('Activation expired');
    expect(screen.getByText('The device has not reported yet.')).toBeInTheDocument();
    // A model name that starts with the make prints the make once.
    const warranty = screen.getByRole('region', { name: "Warranty Certificate: Customer's copy" });
    const deviceRow = within(warranty).getByRole('rowheader', { name: 'Device' }).closest('tr');
    expect(deviceRow).toHaveTextContent('Concox GT06E');
    expect(deviceRow).not.toHaveTextContent('Concox Concox');
  });

  it('says so when the IMEI has no certificate, and offers the search', async () => {
    stubFetch({ [`GET /certificate/${IMEI}`]: fail(404, 'No certificate for this IMEI') });
    renderApp(`/certificate/${IMEI}`);
    expect(await screen.findByRole('heading', { name: 'No certificate found' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`device IMEI ${IMEI}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another certificate' })).toHaveAttribute(
      'href',
      '/management/certificate',
    );
  });

  it('offers a retry when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ [`GET /certificate/${IMEI}`]: [fail(503), ok(CERTIFICATE)] });
    renderApp(`/certificate/${IMEI}`);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('certificate-status')).toBeInTheDocument();
    expect(network.callsTo(`GET /certificate/${IMEI}`)).toHaveLength(2);
  });
});

describe('certificate search', () => {
  it('validates the IMEI and opens its certificate', async () => {
    const user = userEvent.setup();
    stubFetch({ [`GET /certificate/${IMEI}`]: ok(CERTIFICATE) });
    const { router } = renderApp('/management/certificate');
    await user.click(await screen.findByRole('button', { name: 'Open certificate' }));
    expect(await screen.findByText('Enter the device IMEI')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Device IMEI' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Open certificate' }));
    expect(await screen.findByText('The IMEI must be 15 digits')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Device IMEI' }));
    await user.type(screen.getByRole('textbox', { name: 'Device IMEI' }), IMEI);
    await user.click(screen.getByRole('button', { name: 'Open certificate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/certificate/${IMEI}`));
  });

  it('looks a registration number up and reports an unknown one', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /certificate/lookup': [
        fail(404, 'No certificate for this registration number'),
        ok({ imei: IMEI }),
      ],
      [`GET /certificate/${IMEI}`]: ok(CERTIFICATE),
    });
    const { router } = renderApp('/management/certificate');
    await user.click(await screen.findByRole('radio', { name: 'Registration number' }));
    const field = screen.getByRole('textbox', { name: 'Registration number' });
    await user.type(field, '@@');
    await user.click(screen.getByRole('button', { name: 'Open certificate' }));
    expect(await screen.findByText('Use 4 to 20 letters and digits')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'MP09 ZZ 9999');
    await user.click(screen.getByRole('button', { name: 'Open certificate' }));
    expect(
      await screen.findByText('No certificate was found for this registration number'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open certificate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/certificate/${IMEI}`));
    expect(network.callsTo('GET /certificate/lookup')[0]?.query.get('registrationNumber')).toBe(
      'MP09 ZZ 9999',
    );
  });

  it('shows the chrome in Hindi', async () => {
    await changeLanguage('hi');
    try {
      stubFetch({});
      renderApp('/management/certificate');
      expect(await screen.findByRole('heading', { name: 'फिटमेंट प्रमाणपत्र खोजें' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
