import { Classes } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * A Blueprint tab bar over one shared panel (the caller renders the panel
 * with `id={panelId}` and `aria-labelledby={tabId(idPrefix, selected)}`).
 * Left and right arrows move between tabs, as the ARIA tabs pattern has it.
 */
export function TabBar<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  panelId,
}: {
  label: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  idPrefix: string;
  panelId: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const at = tabs.findIndex((t) => t.id === selected);
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    document.getElementById(tabId(idPrefix, next.id))?.focus();
  };
  return (
    <div
      className={`${Classes.TAB_LIST} tab-bar`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          className={Classes.TAB}
          id={tabId(idPrefix, t.id)}
          aria-selected={selected === t.id}
          aria-controls={panelId}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-${id}`;
