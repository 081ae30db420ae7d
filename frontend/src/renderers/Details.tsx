/**
 * `<details>` written in Markdown: a real <details> (it opens without JavaScript too) whose body
 * opens and closes with the collapse animation. The first <summary> child is its summary.
 */
import { Children, isValidElement, useState, type MouseEvent, type ReactNode } from 'react';
import { Collapsible } from '../lib/Collapsible';

interface Props {
  open?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Details({ open = false, className, children }: Props) {
  const all = Children.toArray(children);
  const summary = all.find((child) => isValidElement(child) && child.type === 'summary');
  const body = all.filter((child) => child !== summary);
  // `open` keeps the element open while the body animates closed; `collapsed` drives the animation.
  const [isOpen, setOpen] = useState(open);
  const [collapsed, setCollapsed] = useState(!open);

  const toggle = (event: MouseEvent) => {
    // Links and buttons inside the summary do their own thing.
    if ((event.target as HTMLElement).closest('a, button') && event.target !== event.currentTarget) return;
    event.preventDefault();
    if (collapsed) setOpen(true);
    setCollapsed(!collapsed);
  };

  return (
    <details className={['details', className].filter(Boolean).join(' ')} open={isOpen} data-collapsed={collapsed}>
      {isValidElement<{ children?: ReactNode }>(summary) ? (
        <summary onClick={toggle}>{summary.props.children}</summary>
      ) : (
        <summary onClick={toggle}>Details</summary>
      )}
      <Collapsible collapsed={collapsed} disableSSRStyle onAnimationEnd={(closed) => closed && setOpen(false)}>
        <div className="details-content">{body}</div>
      </Collapsible>
    </details>
  );
}
