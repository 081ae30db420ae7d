import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Details } from './Details';
import { CopyButton } from './CodeBlock';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Details', () => {
  it('is a real <details> that opens without JavaScript', () => {
    const html = renderToString(
      <Details>
        <summary>Why?</summary>
        <p>Because.</p>
      </Details>,
    );
    expect(html).toMatch(/^<details class="details"[^>]*><summary>Why\?<\/summary><div class="collapsible"><div class="details-content"><p>Because.<\/p>/);
  });
  // Opening and the animated close are tested in Chromium (tests/e2e/test_markdown_components.py):
  // happy-dom toggles <details> before React's click handler can prevent it.
});

describe('CopyButton', () => {
  it('copies the code without its last newline and confirms for two seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<CopyButton getText={() => 'curl https://example.com\n'} />);
    const button = screen.getByRole('button', { name: 'Copy code to clipboard' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('curl https://example.com');
    expect(button.getAttribute('aria-label')).toBe('Copied');
    expect(button.textContent).toContain('Copied');
    act(() => void vi.advanceTimersByTime(2000));
    expect(button.getAttribute('aria-label')).toBe('Copy code to clipboard');
  });
});
