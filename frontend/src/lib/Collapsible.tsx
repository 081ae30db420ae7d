/**
 * A section that collapses and expands with an animated height.
 *
 * - The duration follows the content's height (taller content takes longer, ever more slowly);
 *   the easing is ease-in-out; with reduced motion preferred the duration is 1 ms.
 * - A collapsed section is `display: none` (its links are not tabbable), from the prerendered HTML
 *   on: the first render's style is kept for good, every later change is made on the element.
 *   (`disableSSRStyle`: prerendered expanded, collapsed once hydrated.)
 * - Toggling in the middle of an animation starts the new one from the height it has reached.
 * - While it animates the element carries `data-collapse-duration` (ms), which tests read.
 * - It is a block formatting context (class `collapsible`, styles/docs.css): the margins of its
 *   content stay inside it, animating or not, so the animation ends exactly at the resting height.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Milliseconds to animate `height` pixels of content (Material Design's curve). */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  const constant = Math.max(0, height) / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

const COLLAPSED = { display: 'none', overflow: 'hidden', height: '0px' } as const;

interface Props {
  collapsed: boolean;
  children: ReactNode;
  className?: string;
  as?: 'ul' | 'div';
  id?: string;
  /** Called when an animation has ended, with the state it ended in. */
  onAnimationEnd?: (collapsed: boolean) => void;
  /** Prerender it expanded even when collapsed (inside a <details>, which hides it by itself). */
  disableSSRStyle?: boolean;
}

export function Collapsible(props: Props) {
  const { collapsed, children, className, as: Tag = 'div', id, onAnimationEnd, disableSSRStyle } = props;
  const ref = useRef<HTMLElement>(null);
  const [initialStyle] = useState(() => (collapsed && !disableSSRStyle ? COLLAPSED : undefined));
  const mounted = useRef(false);
  const onEnd = useRef(onAnimationEnd);
  onEnd.current = onAnimationEnd;

  useEffect(() => {
    const element = ref.current;
    if (!mounted.current || !element) {
      mounted.current = true;
      if (element && collapsed && disableSSRStyle) Object.assign(element.style, COLLAPSED);
      return;
    }
    return animateHeight(element, collapsed, () => onEnd.current?.(collapsed));
  }, [collapsed]);

  return (
    <Tag ref={ref as never} id={id} className={className ? `collapsible ${className}` : 'collapsible'} style={initialStyle}>
      {children}
    </Tag>
  );
}

/** Animate `element` to collapsed or expanded; returns a function that stops following it. */
export function animateHeight(element: HTMLElement, collapse: boolean, onEnd?: () => void): () => void {
  const style = element.style;
  style.display = '';
  const from = element.getBoundingClientRect().height; // 0 when it was collapsed, else where it is now
  const content = element.scrollHeight;
  const to = collapse ? 0 : content;
  const duration = collapseDuration(content, prefersReducedMotion());

  style.overflow = 'hidden';
  style.willChange = 'height';
  style.transition = 'none';
  style.height = `${from}px`;
  void element.offsetHeight; // start from `from`
  style.transition = `height ${duration}ms ease-in-out`;
  style.height = `${to}px`;
  element.dataset.collapseDuration = String(duration);

  const finish = () => {
    stop();
    style.transition = '';
    style.willChange = '';
    delete element.dataset.collapseDuration;
    if (collapse) {
      Object.assign(style, COLLAPSED);
    } else {
      style.height = '';
      style.overflow = '';
    }
    onEnd?.();
  };
  const onTransitionEnd = (event: TransitionEvent) => {
    if (event.target === element && event.propertyName === 'height') finish();
  };
  // transitionend does not fire when the height does not change: a timer ends it too.
  const timer = window.setTimeout(finish, duration + 50);
  element.addEventListener('transitionend', onTransitionEnd);
  function stop() {
    window.clearTimeout(timer);
    element.removeEventListener('transitionend', onTransitionEnd);
  }
  return stop;
}
