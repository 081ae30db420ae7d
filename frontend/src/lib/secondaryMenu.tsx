/**
 * The mobile sidebar's secondary menu, as a slot. The layout on screen fills it (a doc page with its
 * docs sidebar) and the mobile sidebar shows whatever fills it: the chrome knows nothing of layouts,
 * and a new layout gets a secondary menu without touching the chrome. Docusaurus's
 * `useNavbarSecondaryMenu` and `NavbarSecondaryMenuFiller` split the work the same way.
 *
 * The slot lives outside React state: filling it re-renders the mobile sidebar only (when open), not
 * the app around the page.
 */
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createRequiredContext } from './context';

interface Slot {
  content: ReactNode;
  listeners: Set<() => void>;
}

const [SlotContext, useSlot] = createRequiredContext<Slot>('SecondaryMenu');

/** Holds the slot: around the chrome and the page, once per app. */
export function SecondaryMenuProvider({ children }: { children: ReactNode }) {
  const [slot] = useState<Slot>(() => ({ content: null, listeners: new Set() }));
  return <SlotContext.Provider value={slot}>{children}</SlotContext.Provider>;
}

function fill(slot: Slot, content: ReactNode): void {
  slot.content = content;
  for (const listener of slot.listeners) listener();
}

/**
 * Puts `children` in the slot while this is mounted (it renders nothing where it stands); the slot
 * is empty again when it unmounts, as the page changes.
 */
export function SecondaryMenuFiller({ children }: { children: ReactNode }) {
  const slot = useSlot();
  useEffect(() => {
    fill(slot, children);
    return () => fill(slot, null);
  }, [slot, children]);
  return null;
}

/** What fills the slot: null when the page on screen has no secondary menu. */
export function useSecondaryMenu(): ReactNode {
  const slot = useSlot();
  const subscribe = useCallback(
    (listener: () => void) => {
      slot.listeners.add(listener);
      return () => {
        slot.listeners.delete(listener);
      };
    },
    [slot],
  );
  return useSyncExternalStore(
    subscribe,
    () => slot.content,
    () => null,
  );
}
