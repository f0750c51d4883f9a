/**
 * Runs `task` once, at the visitor's first tap, click or key press on the page: for code that the
 * first screen does not need but the next one might (the rest of the language's bundle), so it
 * loads while the finger is still down rather than with the first page, which it made 8 kB
 * heavier for every visitor who only looks (issue #41). The screens that need such code still
 * wait for it themselves; this only starts it early. Answers a function that cancels it.
 */

/** Pressing starts every tap, click and key (touch first on phones, where a pointer follows). */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown'] as const;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export function onFirstInteraction(task: () => void, target: Target = window): () => void {
  const stop = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, run, { capture: true });
  };
  function run(): void {
    stop();
    task();
  }
  // Captured and passive: seen before any handler can stop it, without delaying a scroll.
  for (const type of INTERACTIONS) target.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
