import { useEffect, useMemo, useState } from 'react';
import type { TocItem } from '../types';

/**
 * The id of the heading the reader is in: the first heading below the navbar when it is in the
 * top half of the window, else the one before it (whose section fills the window); the last one
 * when the page is scrolled to the bottom; none while the reader is above the first section.
 */
export function useActiveHeading(toc: TocItem[]): string | null {
  const key = toc.map((t) => t.id).join(' ');
  const ids = useMemo(() => (key ? key.split(' ') : []), [key]);
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!ids.length) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const navbar = document.querySelector<HTMLElement>('.navbar')?.getBoundingClientRect().bottom ?? 60;
      const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const below = headings.findIndex((h) => h.getBoundingClientRect().top >= navbar - 1);
      let current: HTMLElement | undefined;
      if (atBottom || below === -1) current = headings[headings.length - 1];
      else if (headings[below]!.getBoundingClientRect().top < window.innerHeight / 2) current = headings[below];
      else current = headings[below - 1]; // none above the first section: nothing is highlighted
      setActive(current?.id ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}
