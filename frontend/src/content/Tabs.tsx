/**
 * Tabs from `::::tabs` / `:::tab Label`. Groups sharing a `groupId` switch together across the
 * page and the site, and the choice is remembered. Keyboard: arrow keys, Home, End.
 */
import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createStorageSlot, StorageKeys } from '../lib/storage';

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
  children?: ReactNode;
}

const CHANGE_EVENT = 'docsite:tab-group-change';

export function Tabs({ groupId, items, children }: TabsProps) {
  const [selected, setSelected] = useState(items[0]?.value ?? '');
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // Take the remembered choice of this group, and follow other groups on the page.
  useEffect(() => {
    if (!groupId) return;
    const remembered = createStorageSlot(StorageKeys.tabGroup(groupId)).get();
    if (remembered && items.some((i) => i.value === remembered)) setSelected(remembered);
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ groupId: string; value: string }>).detail;
      if (detail.groupId === groupId && items.some((i) => i.value === detail.value)) setSelected(detail.value);
    };
    window.addEventListener(CHANGE_EVENT, onChange);
    return () => window.removeEventListener(CHANGE_EVENT, onChange);
  }, [groupId, items]);

  const select = (value: string) => {
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
    select(items[next]!.value);
  };

  const panels = Children.toArray(children).filter(isValidElement<TabItemProps>);
  return (
    <div className="tabs-container">
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
              onClick={() => select(item.value)}
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
            {panel}
          </div>
        );
      })}
    </div>
  );
}
