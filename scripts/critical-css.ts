import { JSDOM } from 'jsdom';
import postcss, { type ChildNode, type Container } from 'postcss';

/**
 * The part of a stylesheet one static page needs: every rule that can apply to an element of `html`, in the
 * stylesheet's order and with its text unchanged, plus every at-rule that is not a condition (@font-face, @keyframes…).
 * Used by the build for the static sign-in page, whose first paint then waits for no stylesheet.
 *
 * Deliberately generous: a selector is matched with its pseudo-classes and pseudo-elements taken off (a :hover or
 * ::placeholder rule is kept when its element is there) and with the conditions on what <html> and <body> carry at
 * run time taken off (colour mode, language, layout settings), so the rules of every mode and language are kept; a
 * selector the DOM cannot evaluate is kept.
 */

/** What layout-boot.js and the layout store set on <html> / <body>: any value may be there when the page shows. */
const RUNTIME_ATTRIBUTES = [
  'data-bs-theme',
  'lang',
  'data-layout',
  'data-layout-width',
  'data-menu-position',
  'data-sidebar',
  'data-sidebar-size',
  'data-sidebar-user',
  'data-topbar',
];
const RUNTIME_CONDITION = new RegExp(
  String.raw`\[\s*(?:${RUNTIME_ATTRIBUTES.join('|')})\s*(?:[~|^$*]?=\s*(?:"[^"]*"|'[^']*'|[^\]\s]*)\s*(?:[is]\s*)?)?\]|\.right-bar-enabled\b`,
  'g',
);
/** :pseudo-class, ::pseudo-element, with an argument list (one level of nested parentheses). */
const PSEUDO = /::?[a-zA-Z-]+(?:\((?:[^()]|\([^()]*\))*\))?/g;

export function criticalCss(css: string, html: string): string {
  const { document } = new JSDOM(html).window;
  const seen = new Map<string, boolean>();

  const applies = (selector: string): boolean => {
    let known = seen.get(selector);
    if (known !== undefined) return known;
    let bare = selector.replace(PSEUDO, '').replace(RUNTIME_CONDITION, '').trim();
    // "a > ::before" lost its last part: any element there.
    if (/[>+~]$/.test(bare)) bare += ' *';
    if (/^[>+~]/.test(bare)) bare = '* ' + bare;
    if (!bare) known = true;
    else {
      try {
        known = document.querySelector(bare) !== null;
      } catch {
        known = true;
      }
    }
    seen.set(selector, known);
    return known;
  };

  const prune = (container: Container<ChildNode>) => {
    container.each((node) => {
      if (node.type === 'rule') {
        if (!node.selectors.some(applies)) node.remove();
      } else if (node.type === 'atrule' && node.nodes && /^(media|supports|layer|container|scope)$/i.test(node.name)) {
        prune(node);
        if (!node.nodes.length) node.remove();
      }
    });
  };

  const root = postcss.parse(css);
  prune(root);
  const out = root.toString();
  if (/<\/style/i.test(out)) throw new Error('critical CSS: "</style" in a stylesheet cannot be inlined');
  return out;
}
