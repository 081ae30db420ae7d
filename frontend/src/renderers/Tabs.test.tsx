import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { TabShownContext, Tabs, TabItem } from './Tabs';

const items = [
  { value: 'curl', label: 'cURL' },
  { value: 'python', label: 'Python' },
  { value: 'javascript', label: 'JavaScript' },
];

function Group({ groupId = 'language', name = 'a' }: { groupId?: string; name?: string }) {
  return (
    <Tabs groupId={groupId} items={items}>
      {items.map((item) => (
        <TabItem key={item.value} value={item.value} label={item.label}>
          {`${name}:${item.value}`}
        </TabItem>
      ))}
    </Tabs>
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function visiblePanels() {
  return screen.getAllByRole('tabpanel', { hidden: true }).filter((panel) => !panel.hidden).map((p) => p.textContent);
}

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs pattern', () => {
    render(<Group />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = document.getElementById(tabs[0]!.getAttribute('aria-controls')!)!;
    expect(panel.getAttribute('role')).toBe('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(visiblePanels()).toEqual(['a:curl']);
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', () => {
    render(<Group />);
    const tabs = screen.getAllByRole('tab');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[2]);
    expect(visiblePanels()).toEqual(['a:javascript']);
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(visiblePanels()).toEqual(['a:javascript']);
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(visiblePanels()).toEqual(['a:curl']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('switches every group with the same groupId and remembers the choice', () => {
    render(
      <>
        <Group name="a" />
        <Group name="b" />
        <Group name="c" groupId="other" />
      </>,
    );
    fireEvent.click(screen.getAllByRole('tab', { name: 'Python' })[0]!);
    expect(visiblePanels()).toEqual(['a:python', 'b:python', 'c:curl']);
    expect(localStorage.getItem('docsite.tab.language')).toBe('python');
  });

  it('starts from the remembered choice', () => {
    localStorage.setItem('docsite.tab.language', 'javascript');
    render(<Group />);
    expect(visiblePanels()).toEqual(['a:javascript']);
  });

  it('ignores a remembered value that is not one of its tabs', () => {
    localStorage.setItem('docsite.tab.language', 'ruby');
    render(<Group />);
    expect(visiblePanels()).toEqual(['a:curl']);
  });

  it('follows a choice made in another browser tab', () => {
    render(<Group />);
    localStorage.setItem('docsite.tab.language', 'python');
    fireEvent(window, new StorageEvent('storage', { key: 'docsite.tab.language', newValue: 'python' }));
    expect(visiblePanels()).toEqual(['a:python']);
  });

  it('tells each panel whether it is the one shown (what a panel fetching its content waits for)', () => {
    function Probe({ value }: { value: string }) {
      return <>{`${value}:${useContext(TabShownContext) ? 'shown' : 'hidden'}`}</>;
    }
    render(
      <Tabs groupId="language" items={items}>
        {items.map((item) => (
          <TabItem key={item.value} value={item.value} label={item.label}>
            <Probe value={item.value} />
          </TabItem>
        ))}
      </Tabs>,
    );
    const panels = () => screen.getAllByRole('tabpanel', { hidden: true }).map((panel) => panel.textContent);
    expect(panels()).toEqual(['curl:shown', 'python:hidden', 'javascript:hidden']);
    fireEvent.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(panels()).toEqual(['curl:hidden', 'python:hidden', 'javascript:shown']);
  });
});
