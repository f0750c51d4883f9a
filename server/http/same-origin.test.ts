import { expect, test } from 'vitest';
import { isSameOrigin } from './same-origin.ts';

test('an Origin is this site when it names the Host (or PUBLIC_URL), scheme http(s)', () => {
  expect(isSameOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', null)).toBe(true);
  expect(isSameOrigin('http://LOCALHOST:8080', 'localhost:8080', null)).toBe(true);
  expect(isSameOrigin('https://app.example', 'internal:8080', 'https://app.example/')).toBe(true);
  expect(isSameOrigin('https://evil.example', '127.0.0.1:8080', null)).toBe(false);
  expect(isSameOrigin('https://evil.example', 'app.example', 'https://app.example')).toBe(false);
  expect(isSameOrigin('http://127.0.0.1:9999', '127.0.0.1:8080', null)).toBe(false);
  expect(isSameOrigin('null', '127.0.0.1:8080', null)).toBe(false);
  expect(isSameOrigin('file://127.0.0.1:8080', '127.0.0.1:8080', null)).toBe(false);
  expect(isSameOrigin('http://127.0.0.1:8080', undefined, null)).toBe(false);
});
