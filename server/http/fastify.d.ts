import 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by E0001 during the request; otherwise the cookie decides. */
    lang: string | null;
    /** The signed-in wallet (lower case), or null. */
    wallet: string | null;
    /** The SHA-256 of the session cookie's secret, when a live session was found. */
    sessionHash: string | null;
  }
}
