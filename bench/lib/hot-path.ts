/** The read-only codes the hot-path benchmark measures: the global configuration and the market list. */
export const HOT_CODES = ['00000', '10068'] as const;
