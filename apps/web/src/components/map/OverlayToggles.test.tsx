import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OverlayToggles, toggleOverlay } from './OverlayToggles';

describe('OverlayToggles', () => {
  it('toggles keeping the options order', () => {
    expect(toggleOverlay(['alerts'], 'wards')).toEqual(['wards', 'alerts']);
    expect(toggleOverlay(['wards', 'alerts'], 'wards')).toEqual(['alerts']);
    expect(toggleOverlay([], 'pois', ['pois', 'wards'])).toEqual(['pois']);
  });

  it('offers the given overlays as check boxes from the keyboard', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <OverlayToggles
        value={['wards']}
        onChange={onChange}
        options={['wards', 'routes']}
        placement="inline"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Map layers' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Wards' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Geofences' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['wards', 'routes']);
  });
});
