/**
 * The web app manifest (install to the home screen). Name and texts are English: the manifest is
 * one file for every language, and the app's own screens switch language after start.
 */
export const webAppManifest = {
  id: '/home',
  name: 'Meridian',
  short_name: 'Meridian',
  description: 'Deposit, stake, swap and trade crypto from your wallet.',
  start_url: '/home',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#0b1220',
  background_color: '#0b1220',
  categories: ['finance'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '412x823',
      type: 'image/png',
      form_factor: 'narrow' as const,
      label: 'Home: balances, prices and products',
    },
    {
      src: '/screenshots/markets-narrow.png',
      sizes: '412x823',
      type: 'image/png',
      form_factor: 'narrow' as const,
      label: 'Live market prices',
    },
  ],
};
