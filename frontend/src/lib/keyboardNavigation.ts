import { useEffect } from 'react';

/**
 * Marks <html> while the reader navigates with the keyboard: added on Tab, removed on a mouse
 * press. CSS shows focus rings only under it (styles/base.css).
 */
export const KEYBOARD_NAVIGATION_CLASS = 'navigation-with-keyboard';

export function useKeyboardNavigationMarker(): void {
  useEffect(() => {
    const root = document.documentElement;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        root.classList.add(KEYBOARD_NAVIGATION_CLASS);
      }
    };
    const onMouseDown = () => root.classList.remove(KEYBOARD_NAVIGATION_CLASS);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onMouseDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onMouseDown);
    };
  }, []);
}
