import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GeometryField } from './GeometryField';
import type { EditableGeometry } from './geometry';

function Harness({ onChange }: { onChange: (g: EditableGeometry | null) => void }) {
  const [value, setValue] = useState<EditableGeometry | null>(null);
  return (
    <GeometryField
      kind="area"
      label="Area"
      required
      value={value}
      onChange={(g) => {
        setValue(g);
        onChange(g);
      }}
    />
  );
}

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [75.85, 22.71],
      [75.86, 22.71],
      [75.86, 22.72],
      [75.85, 22.72],
      [75.85, 22.71],
    ],
  ],
};

describe('GeometryField without WebGL', () => {
  it('says the map is unavailable and takes the shape as typed GeoJSON', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('note')).toHaveTextContent(/needs WebGL/);
    expect(screen.getByText('Nothing drawn yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
    const box = screen.getByRole('textbox', { name: 'GeoJSON' });
    await user.click(box);
    await user.paste('{"type":"LineString","coordinates":[[75.8,22.7],[75.9,22.8]]}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Paste a GeoJSON Polygon or MultiPolygon')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(box);
    await user.click(box);
    await user.paste(JSON.stringify(SQUARE));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith(SQUARE);
    expect(screen.getByText('Polygon, 4 corners')).toBeInTheDocument();
  });

  it('reads a .geojson file', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const file = new File(
      [JSON.stringify({ type: 'Feature', geometry: SQUARE, properties: {} })],
      'ward.geojson',
      {
        type: 'application/geo+json',
      },
    );
    await user.upload(screen.getByTestId('geometry-file'), file);
    expect(await screen.findByText('Polygon, 4 corners')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith(SQUARE);
  });
});
