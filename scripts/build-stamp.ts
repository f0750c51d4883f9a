/**
 * Whether `dist/` was built from the sources as they are now, so `npm start` can skip a build that
 * would produce the same files (about 10 s on a 2-core machine). The fingerprint is a SHA-256 of
 * every build input's path and content: the client's sources, the service worker, the shared
 * protocol, the locales, the public files, the build scripts and configuration, and the lock file.
 * A build made through `npm start` stores it in `dist/.build-stamp`; a build made otherwise (plain
 * `npm run build`) leaves none, and the next start builds once more.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders and files below the project root that the client build reads. */
export const BUILD_INPUTS = [
  'src',
  'sw',
  'protocol',
  'locales',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.sw.json',
  'package.json',
  'package-lock.json',
];

/** What the build writes and the server serves: both must be there for a build to be skipped. */
export const BUILD_OUTPUTS = ['dist/index.html', 'dist-ssr/entry-server.js'];

export const STAMP_FILE = 'dist/.build-stamp';

function filesBelow(root: string, relative: string, out: string[]): void {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) filesBelow(root, path.join(relative, name), out);
  } else {
    out.push(relative);
  }
}

/** The fingerprint of the build inputs below `root`. */
export function buildFingerprint(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) filesBelow(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\u0000`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

/** True when the outputs exist and the stamp names the inputs' fingerprint as they are now. */
export function buildIsCurrent(root: string, fingerprint = buildFingerprint(root)): boolean {
  if (!BUILD_OUTPUTS.every((file) => existsSync(path.join(root, file)))) return false;
  const stamp = path.join(root, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
}

export function writeBuildStamp(root: string, fingerprint: string): void {
  writeFileSync(path.join(root, STAMP_FILE), `${fingerprint}\n`);
}
