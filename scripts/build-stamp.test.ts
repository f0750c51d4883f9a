import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildFingerprint, buildIsCurrent, writeBuildStamp } from './build-stamp.ts';

describe('the build stamp: npm start builds only when the sources changed', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'stamp-'));
    write('src/main.tsx', 'main');
    write('locales/en.json', '{}');
    write('package-lock.json', '{}');
    write('dist/index.html', '<html>');
    write('dist-ssr/entry-server.js', 'export {}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('no stamp (a fresh clone, or a build made without npm start): build', () => {
    expect(buildIsCurrent(root)).toBe(false);
  });

  test('stamped with the sources as they are: no build', () => {
    writeBuildStamp(root, buildFingerprint(root));
    expect(buildIsCurrent(root)).toBe(true);
  });

  test('a changed, added or removed source, or a changed lock file: build again', () => {
    writeBuildStamp(root, buildFingerprint(root));
    write('src/main.tsx', 'main, changed');
    expect(buildIsCurrent(root)).toBe(false);
    write('src/main.tsx', 'main');
    expect(buildIsCurrent(root)).toBe(true);
    write('src/new.ts', 'new');
    expect(buildIsCurrent(root)).toBe(false);
    rmSync(path.join(root, 'src/new.ts'));
    expect(buildIsCurrent(root)).toBe(true);
    write('package-lock.json', '{"changed":true}');
    expect(buildIsCurrent(root)).toBe(false);
  });

  test('a file outside the inputs (the server, the docs) does not count', () => {
    writeBuildStamp(root, buildFingerprint(root));
    write('server/main.ts', 'server');
    write('docs/notes.md', 'notes');
    expect(buildIsCurrent(root)).toBe(true);
  });

  test('an output missing: build, whatever the stamp says', () => {
    writeBuildStamp(root, buildFingerprint(root));
    rmSync(path.join(root, 'dist-ssr'), { recursive: true });
    expect(buildIsCurrent(root)).toBe(false);
  });
});
