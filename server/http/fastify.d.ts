import 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by E0001 during the request; otherwise the cookie decides. */
    lang: string | null;
    /** The signed-in wallet (lower case), or null. Sessions arrive with the login issue. */
    wallet: string | null;
  }
}
