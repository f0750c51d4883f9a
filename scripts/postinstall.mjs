/**
 * After `npm ci`: make sure the test chain's engine (Hardhat's EDR) has its native binding for this
 * machine. EDR ships it as optional packages that ask for Node 22 or newer; npm running on an older
 * Node (the README's Node 20) skips them, although everything here runs on the pinned Node 24. This
 * installs the one package for this platform with the pinned Node, from the registry, at the exact
 * version EDR names. Plain JavaScript: it runs before anything is compiled. Nothing happens when the
 * binding is already there or when this platform has none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

function bindingPackage() {
  const { platform, arch } = process;
  if (platform === 'linux') {
    const glibc = process.report?.getReport?.().header?.glibcVersionRuntime;
    return `@nomicfoundation/edr-linux-${arch}-${glibc ? 'gnu' : 'musl'}`;
  }
  if (platform === 'darwin') return `@nomicfoundation/edr-darwin-${arch}`;
  if (platform === 'win32') return `@nomicfoundation/edr-win32-${arch}-msvc`;
  return null;
}

// Read by path: EDR's package exports do not include its package.json.
const edr = new URL('../node_modules/@nomicfoundation/edr/package.json', import.meta.url);
if (!existsSync(edr)) process.exit(0); // not installed (an install without dev dependencies)
const name = bindingPackage();
const { version, optionalDependencies = {} } = JSON.parse(readFileSync(edr, 'utf8'));
if (!name || !(name in optionalDependencies)) process.exit(0);
if (existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url))) process.exit(0);

const npm = process.env.npm_execpath;
if (!npm) {
  console.error(`postinstall: ${name} is missing; run: npm install --no-save ${name}@${version}`);
  process.exit(0);
}
console.log(`postinstall: installing ${name}@${version} (an optional package npm left out)`);
// The pinned Node runs npm here (npm puts node_modules/.bin first on PATH), so its engines check passes.
const node = new URL('../node_modules/node/bin/node', import.meta.url).pathname;
const result = spawnSync(
  existsSync(node) ? node : process.execPath,
  [npm, 'install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${name}@${version}`],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
