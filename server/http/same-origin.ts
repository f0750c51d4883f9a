/**
 * The second half of the CSRF guard (docs/spec/design.md section 4): besides the X-Requested-With header, a
 * mutating call that names its origin must name this site. Browsers send `Origin` with every
 * POST; a cross-site page's fetch carries its own. CORS and SameSite=Strict cookies stop such a call
 * today; this check stops it also where those fail (an old browser, a lax cookie, a proxy that
 * adds CORS headers). No `Origin` at all is a non-browser client, which has no cookie to abuse.
 */
export function isSameOrigin(origin: string, host: string | undefined, publicUrl: string | null): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a file) or garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && url.host === host.toLowerCase();
}
