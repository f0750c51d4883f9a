import { expect, test } from 'vitest';
import { channelHref } from './ContactPage.tsx';

test('a channel leads where its kind says, and nothing else becomes a link', () => {
  expect(channelHref('email', 'support@example.com')).toBe('mailto:support@example.com');
  expect(channelHref('telegram', '@meridian_support')).toBe('https://t.me/meridian_support');
  expect(channelHref('telegram', 'https://t.me/meridian_support')).toBe('https://t.me/meridian_support');
  expect(channelHref('whatsapp', '+44 20 7946 0000')).toBe('https://wa.me/442079460000');
  expect(channelHref('phone', '+44 (20) 7946-0000')).toBe('tel:+442079460000');
  expect(channelHref('hours', 'Mon–Fri 09:00–17:00 UTC')).toBeNull();
  expect(channelHref('wechat', 'meridian')).toBeNull();
  expect(channelHref('telegram', 'javascript:alert(1)')).toBeNull();
  expect(channelHref('email', 'not an address')).toBeNull();
  expect(channelHref('site', 'http://insecure.example')).toBeNull();
});
