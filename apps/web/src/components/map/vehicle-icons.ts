/**
 * Vehicle icons drawn at run time on a canvas (no image files, no network): a round status-coloured badge with an
 * upright pictogram per kind, and a heading tip (a pointer under the badge, rotated by the layer). MapLibre asks for
 * an image the first time a feature needs it (`styleimagemissing`), so only the icons in use are ever drawn, and they
 * come back by themselves after a base-map switch.
 */
import type { VehicleLiveStatus } from '@civicfleet/shared';
import { parseVehicleImageKey, VEHICLE_STATUS_COLOURS, type VehicleIconKind } from './vehicle-style';

/** Device pixels per CSS pixel of the icons (crisp on HiDPI screens; MapLibre scales by `pixelRatio`). */
export const ICON_PIXEL_RATIO = 2;
/** Icon canvas side in CSS px: a 24 px badge with room for the heading tip around it. */
const SIZE = 40;
const CENTRE = SIZE / 2;
const BADGE_RADIUS = 11;
const OUTLINE = '#ffffff';

export interface IconImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function makeContext(): { ctx: Ctx; read: () => IconImage } | null {
  const px = SIZE * ICON_PIXEL_RATIO;
  let ctx: Ctx | null = null;
  if (typeof OffscreenCanvas !== 'undefined') ctx = new OffscreenCanvas(px, px).getContext('2d');
  else if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = px;
    canvas.height = px;
    ctx = canvas.getContext('2d');
  }
  if (!ctx) return null;
  const context = ctx;
  context.scale(ICON_PIXEL_RATIO, ICON_PIXEL_RATIO);
  return {
    ctx: context,
    read: () => {
      const image = context.getImageData(0, 0, px, px);
      return { width: px, height: px, data: image.data };
    },
  };
}

/** A pointer from the badge's edge to the canvas edge, pointing north (the layer rotates it to the heading). */
function drawTip(ctx: Ctx, status: VehicleLiveStatus): void {
  const { fill } = VEHICLE_STATUS_COLOURS[status];
  // Apex at the canvas edge, base hidden under the badge: ~8 px of arrow show beyond the badge's rim.
  ctx.beginPath();
  ctx.moveTo(CENTRE, 0.5);
  ctx.lineTo(CENTRE + 8, CENTRE - 5);
  ctx.lineTo(CENTRE - 8, CENTRE - 5);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = 'round';
  ctx.fill();
  ctx.stroke();
}

function wheels(ctx: Ctx, xs: readonly number[], y: number, r = 1.9): void {
  for (const x of xs) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Pictograms in a 14 × 10 px box centred on the badge, facing right, filled with the current fill style. */
function drawPictogram(ctx: Ctx, kind: VehicleIconKind): void {
  const x = CENTRE - 7;
  const y = CENTRE - 5;
  switch (kind) {
    case 'tipper': // cab on the right, body tipped up towards the back
      ctx.fillRect(x + 9.5, y + 3, 4.5, 4.5);
      ctx.beginPath();
      ctx.moveTo(x, y + 1);
      ctx.lineTo(x + 8.5, y + 4);
      ctx.lineTo(x + 8.5, y + 7.5);
      ctx.lineTo(x + 1, y + 7.5);
      ctx.closePath();
      ctx.fill();
      wheels(ctx, [x + 3, x + 11], y + 8.6);
      break;
    case 'compactor': // tall closed box behind the cab
      ctx.fillRect(x, y, 9, 7.5);
      ctx.fillRect(x + 9.8, y + 3, 4.2, 4.5);
      wheels(ctx, [x + 3, x + 11], y + 8.6);
      break;
    case 'auto': // three-wheeler: rounded canopy, one big rear wheel
      ctx.beginPath();
      ctx.moveTo(x + 1, y + 7.5);
      ctx.lineTo(x + 1, y + 3);
      ctx.quadraticCurveTo(x + 1, y, x + 5, y);
      ctx.lineTo(x + 10, y);
      ctx.quadraticCurveTo(x + 14, y + 1, x + 14, y + 7.5);
      ctx.closePath();
      ctx.fill();
      wheels(ctx, [x + 4, x + 12], y + 8.6, 2.1);
      break;
    case 'car':
      ctx.beginPath();
      ctx.moveTo(x, y + 7.5);
      ctx.lineTo(x, y + 4.5);
      ctx.lineTo(x + 3, y + 4);
      ctx.lineTo(x + 5, y + 1);
      ctx.lineTo(x + 10, y + 1);
      ctx.lineTo(x + 12, y + 4);
      ctx.lineTo(x + 14, y + 4.5);
      ctx.lineTo(x + 14, y + 7.5);
      ctx.closePath();
      ctx.fill();
      wheels(ctx, [x + 3.5, x + 10.5], y + 8.2);
      break;
    case 'other':
      ctx.beginPath();
      ctx.arc(CENTRE, CENTRE, 3.5, 0, Math.PI * 2);
      ctx.fill();
      break;
  }
}

function drawBadge(ctx: Ctx, kind: VehicleIconKind, status: VehicleLiveStatus): void {
  const { fill, ink } = VEHICLE_STATUS_COLOURS[status];
  ctx.beginPath();
  ctx.arc(CENTRE, CENTRE, BADGE_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.fillStyle = ink;
  drawPictogram(ctx, kind);
}

/** The image for a vehicle image key, or null when the key is not ours or there is no canvas. */
export function drawVehicleImage(key: string): IconImage | null {
  const parsed = parseVehicleImageKey(key);
  if (!parsed) return null;
  const canvas = makeContext();
  if (!canvas) return null;
  if (parsed.type === 'tip') drawTip(canvas.ctx, parsed.status);
  else drawBadge(canvas.ctx, parsed.kind, parsed.status);
  return canvas.read();
}
