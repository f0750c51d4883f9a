/**
 * The first screen's answers in the page (server/http/first-screen.ts writes them, src/main.tsx
 * reads them): the reads the route's screen starts with (src/root/first-reads.ts) and the `data`
 * of each answer, as a JSON data block the browser does not run (the CSP allows no inline script).
 */
import { type ApiCode, isApiCode } from './codes.ts';

/** The element that carries them: `<script type="application/json" id="first-answers">`. */
export const FIRST_ANSWERS_ID = 'first-answers';

export type ReadFields = Record<string, string | number | boolean | null | undefined>;

/** A read the screen will ask for, in the words it will ask in. */
export interface FirstRead {
  code: ApiCode;
  fields: ReadFields;
}

/** A read and its answer's `data`. */
export interface FirstAnswer extends FirstRead {
  data: unknown;
}

/** The block for `answers`: their JSON, in which `<` cannot close the element. */
export function firstAnswersElement(answers: readonly FirstAnswer[]): string {
  const text = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${text}</script>`;
}

/** Finds the block in a page; its text is the first group. (Pure: pages that only read it by id leave it out.) */
export const FIRST_ANSWERS_ELEMENT = /* @__PURE__ */ new RegExp(
  `<script type="application/json" id="${FIRST_ANSWERS_ID}">(.*?)</script>`,
  's',
);

/** The answers in a block's text; anything of another shape is left out. */
export function parseFirstAnswers(text: string | null | undefined): FirstAnswer[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (a: FirstAnswer | null) => isApiCode(a?.code ?? '') && a?.fields instanceof Object && 'data' in a,
        )
      : [];
  } catch {
    return [];
  }
}
