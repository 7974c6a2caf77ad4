import type { RawLog } from '@civicfleet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const frame: RawLog = {
  id: '1',
  receivedAt: '2026-11-20T10:00:00.000Z',
  imei: '864000000000001',
  deviceId: '4',
  protocol: 'ais140',
  remoteAddr: null,
  length: 15,
  hex: '24',
  text: '$,LGN,MARK,x*..',
  decodeError: 'not an AIS-140 frame',
  checksumOk: false,
  decoded: null,
};

describe('raw logs', () => {
  it('pages frames from the server with their decode column and filters by device', async () => {
    const network = stubFetch({ 'GET /raw-logs': ok({ items: [frame], total: 1, page: 1, pageSize: 10 }) });
    const user = userEvent.setup();
    renderApp('/management/raw-logs', { roleName: 'SUPER_ADMIN' });
    expect(await screen.findByText('$,LGN,MARK,x*..')).toBeInTheDocument();
    expect(screen.getByText('Not decodable')).toBeInTheDocument();
    expect(screen.getByText('not an AIS-140 frame')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Device IMEI'), '12a');
    expect(screen.getByText('Enter 8 to 17 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Device IMEI'));
    await user.type(screen.getByLabelText('Device IMEI'), '864000000000001');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(network.callsTo('GET /raw-logs').at(-1)?.query.get('imei')).toBe('864000000000001'),
    );
  });
});
