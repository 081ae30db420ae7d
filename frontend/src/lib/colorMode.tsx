/**
 * Colour mode: light or dark. The inline script in <head> (app/document.ts) applies the stored
 * choice before the first paint; this provider takes over after hydration.
 *
 * - Choosing a mode stores it. Clearing it (null) reverts to the system preference when the site
 *   respects it, else to the default mode.
 * - It follows changes made in another tab, and system changes when respected, except while printing.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRequiredContext } from './context';
import { createStorageSlot, StorageKeys } from './storage';

export type ColorMode = 'light' | 'dark';

export interface ColorModeSettings {
  defaultMode: ColorMode;
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
}

interface ColorModeValue {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode | null) => void;
}

const [ColorModeContext, useColorMode] = createRequiredContext<ColorModeValue>('ColorMode');
export { useColorMode };

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemMode(): ColorMode {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function isMode(value: string | null | undefined): value is ColorMode {
  return value === 'light' || value === 'dark';
}

export function ColorModeProvider({ settings, children }: { settings: ColorModeSettings; children: ReactNode }) {
  // Rendered as the server rendered it (the default), so hydration matches; the mode the <head>
  // script applied before the first paint is read once mounted.
  const [colorMode, setState] = useState<ColorMode>(settings.defaultMode);
  useEffect(() => {
    const applied = document.documentElement.dataset.theme;
    if (isMode(applied)) setState(applied);
  }, []);

  const fallback = useCallback(
    (): ColorMode => (settings.respectPrefersColorScheme ? systemMode() : settings.defaultMode),
    [settings.respectPrefersColorScheme, settings.defaultMode],
  );

  const apply = useCallback((mode: ColorMode) => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    setState(mode);
  }, []);

  const setColorMode = useCallback(
    (mode: ColorMode | null) => {
      const slot = createStorageSlot(StorageKeys.theme);
      if (mode === null) {
        slot.del();
        apply(fallback());
      } else {
        slot.set(mode);
        apply(mode);
      }
    },
    [apply, fallback],
  );

  // Another tab changed the stored mode.
  useEffect(() => {
    return createStorageSlot(StorageKeys.theme).listen((value) => {
      apply(isMode(value) ? value : fallback());
    });
  }, [apply, fallback]);

  // The system preference changed (only when respected, and not because the page is printing).
  useEffect(() => {
    if (!settings.respectPrefersColorScheme) return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      if (window.matchMedia('print').matches) return;
      if (isMode(createStorageSlot(StorageKeys.theme).get())) return;
      apply(systemMode());
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [settings.respectPrefersColorScheme, apply]);

  const value = useMemo(() => ({ colorMode, setColorMode }), [colorMode, setColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
