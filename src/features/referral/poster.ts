/**
 * The invitation poster: the app's name, an invitation line, the code in large type and a QR code
 * of the link, drawn on a canvas the user can save as a PNG. Loaded on demand with the QR encoder.
 */
import { encode } from 'uqr';

export interface PosterText {
  appName: string;
  title: string;
  codeLabel: string;
  scan: string;
  rtl: boolean;
}

const WIDTH = 720;
const HEIGHT = 1080;

export function drawPoster(code: string, link: string, text: PosterText): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  const gradient = g.createLinearGradient(0, 0, 0, HEIGHT);
  gradient.addColorStop(0, '#0b1220');
  gradient.addColorStop(1, '#1b2a44');
  g.fillStyle = gradient;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.direction = text.rtl ? 'rtl' : 'ltr';
  g.textAlign = 'center';
  g.fillStyle = '#f0b90b';
  g.font = 'bold 56px system-ui, sans-serif';
  g.fillText(text.appName, WIDTH / 2, 130);
  g.fillStyle = '#ffffff';
  g.font = '36px system-ui, sans-serif';
  g.fillText(text.title, WIDTH / 2, 200, WIDTH - 80);
  g.fillStyle = '#9aa4b2';
  g.font = '28px system-ui, sans-serif';
  g.fillText(text.codeLabel, WIDTH / 2, 290);
  g.direction = 'ltr';
  g.fillStyle = '#ffffff';
  g.font = 'bold 72px ui-monospace, monospace';
  g.fillText(code, WIDTH / 2, 370);

  // The QR code on a white square with a quiet zone, 10 px per module.
  const { data, size } = encode(link, { ecc: 'M', border: 4 });
  const module = Math.floor(440 / size);
  const side = module * size;
  const left = Math.round((WIDTH - side) / 2);
  const top = 430;
  g.fillStyle = '#ffffff';
  g.fillRect(left, top, side, side);
  g.fillStyle = '#000000';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) g.fillRect(left + x * module, top + y * module, module, module);
    });
  });
  g.direction = text.rtl ? 'rtl' : 'ltr';
  g.fillStyle = '#9aa4b2';
  g.font = '28px system-ui, sans-serif';
  g.fillText(text.scan, WIDTH / 2, top + side + 60, WIDTH - 80);
  g.direction = 'ltr';
  g.font = '22px ui-monospace, monospace';
  g.fillText(link, WIDTH / 2, top + side + 110, WIDTH - 60);
  return canvas;
}
