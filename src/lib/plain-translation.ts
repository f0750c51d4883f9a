/**
 * A fast path for the most common call, `t('some.key')` with nothing else: the text as the
 * language's bundle holds it, looked up once per language and key, when it is a plain string.
 *
 * i18next's own `t` copies its whole options object, resolves the key through its fallback
 * hierarchy and runs the interpolator on every call, a few microseconds each and much more while
 * the code is still cold: the first screen's 150-odd labels were a fifth of its first render in a
 * Lighthouse trace (docs/performance.md). Anything else (options, interpolation `{{…}}`, nesting
 * `$t(…)`, a missing key, a key prefix) goes to i18next as before, so the answers are the same.
 */
import type { i18n as I18n } from 'i18next';

type FixedT = ReturnType<I18n['getFixedT']>;

const NOT_PLAIN = Symbol('not plain');

/** Makes every `t` that `instance.getFixedT` hands out (react-i18next's included) take the fast path. */
export function withPlainTranslations(instance: I18n): I18n {
  const cache = new Map<string, string | typeof NOT_PLAIN>();
  const plain = (lng: string, ns: string, key: string): string | typeof NOT_PLAIN => {
    const id = `${lng}\u0000${ns}\u0000${key}`;
    let text = cache.get(id);
    if (text === undefined) {
      const value: unknown = instance.getResource(lng, ns, key);
      text = typeof value === 'string' && !value.includes('{{') && !value.includes('$t(') ? value : NOT_PLAIN;
      cache.set(id, text);
    }
    return text;
  };
  // No invalidation: a language's bundle is added once (in two parts that share no key,
  // src/lib/i18n.ts) and never changed, and a key missing when first asked is remembered as not
  // plain, so it keeps going to i18next, which sees a part added later.

  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<I18n['getFixedT']>) => {
    const fixedT = getFixedT(...args);
    const [lng, ns, keyPrefix] = args;
    const namespace = Array.isArray(ns) ? ns[0] : ns;
    if (typeof lng !== 'string' || typeof namespace !== 'string' || keyPrefix) return fixedT;
    const fast = (...call: unknown[]) => {
      const [key] = call;
      if (call.length === 1 && typeof key === 'string') {
        const text = plain(lng, namespace, key);
        if (text !== NOT_PLAIN) return text;
      }
      // i18next types t by its overloads; the arguments are passed on exactly as they came.
      return (fixedT as unknown as (...rest: unknown[]) => unknown)(...call);
    };
    // i18next's own fields (lng, ns, keyPrefix), which react-i18next reads back.
    return Object.assign(fast, fixedT) as unknown as FixedT;
  }) as I18n['getFixedT'];
  return instance;
}
