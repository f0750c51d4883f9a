import { describe, expect, it } from 'vitest';
import { firstPaintFirst } from './preload-start.ts';

const BUILT = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>Meridian</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/start-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="modulepreload" crossorigin href="/assets/App-d.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body><script type="module" src="/not-in-head.js"></script></body>
</html>`;

describe('the head of the first page', () => {
  const html = firstPaintFirst(BUILT);
  const head = html.slice(0, html.indexOf('</head>'));

  it('asks for the stylesheet before any script', () => {
    const css = head.indexOf('rel="stylesheet"');
    expect(css).toBeGreaterThan(0);
    expect(css).toBeLessThan(head.indexOf('<script'));
    expect(css).toBeLessThan(head.indexOf('modulepreload'));
    expect(head.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('fetches every module script and preload at low priority', () => {
    expect(head.match(/<script type="module" fetchpriority="low"/g)).toHaveLength(1);
    expect(head.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(head).not.toMatch(/<link rel="modulepreload" crossorigin/);
  });

  it('keeps everything else as it was', () => {
    for (const part of [
      '<title>Meridian</title>',
      'rel="manifest"',
      'src="/assets/index-a.js"',
      'href="/assets/App-d.js"',
    ]) {
      expect(html).toContain(part);
    }
    expect(html.slice(html.indexOf('</head>'))).toBe(BUILT.slice(BUILT.indexOf('</head>')));
    expect(firstPaintFirst(html)).toBe(html);
  });
});
