/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts), which @preact/signals-react
 * imports for React 16 and 17: React 19 has the hook itself, and the shim's own copy cost the
 * first page 0.3 kB compressed.
 */
export { useSyncExternalStore } from 'react';
