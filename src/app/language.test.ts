import { afterEach, expect, test, vi } from 'vitest';

/** Every E0001 sent, with the means to answer it when the test says. */
const sent = vi.hoisted(() => [] as { lang: string; answer: () => void }[]);

vi.mock('./server-language.ts', () => ({
  setServerLanguage: (lang: string) =>
    new Promise<{ lang: string }>((resolve) => {
      sent.push({ lang, answer: () => resolve({ lang }) });
    }),
}));
// i18next needs Vite's glob imports; switching the texts is not what this file tests.
vi.mock('../lib/i18n.ts', () => ({ changeLanguage: async () => undefined }));

const { switchLanguage } = await import('./language.ts');

/** Lets the awaits in flight run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  sent.length = 0;
});

test('quick switches send one E0001 at a time, and the last one carries the language chosen last', async () => {
  const done = [switchLanguage('en'), switchLanguage('ar'), switchLanguage('ja')];
  await settle();
  // The first is in flight; the others wait for it instead of racing it.
  expect(sent.map((call) => call.lang)).toEqual(['en']);
  sent[0]?.answer();
  await settle();
  // Then only the language the screen shows now: 'ar' was left before it could be sent.
  expect(sent.map((call) => call.lang)).toEqual(['en', 'ja']);
  sent[1]?.answer();
  await Promise.all(done);
  expect(sent).toHaveLength(2);
});

test('a single switch sends once, and the next switch sends again', async () => {
  const first = switchLanguage('ar');
  await settle();
  sent[0]?.answer();
  await first;
  const second = switchLanguage('en');
  await settle();
  sent[1]?.answer();
  await second;
  expect(sent.map((call) => call.lang)).toEqual(['ar', 'en']);
});

test('a language chosen offline while an E0001 is in flight waits for the network, then goes', async () => {
  const network = new EventTarget();
  vi.stubGlobal('window', network);
  try {
    const first = switchLanguage('ar');
    await settle();
    vi.stubGlobal('navigator', { onLine: false });
    const second = switchLanguage('en');
    sent[0]?.answer();
    await Promise.all([first, second]);
    // Offline, nothing is sent, so nothing fails and nothing toasts.
    expect(sent.map((call) => call.lang)).toEqual(['ar']);
    vi.stubGlobal('navigator', { onLine: true });
    network.dispatchEvent(new Event('online'));
    await settle();
    expect(sent.map((call) => call.lang)).toEqual(['ar', 'en']);
    sent[1]?.answer();
    await settle();
  } finally {
    vi.unstubAllGlobals();
  }
});
