/**
 * Referral as two people meet it: wallet A opens "My QR code", whose QR code and poster decode to
 * A's invitation link; wallet B opens that link, signs in, and pays a trading commission; A then
 * sees B (shortened) and what B's fee earned. English and Arabic, screenshots.
 */
import jsQR from 'jsqr';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { credit } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { waitForStoredSession } from './fixtures/stored-map.ts';
import { type Browser, expect, newContext, type Page, test } from './fixtures/test.ts';
import { installTestWallet } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

/**
 * Pixels of an image drawn in the page (the on-screen SVG or the poster), for jsQR in Node. The
 * page-side code is a string: the test project compiles without the DOM library.
 */
const PIXELS_IN_PAGE = `async ({ selector, crop }) => {
  const node = document.querySelector(selector);
  if (!node) throw new Error('no ' + selector);
  const img = new Image();
  if (node instanceof SVGSVGElement) {
    const xml = new XMLSerializer().serializeToString(node);
    img.src = URL.createObjectURL(new Blob([xml], { type: 'image/svg+xml' }));
    img.width = 400;
    img.height = 400;
  } else {
    img.src = node.src;
  }
  await img.decode();
  const w = crop ? crop.w : 400;
  const h = crop ? crop.h : 400;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, w, h);
  if (crop) g.drawImage(img, crop.x, crop.y, w, h, 0, 0, w, h);
  else g.drawImage(img, 0, 0, w, h);
  return { w, h, data: Array.from(g.getImageData(0, 0, w, h).data) };
}`;

interface Pixels {
  w: number;
  h: number;
  data: number[];
}

function pixelsOf(page: Page, selector: string, crop?: { x: number; y: number; w: number; h: number }) {
  return page.evaluate<Pixels>(`(${PIXELS_IN_PAGE})(${JSON.stringify({ selector, crop: crop ?? null })})`);
}

// jsqr is CommonJS whose export is the function, typed as an ES default export.
const decoder = jsQR as unknown as { default?: typeof jsQR } & typeof jsQR;
const decode = decoder.default ?? decoder;

function decodeQr({ w, h, data }: Pixels): string | undefined {
  return decode(Uint8ClampedArray.from(data), w, h)?.data;
}

async function pageFor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await newContext(browser, { baseURL, viewport: { width: 412, height: 823 } });
  return context.newPage();
}

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`B opens A's invitation link, pays a fee; A sees B and the earnings; the QR codes decode to the link (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    await signInAs(page, generatePrivateKey(), lang);
    await page.goto('/share');
    const card = page.locator('.invite-card');
    const code = (await card.locator('.invite-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = `${baseURL}/home?code=${code}`;
    await expect(card.locator('.invite-link')).toHaveText(link);
    await expect(card.locator('svg.qr')).toBeVisible();
    expect(decodeQr(await pixelsOf(page, 'svg.qr'))).toBe(link);
    await card.locator('.poster-button').click();
    await expect(card.locator('.poster img')).toBeVisible();
    await expect(card.locator('.poster a[download]')).toHaveAttribute(
      'download',
      `meridian-invite-${code}.png`,
    );
    // The QR code sits in the middle of the 720 x 1080 poster, from y = 430.
    expect(decodeQr(await pixelsOf(page, '.poster img', { x: 100, y: 400, w: 520, h: 520 }))).toBe(link);
    await expect(page.locator('.bind-form')).toBeVisible();
    await screenshot(page, `share-${lang}`);

    // B follows the link and signs in: the code travels with the login.
    const keyB = generatePrivateKey();
    const b = await pageFor(browser, baseURL);
    await installTestWallet(b, { privateKey: keyB });
    await b.goto(`/home?code=${code}`);
    await b.locator('.language-picker select').selectOption(lang);
    await b.locator('.connect-button').click();
    await expect(b.locator('.hero .address-chip')).toBeVisible();
    await waitForStoredSession(b);
    const addressB = privateKeyToAccount(keyB).address;
    credit(addressB, '500');
    // B pays a commission: ETHUSDT charges 1 USDT a lot, so 0.1 lot pays 0.1 USDT.
    await b.goto('/placeOrder?symbol=ETHUSDT');
    const form = b.locator('.order-form');
    await expect(form.locator('.side-buy b')).not.toHaveText('');
    await form.locator('input[name="lots"]').fill('0.1');
    await form.locator('button[type="submit"]').click();
    await b.getByRole('dialog').locator('.sheet-confirm').click();
    await expect(b).toHaveURL(/\/futuresOrder$/);
    await b.context().close();

    // A sees B, shortened, and 20 % of B's 0.1 USDT commission.
    await page.reload();
    const invitee = page.locator('.invitee');
    await expect(invitee).toHaveCount(1);
    await expect(invitee).toContainText(`${addressB.slice(0, 4)}***${addressB.slice(-4)}`);
    await expect(invitee.locator('.amount')).toHaveText('+0.02 USDT');
    await expect(page.locator('.earnings-list')).toContainText('USDT');
    await expect(page.locator('svg.qr')).toBeVisible();
    await screenshot(page, `share-earnings-${lang}`);
    await page.goto('/finance');
    await expect(page.locator('body')).toContainText(bundle.records.referral_direct);
    expect(problems).toEqual([]);
  });
}

test('a user nobody invited binds an inviter once, with the error for their own code', async ({ page }) => {
  const problems = collectProblems(page);
  await signInAs(page, generatePrivateKey(), 'en');
  await page.goto('/share');
  const own = (await page.locator('.invite-code').textContent()) ?? '';
  const form = page.locator('.bind-form');
  await form.locator('input[name="inviteCode"]').fill(own.toLowerCase());
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.form-error')).toHaveText(en.errors.invite_self);
  await form.locator('input[name="inviteCode"]').fill('ZZZZ2222');
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.form-error')).toHaveText(en.errors.invite_code_unknown);
  // Another user's code binds, and the form goes away.
  const other = await pageFor(page.context().browser() as Browser, test.info().project.use.baseURL);
  await signInAs(other, generatePrivateKey(), 'en');
  await other.goto('/share');
  const theirs = (await other.locator('.invite-code').textContent()) ?? '';
  await other.context().close();
  await form.locator('input[name="inviteCode"]').fill(theirs);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('.bind-form')).toHaveCount(0);
  await expect(page.locator('.facts')).toContainText(en.share.inviter);
  expect(problems).toEqual([]);
});
