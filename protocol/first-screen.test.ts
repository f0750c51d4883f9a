import { describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ELEMENT, firstAnswersElement, parseFirstAnswers } from './first-screen.ts';

describe('the first answers block', () => {
  it('reads back what was written, and no text of it can end the element', () => {
    const answers = [
      { code: '10068' as const, fields: { category: 'popular' }, data: [{ name: '</script>' }] },
    ];
    const element = firstAnswersElement(answers);
    const text = FIRST_ANSWERS_ELEMENT.exec(element)?.[1];
    expect(text).not.toContain('<');
    expect(parseFirstAnswers(text)).toEqual(answers);
  });

  it('keeps only answers of known codes, and reads broken or missing text as none', () => {
    expect(parseFirstAnswers(undefined)).toEqual([]);
    expect(parseFirstAnswers('{')).toEqual([]);
    expect(parseFirstAnswers('{"code":"10068"}')).toEqual([]);
    expect(
      parseFirstAnswers(
        JSON.stringify([
          { code: '99999', fields: {}, data: 1 },
          { code: '10068', fields: null, data: 1 },
          { code: '10068', fields: {} },
          { code: '10068', fields: {}, data: 1 },
        ]),
      ),
    ).toEqual([{ code: '10068', fields: {}, data: 1 }]);
  });
});
