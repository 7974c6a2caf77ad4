import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { fitmentRow, fitter, freeDevice, lookup, page, plans, rfcAdmin } from '../testing/fixtures';

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** POST /v1/file answered at once with `/v1/file/<folder>/<name>` (the upload uses XHR for its progress). */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    const file = body.get('files') as File;
    const url = `/v1/file/${String(body.get('folder'))}/${file.name}`;
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ success: true, message: '', data: { url, urls: [url] } });
      this.onload?.();
    }, 0);
  }
}

const states = ok([
  { code: 'MP', name: 'Madhya Pradesh', kind: 'STATE' },
  { code: 'RJ', name: 'Rajasthan', kind: 'STATE' },
]);
const rtos = ok({ MP: { no: { '09': 'Indore', '04': 'Bhopal' } } });
const kavita = {
  firstName: 'Kavita',
  lastName: 'Rathore',
  email: 'kavita@example.in',
  phone: '+919876543210',
};

/**
 * GET /fitment/lookup/person by the query: a customer for 9876543210 (with an address for 9876500000), an ADMIN's
 * number 9000000002, nobody otherwise.
 */
const people = (call: RecordedCall) => {
  const phone = call.query.get('phone');
  const role = call.query.get('role');
  if (phone === '9876543210' && role === 'LIMITED_USER') return ok(lookup.found(kavita));
  if (phone === '9876500000' && role === 'LIMITED_USER')
    return ok(lookup.found({ ...kavita, phone: '+919876500000', address: '7 Palasia, Indore' }));
  if (phone === '9000000002')
    return ok(
      lookup.otherRole(
        role === 'FITTER' ? "This is not a fitter's number" : "This is not a customer's number",
      ),
    );
  return ok(lookup.notFound);
};

/** A stored image as GET /v1/file/… answers it. */
const image = () => new Response('PNG', { headers: { 'Content-Type': 'image/png' } });

const section = (name: string) => screen.getByRole('region', { name });
const input = (label: RegExp) => screen.getByRole('textbox', { name: label });

describe('fitment form', () => {
  const originalCreate = URL.createObjectURL;
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
  });
  afterAll(() => {
    URL.createObjectURL = originalCreate;
  });

  it('creates a fitment: sections in order, state then RTO, IMEI picker, lookups, images, then back to the list', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /rto/states': states,
      'GET /rto': rtos,
      'GET /activation-plans': ok(plans),
      'GET /fitment/lookup/devices': ok([freeDevice]),
      'GET /fitment/lookup/person': people,
      'POST /fitment': ok(fitmentRow, 'Fitment created'),
      'GET /fitment': page([fitmentRow]),
    });
    renderApp('/fitment/add', rfcAdmin);
    // The first render loads the page's chunk: give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Add fitment', level: 1 }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Vehicle Details',
      'Device Details',
      'Customer Details',
      'Fitter Details',
      'Fitment Date and Activation Duration',
    ]);
    expect(screen.getByRole('button', { name: 'Bulk Upload' })).toBeInTheDocument();

    // Vehicle Details: the RTO waits for a state.
    const vehicle = within(section('Vehicle Details'));
    await user.type(vehicle.getByRole('textbox', { name: /^Category/ }), 'Goods');
    await user.type(vehicle.getByRole('textbox', { name: /^Registration number/ }), 'mp09ab1234');
    const regDate = vehicle.getByRole('group', { name: /Registration date/ });
    await user.click(within(regDate).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('01042024');
    const rto = vehicle.getByRole('combobox', { name: /^RTO/ });
    expect(rto).toHaveAttribute('aria-disabled', 'true');
    expect(vehicle.getByText('Choose a state first')).toBeInTheDocument();
    await user.click(vehicle.getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'Madhya Pradesh (MP)' }));
    await user.click(rto);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bhopal (MP_04)', 'Indore (MP_09)']);
    await user.click(screen.getByRole('option', { name: 'Indore (MP_09)' }));
    expect(network.callsTo('GET /rto')[0]?.query.get('state')).toBe('MP');
    await user.upload(screen.getByLabelText('RC images', { selector: 'input' }), png('rc-front.png'));

    // Device Details: the devices that can be fitted, searched by IMEI digits.
    const device = within(section('Device Details'));
    await user.type(device.getByRole('combobox', { name: /^IMEI/ }), '441039');
    await user.click(await screen.findByRole('option', { name: '356307042441039 (AIS140)' }));
    const deviceCalls = network.callsTo('GET /fitment/lookup/devices');
    expect(deviceCalls.length).toBeGreaterThan(0);
    expect(deviceCalls.every((c) => c.query.get('limit') === '20')).toBe(true);
    expect(device.getByRole('spinbutton', { name: /Panic buttons/ })).toHaveValue(2);
    await user.upload(screen.getByLabelText('Device images', { selector: 'input' }), [
      png('d1.png'),
      png('d2.png'),
    ]);

    // Customer Details: lookup at exactly 10 digits fills and locks the name and e-mail until Edit.
    const customer = within(section('Customer Details'));
    const find = customer.getByRole('button', { name: 'Find customer' });
    await user.type(customer.getByRole('textbox', { name: /^Phone number/ }), '98765x4321');
    expect(find).toBeDisabled();
    await user.type(customer.getByRole('textbox', { name: /^Phone number/ }), '0');
    expect(customer.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('9876543210');
    expect(find).toBeEnabled();
    await user.click(find);
    expect(await customer.findByText('Customer found: name and e-mail filled in.')).toBeInTheDocument();
    expect(network.callsTo('GET /fitment/lookup/person')[0]?.query.get('role')).toBe('LIMITED_USER');
    const firstName = customer.getByRole('textbox', { name: /^First name/ });
    expect(firstName).toHaveValue('Kavita');
    expect(firstName).toBeDisabled();
    expect(customer.getByRole('textbox', { name: /^E-mail/ })).toBeDisabled();
    await user.click(customer.getByRole('button', { name: 'Edit' }));
    expect(firstName).toBeEnabled();
    await user.type(customer.getByRole('textbox', { name: /^Address/ }), '12 MG Road, Indore');
    await user.upload(screen.getByLabelText('Aadhaar images', { selector: 'input' }), png('aadhaar.png'));
    await user.upload(screen.getByLabelText('PAN images', { selector: 'input' }), png('pan.png'));

    // Fitter Details: an unknown number is a new fitter.
    const fitterSection = within(section('Fitter Details'));
    await user.type(fitterSection.getByRole('textbox', { name: /^Phone number/ }), '9123456780');
    await user.click(fitterSection.getByRole('button', { name: 'Find fitter' }));
    expect(
      await fitterSection.findByText('No fitter with this number: a new fitter will be created.'),
    ).toBeInTheDocument();
    expect(network.callsTo('GET /fitment/lookup/person').at(-1)?.query.get('role')).toBe('FITTER');
    await user.type(fitterSection.getByRole('textbox', { name: /^First name/ }), 'Suresh');

    // One RC image is not enough (spec 02 §5: exactly 2).
    const submit = screen.getByRole('button', { name: 'Add fitment' });
    await user.click(submit);
    expect(await screen.findByText('Add exactly 2 images')).toBeInTheDocument();
    expect(network.callsTo('POST /fitment')).toHaveLength(0);
    await user.upload(screen.getByLabelText('RC images', { selector: 'input' }), png('rc-back.png'));
    await waitFor(() => expect(screen.queryByText('Add exactly 2 images')).not.toBeInTheDocument());

    await user.click(submit);
    expect(await screen.findByText('Fitment created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fitments', level: 1 })).toBeInTheDocument();
    expect(network.callsTo('POST /fitment')[0]?.body).toEqual({
      vehicle: {
        category: 'Goods',
        registrationNumber: 'MP09AB1234',
        engineNo: null,
        chassisNo: null,
        regDate: '2024-04-01',
        state: 'MP',
        rto: 'Indore',
        rtoCode: 'MP_09',
        make: null,
        model: null,
        rcImages: ['/v1/file/rc/rc-front.png', '/v1/file/rc/rc-back.png'],
      },
      device: {
        imei: '356307042441039',
        panicButtonCount: 2,
        deviceImages: ['/v1/file/device/d1.png', '/v1/file/device/d2.png'],
      },
      customer: {
        firstName: 'Kavita',
        lastName: 'Rathore',
        email: 'kavita@example.in',
        phone: '+919876543210',
        address: '12 MG Road, Indore',
        kycDocs: [
          { name: 'AADHAR', link: '/v1/file/kyc/aadhaar.png' },
          { name: 'PAN', link: '/v1/file/kyc/pan.png' },
        ],
      },
      fitter: { phone: '+919123456780', firstName: 'Suresh', lastName: '', email: null },
      fitmentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      durationInDays: 365,
      deviceActivate: false,
    });
  }, 120_000);

  it("says 'This is not a customer's number' for another role's phone, and 'Something went wrong!' on failure", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /rto/states': states,
      'GET /activation-plans': ok(plans),
      'GET /fitment/lookup/person': [people, fail(500)],
    });
    renderApp('/fitment/add', rfcAdmin);
    const customer = within(await screen.findByRole('region', { name: 'Customer Details' }));
    const phone = customer.getByRole('textbox', { name: /^Phone number/ });
    await user.type(phone, '9000000002');
    await user.click(customer.getByRole('button', { name: 'Find customer' }));
    expect(await customer.findByText("This is not a customer's number")).toBeInTheDocument();
    expect(customer.getByRole('textbox', { name: /^First name/ })).toBeEnabled();
    await user.clear(phone);
    expect(customer.queryByText("This is not a customer's number")).not.toBeInTheDocument();
    await user.type(phone, '9000000003');
    await user.click(customer.getByRole('button', { name: 'Find customer' }));
    expect(await customer.findByText('Something went wrong!')).toBeInTheDocument();
  }, 60_000);

  it('edits: no Bulk Upload, the server field messages on the fields, then "Fitment Updated"', async () => {
    const user = userEvent.setup();
    const installed = 'This device is already installed on another vehicle.';
    const network = stubFetch({
      'GET /fitment/9': ok(fitmentRow),
      'GET /rto/states': states,
      'GET /rto': rtos,
      'GET /activation-plans': ok(plans),
      'GET /file/rc/rc1.png': image(),
      'GET /file/rc/rc2.png': image(),
      'GET /file/device/d1.png': image(),
      'GET /file/device/d2.png': image(),
      'GET /file/kyc/a1.png': image(),
      'GET /file/kyc/p1.png': image(),
      'PUT /fitment/9': [fail(409, installed, { 'device.imei': installed }), ok(fitmentRow)],
      'GET /fitment': page([fitmentRow]),
    });
    renderApp('/fitment/edit/9', rfcAdmin);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Bulk Upload' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^IMEI/ })).toHaveValue('356307042441013');
    expect(await screen.findByRole('combobox', { name: /^RTO/ })).toHaveTextContent('Indore (MP_09)');
    expect(input(/^Registration number/)).toHaveValue('MP09AB1234');
    await user.click(save);
    expect(await screen.findAllByText(installed)).toHaveLength(2);
    expect(network.callsTo('PUT /fitment/9')[0]?.body).toMatchObject({
      vehicle: { rtoCode: 'MP_09', state: 'MP', rcImages: fitmentRow.vehicle.rcImages },
      customer: { phone: '+919876543210', kycDocs: fitmentRow.customer.kycDocs },
      fitter: { phone: '+919000000007', firstName: 'Ramesh' },
    });
    await user.click(save);
    expect(await screen.findByText('Fitment Updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fitments', level: 1 })).toBeInTheDocument();
  }, 60_000);

  it('gives a FITTER the same lookups: IMEI picker and Find buttons, without the user or device lists', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /rto/states': states,
      'GET /activation-plans': ok(plans),
      'GET /fitment/lookup/devices': ok([freeDevice]),
      'GET /fitment/lookup/person': people,
    });
    renderApp('/fitment/add', fitter);
    const device = within(await screen.findByRole('region', { name: 'Device Details' }));
    expect(screen.queryByRole('button', { name: 'Bulk Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /existing vehicle/ })).not.toBeInTheDocument();

    await user.click(device.getByRole('combobox', { name: /^IMEI/ }));
    await user.click(await screen.findByRole('option', { name: '356307042441039 (AIS140)' }));
    expect(device.getByRole('spinbutton', { name: /Panic buttons/ })).toHaveValue(2);

    // A returning customer: name and e-mail locked, the empty address filled (and left editable).
    const customer = within(section('Customer Details'));
    await user.type(customer.getByRole('textbox', { name: /^Phone number/ }), '9876500000');
    await user.click(customer.getByRole('button', { name: 'Find customer' }));
    expect(await customer.findByText('Customer found: name and e-mail filled in.')).toBeInTheDocument();
    expect(customer.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
    expect(customer.getByRole('textbox', { name: /^Address/ })).toHaveValue('7 Palasia, Indore');
    expect(customer.getByRole('textbox', { name: /^Address/ })).toBeEnabled();

    // Someone else's number as the fitter: the message, nothing filled.
    const fitterSection = within(section('Fitter Details'));
    await user.type(fitterSection.getByRole('textbox', { name: /^Phone number/ }), '9000000002');
    await user.click(fitterSection.getByRole('button', { name: 'Find fitter' }));
    expect(await fitterSection.findByText("This is not a fitter's number")).toBeInTheDocument();
    expect(fitterSection.getByRole('textbox', { name: /^First name/ })).toHaveValue('');

    expect(network.callsTo('GET /users')).toHaveLength(0);
    expect(network.callsTo('GET /device')).toHaveLength(0);
  }, 60_000);
});
