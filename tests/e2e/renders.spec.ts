/**
 * A screen renders once per change it shows (docs/performance.md, "thirteenth"): not again when a
 * load starts that is already loading, when the answer it shows arrives a second time, or when the
 * configuration's start-up refresh changes a setting the screen does not read. Each such render
 * was a synchronous one, or a slice of work, on the main thread of a phone that is starting up.
 */
import { generatePrivateKey } from 'viem/accounts';
import { countReactRenders, reactRendersOf } from './fixtures/react-renders.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { expect, test } from './fixtures/test.ts';

test('the news list the page brought is adopted and rendered once, though the screen reads it again', async ({
  page,
}) => {
  await countReactRenders(page, ['.news-list']);
  await page.goto('/news');
  await expect(page.locator('.app:not([inert]) .news-list li').first()).toBeVisible();
  // The screen's own read (src/lib/use-load.ts) takes the page's answer right after hydration.
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  expect(await reactRendersOf(page, '.news-list')).toBe(1);
});

test('the assets screen renders its skeleton once and its balances once, whatever else the configuration changes', async ({
  page,
  context,
}) => {
  await signInAs(page, generatePrivateKey(), 'en');
  // The start-up's refresh of the configuration (00000) brings a top yield the stored copy does not
  // have: a setting the assets screen does not show.
  await context.route('**/adc/html/eto/00000.do', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { topYield: unknown } };
    body.data.topYield = { percent: '123.45', source: 'staking', machineId: null };
    await route.fulfill({ response, json: body });
  });
  await countReactRenders(page, ['section.card[aria-busy="true"]', '.summary']);
  await page.goto('/assets');
  await expect(page.locator('.summary')).toBeVisible();
  // The refresh has landed in the store...
  await expect
    .poll(async () => {
      const stored = (await readStoredMap(page)) as {
        globalConfig?: { topYield?: { percent?: string } };
      } | null;
      return stored?.globalConfig?.topYield?.percent;
    })
    .toBe('123.45');
  await page.waitForTimeout(500);
  // ...and rendered neither the skeleton (the load's start) nor the balances again.
  expect(await reactRendersOf(page, 'section.card[aria-busy="true"]')).toBe(1);
  expect(await reactRendersOf(page, '.summary')).toBe(1);
});
