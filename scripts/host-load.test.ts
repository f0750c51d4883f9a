import { describe, expect, it } from 'vitest';
import { describeQuietWait, loadBetween, parseCpuTimes } from './host-load.ts';

const BEFORE = 'cpu  192357 5894 57417 185744 1495 0 1811 8334 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';
const AFTER = 'cpu  192457 5894 57467 186530 1495 0 1811 8384 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';

describe('the host load from /proc/stat', () => {
  it('reads busy, steal and total time from the first cpu line', () => {
    expect(parseCpuTimes(BEFORE)).toEqual({
      total: 192357 + 5894 + 57417 + 185744 + 1495 + 1811 + 8334,
      busy: 192357 + 5894 + 57417 + 1811 + 8334,
      steal: 8334,
    });
    expect(parseCpuTimes('intr 1 2 3')).toBeNull();
  });

  it('counts the share of the time between two readings that was busy, steal included', () => {
    const before = parseCpuTimes(BEFORE);
    const after = parseCpuTimes(AFTER);
    if (!before || !after) throw new Error('unparsed');
    // 100 user + 50 system + 50 steal busy, 786 idle: 200 of 986.
    const load = loadBetween(before, after);
    expect(load.busy).toBeCloseTo(200 / 986, 6);
    expect(load.steal).toBeCloseTo(50 / 986, 6);
    expect(loadBetween(after, after)).toEqual({ busy: 0, steal: 0 });
  });

  it('says whether the runs began on a quiet host, and who kept it busy if not', () => {
    const load = { busy: 0.12, steal: 0.02 };
    expect(describeQuietWait({ measured: true, quiet: true, waitedMs: 3200, load, busiest: '' })).toBe(
      'host quiet: CPU busy 12% (steal 2%) after 3 s',
    );
    expect(
      describeQuietWait({
        measured: true,
        quiet: false,
        waitedMs: 90_000,
        load: { busy: 0.8, steal: 0.1 },
        busiest: 'node 95.0%',
      }),
    ).toBe('host still busy after 90 s: CPU busy 80% (steal 10%); busiest: node 95.0%');
  });
});
