import { describe, expect, it } from 'vitest';
import { publishArgv } from './news-drafts.ts';

describe('publishArgv', () => {
  it('gives each complete language its --lang, --title and --body', () => {
    expect(
      publishArgv({ en: { title: 'Hello', body: 'Body' }, 'zh-CN': { title: '你好', body: '正文' } }, true),
    ).toEqual([
      'news',
      'publish',
      '--lang',
      'zh-CN',
      '--title',
      '你好',
      '--body',
      '正文',
      '--lang',
      'en',
      '--title',
      'Hello',
      '--body',
      'Body',
      '--pin',
    ]);
  });

  it('waits while a language has a title without a body, or nothing is written', () => {
    expect(publishArgv({ en: { title: 'Hello', body: '' } }, false)).toBeNull();
    expect(publishArgv({ en: { title: '', body: '' } }, false)).toBeNull();
  });
});
