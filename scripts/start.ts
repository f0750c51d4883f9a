/**
 * `npm start`: builds the client unless `dist/` is already built from the sources as they are
 * (scripts/build-stamp.ts), then starts the server in this process. A second start on an unchanged
 * checkout skips the build and opens in a few seconds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildFingerprint, buildIsCurrent, writeBuildStamp } from './build-stamp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const fingerprint = buildFingerprint(ROOT);
if (buildIsCurrent(ROOT, fingerprint)) {
  process.stdout.write('the client in dist/ is up to date with the sources: no build\n');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeBuildStamp(ROOT, fingerprint);
}
await import('../server/main.ts');
