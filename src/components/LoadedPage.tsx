import type { ReactNode } from 'react';
import { useLoad } from '../lib/use-load.ts';
import { LoadState } from './LoadState.tsx';
import { PageHeader } from './PageHeader.tsx';

/**
 * A screen that shows what one fetch brings: its title bar, what stands above the data (an intro),
 * then the data, with a skeleton, "No data" or a retry until it is here (LoadState). It fetches
 * when the screen opens, and again when `deps` change.
 */
export function LoadedPage<T>({
  title,
  fetcher,
  deps = [],
  empty,
  intro,
  children,
}: {
  title: string;
  fetcher(): Promise<T>;
  deps?: readonly unknown[];
  empty?: (data: T) => boolean;
  intro?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const load = useLoad(fetcher, deps);
  return (
    <>
      <PageHeader title={title} />
      {intro}
      <LoadState load={load} empty={empty}>
        {children}
      </LoadState>
    </>
  );
}
