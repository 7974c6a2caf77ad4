/** The location slot of the POI form: what a map picker (added later) receives and how its pick reaches the form. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { SessionTestProvider } from '@/session';
import { PoiForm, type PoiLocationPickerProps } from './PoiForm';

function FakeMapPicker({ lat, lon, radiusM, onPick }: PoiLocationPickerProps) {
  return (
    <div>
      <output aria-label="picker point">{`${lat ?? '-'} ${lon ?? '-'} ${radiusM ?? '-'}`}</output>
      <button type="button" onClick={() => onPick({ lat: 22.7195687, lon: 75.8577258 })}>
        Pick on map
      </button>
    </div>
  );
}

describe('PoiForm location slot', () => {
  it('gives the picker the typed point and puts its pick in the coordinate fields', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <SnackbarProvider>
          <MemoryRouter>
            <SessionTestProvider permissions={['poi', 'poi:add-poi']}>
              <Suspense fallback="loading">
                <PoiForm renderLocationPicker={(props) => <FakeMapPicker {...props} />} />
              </Suspense>
            </SessionTestProvider>
          </MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    const point = await screen.findByLabelText('picker point');
    expect(point).toHaveTextContent('- - 50');
    await user.type(screen.getByLabelText(/^Latitude/), '22.5');
    expect(point).toHaveTextContent('22.5 - 50');
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    await waitFor(() => expect(screen.getByLabelText(/^Latitude/)).toHaveValue('22.719569'));
    expect(screen.getByLabelText(/^Longitude/)).toHaveValue('75.857726');
    expect(point).toHaveTextContent('22.719569 75.857726 50');
  });
});
