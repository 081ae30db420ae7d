import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/navigation';
import type { SidebarItem } from '../types';
import { DocSidebar } from './DocSidebar';

const items: SidebarItem[] = [
  { type: 'link', label: 'Introduction', href: '/docs/' },
  {
    type: 'category',
    label: 'Authentication',
    href: '/docs/authentication/',
    collapsible: true,
    collapsed: true,
    items: [{ type: 'link', label: 'Seller channel clients', href: '/docs/authentication/seller-channel-clients' }],
  },
  {
    type: 'category',
    label: 'Analytics',
    collapsible: true,
    collapsed: true,
    items: [{ type: 'link', label: 'Events', href: '/docs/analytics/events' }],
  },
  { type: 'category', label: 'Always open', collapsible: false, collapsed: false, items: [
    { type: 'link', label: 'Status', href: 'https://status.example.com' },
  ] },
];

// The reader's choices are kept for the whole visit, per sidebar: each test uses its own sidebar id.
let sidebarId = 'docs';

function sidebarAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DocSidebar items={items} sidebarId={sidebarId} />
    </MemoryRouter>,
  );
}

function category(label: string): HTMLElement {
  return screen.getByText(label).closest('li')!;
}

afterEach(() => {
  cleanup();
  sidebarId = `${sidebarId}-next`;
});

describe('DocSidebar', () => {
  it('highlights the active page and expands the categories that hold it', () => {
    sidebarAt('/docs/authentication/seller-channel-clients');
    const active = screen.getByRole('link', { name: 'Seller channel clients' });
    expect(active.className).toContain('menu-link-active');
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(category('Authentication').className).toContain('contains-active');
    expect(category('Authentication').className).not.toContain('collapsed');
    expect(category('Analytics').className).toContain('collapsed');
    const caret = screen.getByRole('button', { name: "Collapse sidebar category 'Authentication'" });
    expect(caret.getAttribute('aria-expanded')).toBe('true');
  });

  it('toggles a category with its caret or its button, and says so to assistive technology', () => {
    sidebarAt('/docs/');
    const caret = screen.getByRole('button', { name: "Expand sidebar category 'Authentication'" });
    expect(caret.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(caret);
    expect(category('Authentication').className).not.toContain('collapsed');
    expect(caret.getAttribute('aria-label')).toBe("Collapse sidebar category 'Authentication'");
    const analytics = screen.getByRole('button', { name: 'Analytics' });
    fireEvent.click(analytics);
    expect(analytics.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(analytics.getAttribute('aria-controls')!)?.tagName).toBe('UL');
  });

  it('remembers what the reader opened when the next doc renders a new sidebar', () => {
    const first = sidebarAt('/docs/');
    fireEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    first.unmount();
    sidebarAt('/docs/authentication/');
    expect(category('Analytics').className).not.toContain('collapsed');
    expect(category('Authentication').className).not.toContain('collapsed');
  });

  it('renders a category that cannot collapse as a plain label, and marks external links', () => {
    sidebarAt('/docs/');
    expect(screen.getByText('Always open').tagName).toBe('SPAN');
    const external = screen.getByRole('link', { name: /Status/ });
    expect(external.getAttribute('target')).toBe('_blank');
  });
});
