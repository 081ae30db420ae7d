/** Switches between light and dark. Disabled until the client has mounted (it cannot work before). */
import { useColorMode } from '../lib/colorMode';
import { useHydrated } from '../lib/useHydrated';

export function ColorModeToggle({ className }: { className?: string }) {
  const { colorMode, setColorMode } = useColorMode();
  const hydrated = useHydrated();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  const label = `Switch between dark and light mode (currently ${colorMode} mode)`;
  return (
    <button
      type="button"
      className={`color-mode-toggle ${className ?? ''}`}
      onClick={() => setColorMode(next)}
      disabled={!hydrated}
      title={label}
      aria-label={label}
      aria-live="polite"
    >
      <svg className="icon-sun" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 7a5 5 0 100 10 5 5 0 000-10zm0-5a1 1 0 011 1v2a1 1 0 11-2 0V3a1 1 0 011-1zm0 17a1 1 0 011 1v2a1 1 0 11-2 0v-2a1 1 0 011-1zM4.2 4.2a1 1 0 011.4 0L7 5.6A1 1 0 115.6 7L4.2 5.6a1 1 0 010-1.4zm12.8 12.8a1 1 0 011.4 0l1.4 1.4a1 1 0 11-1.4 1.4L17 18.4a1 1 0 010-1.4zM2 12a1 1 0 011-1h2a1 1 0 110 2H3a1 1 0 01-1-1zm17 0a1 1 0 011-1h2a1 1 0 110 2h-2a1 1 0 01-1-1zM5.6 17A1 1 0 117 18.4l-1.4 1.4a1 1 0 01-1.4-1.4L5.6 17zM18.4 4.2a1 1 0 011.4 1.4L18.4 7A1 1 0 1117 5.6l1.4-1.4z"
        />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9.4 2.2a1 1 0 01.2 1.1A8 8 0 0020.7 14.4a1 1 0 011.3 1.3A10 10 0 118.3 2a1 1 0 011.1.2z"
        />
      </svg>
    </button>
  );
}
