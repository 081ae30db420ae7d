/**
 * A section that collapses and expands with an animated height. The duration follows the
 * content's height; with reduced motion preferred it is 1 ms. Easing: ease-in-out.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  return Math.min(450, Math.round(120 + Math.sqrt(Math.max(0, height)) * 9));
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Props {
  collapsed: boolean;
  children: ReactNode;
  className?: string;
  as?: 'ul' | 'div';
  id?: string;
}

export function Collapsible({ collapsed, children, className, as: Tag = 'div', id }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [mounted, setMounted] = useState(!collapsed);
  const first = useRef(true);

  useEffect(() => {
    const element = ref.current;
    if (first.current) {
      first.current = false;
      return;
    }
    if (!element) return;
    const height = element.scrollHeight;
    const duration = collapseDuration(height, prefersReducedMotion());
    element.style.transition = `height ${duration}ms ease-in-out`;
    element.style.overflow = 'hidden';
    element.dataset.animating = 'true';
    if (collapsed) {
      element.style.height = `${height}px`;
      void element.offsetHeight; // start from the full height
      element.style.height = '0px';
    } else {
      setMounted(true);
      element.style.height = '0px';
      void element.offsetHeight;
      element.style.height = `${element.scrollHeight}px`;
    }
    element.dataset.duration = String(duration);
    const done = () => {
      element.style.transition = '';
      delete element.dataset.animating;
      if (collapsed) {
        element.style.height = '0px';
        setMounted(false);
      } else {
        element.style.height = '';
        element.style.overflow = '';
      }
    };
    const timer = window.setTimeout(done, duration + 20);
    return () => window.clearTimeout(timer);
  }, [collapsed]);

  return (
    <Tag
      ref={ref as never}
      id={id}
      className={className}
      style={collapsed && !mounted ? { display: 'none', height: 0, overflow: 'hidden' } : undefined}
    >
      {children}
    </Tag>
  );
}
