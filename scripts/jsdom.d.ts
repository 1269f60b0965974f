// jsdom ships no types; the build's critical-CSS step (scripts/critical-css.ts) uses only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
