/**
 * Tabs from `::::tabs` / `:::tab Label`. Groups sharing a `groupId` switch together across the
 * page, the site and the reader's other browser tabs, and the choice is remembered in storage.
 * When a choice switches groups above the one clicked, the page scrolls so that the clicked tab
 * stays where it was. Keyboard (WAI-ARIA tabs pattern): Left/Right arrows move and select, Home
 * and End go to the first and last tab; Tab moves into the panel.
 */
import {
  Children,
  createContext,
  isValidElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createStorageSlot, StorageKeys } from '../lib/storage';
import { CHANGE_EVENT } from './prerendered';

interface TabItemProps {
  value: string;
  label: string;
  children?: ReactNode;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

interface TabsProps {
  groupId?: string;
  items: { value: string; label: string }[];
  /** The tab shown until the reader picks one (MDX's `<TabItem default>`); else the first. */
  defaultValue?: string;
  children?: ReactNode;
}


/** Whether the panel around a component is the one shown (true outside tabs): what a panel that
 * fetches its content (api/CodeSample) waits for. */
export const TabShownContext = createContext(true);

export function Tabs({ groupId, items, defaultValue, children }: TabsProps) {
  const [selected, setSelected] = useState(defaultValue ?? items[0]?.value ?? '');
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const anchor = useRef<{ element: HTMLElement; top: number } | null>(null);

  // Take the remembered choice of this group, and follow the group on this page and in other tabs.
  useEffect(() => {
    if (!groupId) return;
    const slot = createStorageSlot(StorageKeys.tabGroup(groupId));
    const follow = (value: string | null) => {
      if (value && items.some((i) => i.value === value)) setSelected(value);
    };
    follow(slot.get());
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ groupId: string; value: string }>).detail;
      if (detail.groupId === groupId) follow(detail.value);
    };
    window.addEventListener(CHANGE_EVENT, onChange);
    const unlisten = slot.listen(follow);
    return () => {
      window.removeEventListener(CHANGE_EVENT, onChange);
      unlisten();
    };
  }, [groupId, items]);

  // Keep the tab the reader chose where it was on the screen.
  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = null;
    if (!kept) return;
    const shift = kept.element.getBoundingClientRect().top - kept.top;
    if (Math.abs(shift) >= 1) window.scrollBy({ top: shift, behavior: 'instant' });
  }, [selected]);

  const select = (value: string, index: number) => {
    const button = buttons.current[index];
    if (button && groupId) anchor.current = { element: button, top: button.getBoundingClientRect().top };
    setSelected(value);
    if (groupId) {
      createStorageSlot(StorageKeys.tabGroup(groupId)).set(value);
      window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { groupId, value } }));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    select(items[next]!.value, next);
  };

  const panels = Children.toArray(children).filter(isValidElement<TabItemProps>);
  return (
    <div className="tabs-container" data-group={groupId}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, index) => {
          const active = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={active ? 0 : -1}
              className={`tab${active ? ' tab-active' : ''}`}
              onClick={() => select(item.value, index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {panels.map((panel) => {
        const value = panel.props.value;
        return (
          <div
            key={value}
            role="tabpanel"
            id={`${id}-panel-${value}`}
            aria-labelledby={`${id}-tab-${value}`}
            hidden={value !== selected}
            className="tab-panel"
          >
            <TabShownContext.Provider value={value === selected}>{panel}</TabShownContext.Provider>
          </div>
        );
      })}
    </div>
  );
}

