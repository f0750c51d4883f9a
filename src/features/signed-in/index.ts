/**
 * What a screen for a signed-in wallet shows: the prompt to connect first (with the account
 * feature's connect button) and the screen that swaps it for its content once someone is signed
 * in. A feature of its own rather than part of the account's public file: home imports that
 * file, so all it exports travels in the first page (scripts/start-chunk.ts), and these are
 * only ever on other screens. They travel in the `shared` chunk with the components they wrap.
 */
export { ConnectFirst, SignedInPage } from './SignedInPage.tsx';
