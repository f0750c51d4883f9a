/**
 * Renders the install icons and the install-sheet screenshots' source icons from
 * public/favicon.svg with Debian's Chromium, so every PNG in public/icons can be rebuilt from the
 * one vector mark: `node scripts/icons.ts`. The maskable icon keeps the mark inside the 80 % safe
 * zone on a full-bleed background, as launchers crop it to a circle or squircle.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const BACKGROUND = '#0b1220';

interface Icon {
  file: string;
  size: number;
  /** Share of the square the mark covers; 1 = the favicon as drawn, with its rounded corners. */
  scale: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  { file: 'maskable-512.png', size: 512, scale: 0.7 },
  // iOS rounds the corners itself and shows transparency as black: a full-bleed square.
  { file: 'apple-touch-icon-180.png', size: 180, scale: 0.86 },
];

const svg = await readFile(path.join(root, 'public/favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const full = icon.scale < 1;
    const mark = Math.round(icon.size * icon.scale);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;` +
        `background:${full ? BACKGROUND : 'transparent'}"><img src="${dataUrl}" width="${mark}" height="${mark}"></body>`,
    );
    await page.screenshot({
      path: path.join(root, 'public/icons', icon.file),
      omitBackground: !full,
    });
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
