import type { Page } from '@playwright/test';

/**
 * Screens are photographed on every run into ${E2E_OUT:-test-results}/screenshots for a person to look at;
 * `UPDATE_SCREENSHOTS=1` writes them into docs/screenshots, where the README and the issues
 * show them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? 'docs/screenshots'
      : `${process.env.E2E_OUT || 'test-results'}/screenshots`;
  // What the phone's screen shows (412x823); a full-page capture would strand the fixed footer
  // in the middle of the picture. Toasts are hidden for the capture so they do not cover the
  // screen (waiting for them to go took up to their 3 s each, 116 pictures a run). Hidden through
  // the CSSOM, which the page's Content-Security-Policy allows; an injected stylesheet (the
  // screenshot's `style` option) it refuses, and says so on the console the tests watch.
  await page.evaluate(setToastVisibility, 'hidden');
  await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
  await page.evaluate(setToastVisibility, '');
}

/** Runs in the page. (Spelled out: this file is checked without the DOM lib.) */
function setToastVisibility(visibility: string): void {
  const page = globalThis as unknown as {
    document: { querySelectorAll(selector: string): Iterable<{ style: { visibility: string } }> };
  };
  for (const toast of page.document.querySelectorAll('.toast')) toast.style.visibility = visibility;
}
