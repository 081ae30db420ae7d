/**
 * A link anywhere on the site. Routes of this site navigate client-side (and prefetch their data
 * when hovered, focused or scrolled into view); files and other sites are plain links, other
 * sites opening in a new tab.
 */
import { useEffect, useRef, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { isExternal, isRouteLink, withBase } from '../lib/paths';
import { prefetchPage } from '../lib/data';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

let observer: IntersectionObserver | null = null;
function viewportObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const target = entry.target as HTMLAnchorElement;
      observer?.unobserve(target);
      const route = target.dataset.prefetch;
      if (route) prefetchPage(route);
    }
  });
  return observer;
}

export function SiteLink({ href, children, ...rest }: Props) {
  const ref = useRef<HTMLAnchorElement>(null);
  const route = isRouteLink(href) ? (href.split(/[?#]/, 1)[0] ?? href) : null;

  useEffect(() => {
    const element = ref.current;
    const io = route && element ? viewportObserver() : null;
    if (!io || !element) return;
    io.observe(element);
    return () => io.unobserve(element);
  }, [route]);

  if (route !== null) {
    return (
      <Link
        ref={ref}
        to={href}
        data-prefetch={route}
        onMouseEnter={() => prefetchPage(route)}
        onFocus={() => prefetchPage(route)}
        {...rest}
      >
        {children}
      </Link>
    );
  }
  const external = isExternal(href);
  return (
    <a
      href={external || href.startsWith('#') ? href : withBase(href)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
    </a>
  );
}
