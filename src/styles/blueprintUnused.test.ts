import { describe, expect, it } from 'vitest';
import { selectorUsed } from './blueprintUnused';

describe('selectorUsed', () => {
  it('drops the selectors of components the app never renders', () => {
    expect(selectorUsed('.bp6-tree-node-content')).toBe(false);
    expect(selectorUsed('.bp6-dark .bp6-slider-handle:hover')).toBe(false);
    expect(selectorUsed('.bp6-file-input .bp6-button')).toBe(false);
    expect(selectorUsed('.bp6-key')).toBe(false);
  });

  it('keeps those of the components it renders, whatever their names begin with', () => {
    expect(selectorUsed('.bp6-button.bp6-intent-primary')).toBe(true);
    expect(selectorUsed('.bp6-control .bp6-control-indicator')).toBe(true);
    expect(selectorUsed('.bp6-dialog-header')).toBe(true);
    expect(selectorUsed('.bp6-card')).toBe(true);
    expect(selectorUsed('.bp6-code')).toBe(true);
  });
});
