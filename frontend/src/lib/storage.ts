/**
 * Browser storage for the site's few remembered choices: colour mode, the announcement bar,
 * the preferred docs version, synced tab groups.
 *
 * - Storage is local storage, or none (site configuration `storage.type`).
 * - Unavailable storage (iframes, incognito, strict privacy) logs one warning; the site goes on
 *   without remembering anything.
 * - A failing get/set/delete is logged to the console and otherwise ignored.
 * - Using storage while rendering on the server is a bug: it throws.
 */

export type StorageType = 'localStorage' | 'none';

export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
  /** Calls `onChange` when another tab changes this key; returns the unsubscribe function. */
  listen(onChange: (value: string | null) => void): () => void;
}

interface StorageSettings {
  type: StorageType;
  namespace: string | null;
}

let settings: StorageSettings = { type: 'localStorage', namespace: null };
let available: Storage | null | undefined; // undefined: not probed yet
let warned = false;

export function configureStorage(next: StorageSettings): void {
  if (next.type !== settings.type || next.namespace !== settings.namespace) available = undefined;
  settings = next;
}

/** The key as stored: namespaced when the site configures a namespace. */
export function storageKey(key: string): string {
  return settings.namespace ? `${key}-${settings.namespace}` : key;
}

/** The browser's storage, probed once; null when configured off or unavailable (warned once). */
function browserStorage(): Storage | null {
  if (typeof window === 'undefined') {
    throw new Error(
      'Illegal use of browser storage during server rendering: read storage in an effect or event handler, never while rendering on the server.',
    );
  }
  if (available !== undefined) return available;
  available = null;
  if (settings.type === 'none') return null;
  try {
    const storage = window.localStorage;
    const probe = '__docsite_storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    available = storage;
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn(
        'Browser storage is not available (an iframe, private browsing or strict privacy settings?). The site works, but will not remember your choices.',
        error,
      );
    }
  }
  return available;
}

export function createStorageSlot(key: string): StorageSlot {
  const name = storageKey(key);
  return {
    get() {
      const storage = browserStorage();
      try {
        return storage ? storage.getItem(name) : null;
      } catch (error) {
        console.error(`Could not read "${name}" from browser storage.`, error);
        return null;
      }
    },
    set(value) {
      const storage = browserStorage();
      try {
        storage?.setItem(name, value);
      } catch (error) {
        console.error(`Could not write "${name}" to browser storage.`, error);
      }
    },
    del() {
      const storage = browserStorage();
      try {
        storage?.removeItem(name);
      } catch (error) {
        console.error(`Could not delete "${name}" from browser storage.`, error);
      }
    },
    listen(onChange) {
      const handler = (event: StorageEvent) => {
        if (event.key === name) onChange(event.newValue);
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  };
}

/** Keys, in one place. */
export const StorageKeys = {
  theme: 'theme',
  announcementDismissed: 'docsite.announcement.dismiss',
  announcementId: 'docsite.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  tabGroup: (groupId: string) => `docsite.tab.${groupId}`,
} as const;
