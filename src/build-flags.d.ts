/**
 * Set by the build (vite.config.ts `define`): false when built with CAMPUS_DEMO=0, a live-only build that ships
 * no demo backend, seed or demo accounts at all (docs/deploying.md).
 */
declare const __CAMPUS_DEMO__: boolean;
