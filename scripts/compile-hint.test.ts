import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintFirst, withCompileHintFirst } from './compile-hint.ts';

describe('the compile hint', () => {
  it('moves to the first line when a helper was put above it', () => {
    const code = `const __vite__mapDeps=()=>[];\n${COMPILE_HINT}\nvar a=1;`;
    expect(withCompileHintFirst(code)).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=()=>[];\nvar a=1;`);
  });

  it('is added once to code without it, and kept once where it already leads', () => {
    expect(withCompileHintFirst('var a=1;')).toBe(`${COMPILE_HINT}\nvar a=1;`);
    const once = withCompileHintFirst('var a=1;');
    expect(withCompileHintFirst(once)).toBe(once);
  });

  it("goes into the named chunks only, in Vite's last generateBundle step", () => {
    const plugin = compileHintFirst(['start']);
    expect(plugin.generateBundle.order).toBe('post');
    const bundle = {
      'start.js': { type: 'chunk' as const, name: 'start', code: 'const h=1;\nvar a=1;' },
      'App.js': { type: 'chunk' as const, name: 'App', code: 'var b=2;' },
      'start.css': { type: 'asset' as const, name: 'start' },
    };
    plugin.generateBundle.handler({}, bundle);
    expect(bundle['start.js'].code).toBe(`${COMPILE_HINT}\nconst h=1;\nvar a=1;`);
    expect(bundle['App.js'].code).toBe('var b=2;');
  });
});
