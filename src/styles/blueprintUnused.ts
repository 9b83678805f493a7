// Blueprint ships one stylesheet for every component (560 KB); parsing it
// was 12 % of the main thread's busy time at start-up (docs/performance.md).
// The build drops the rule sets of the components this app never renders.

/** Blueprint components (class blocks after `bp6-`) the app never renders. */
export const UNUSED_BLUEPRINT_BLOCKS = [
  'alert',
  'breadcrumb',
  'breadcrumbs',
  'card-list',
  'code-block',
  'compound-tag',
  'context-menu',
  'control-card',
  'dialog-step',
  'drawer',
  'editable-text',
  'entity-title',
  'file-input',
  'file-upload-input',
  'hotkey',
  'hotkey-column',
  'hotkey-dialog',
  'key',
  'key-combo',
  'multistep-dialog',
  'non-ideal-state',
  'numeric-input',
  'overflow-list',
  'panel-stack',
  'panel-stack2',
  'section',
  'segmented-control',
  'skeleton',
  'slider',
  'tag-input',
  'tree',
];

const UNUSED = new RegExp(
  String.raw`\.bp6-(?:${UNUSED_BLUEPRINT_BLOCKS.join('|')})(?:-[a-z0-9-]+)?(?![a-z0-9-])`,
);

/** Whether a selector can match an element of a component the app renders. */
export const selectorUsed = (selector: string) => !UNUSED.test(selector);

interface CssRule {
  selectors: string[];
  remove(): void;
}

/**
 * A PostCSS plugin (the object form, so the config needs no PostCSS
 * import) that drops every selector of an unused component from
 * Blueprint's stylesheet, and a rule set left with none.
 */
export function dropUnusedBlueprint() {
  return {
    postcssPlugin: 'stacksizer-drop-unused-blueprint',
    Rule(rule: CssRule & { root(): { source?: { input: { file?: string } } } }) {
      if (!rule.root().source?.input.file?.includes('@blueprintjs')) return;
      const kept = rule.selectors.filter(selectorUsed);
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    },
  };
}
