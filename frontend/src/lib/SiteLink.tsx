/**
 * A link anywhere on the site. Routes of this site navigate client-side (and prefetch their data
 * when hovered, focused or scrolled into view); files and other sites are plain links, other
 * sites opening in a new tab.
 */
import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { createPath, parsePath } from './history';
import { useLocation, useNavigator, withBasename } from './navigation';
import { isExternal, isRouteLink, withBase } from './paths';
import { prefetchPage } from './data';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * The route of each link watched for coming into view. Kept here rather than in an attribute of the
 * link: a doc page has a hundred links or more (the sidebar), and `data-prefetch="<route>"` beside
 * each href was 4.6 KB of every page to prerender, compress and send.
 */
const watched = new WeakMap<Element, string>();
let observer: IntersectionObserver | null = null;
function viewportObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const route = watched.get(entry.target);
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
    if (!io || !element || !route) return;
    watched.set(element, route);
    io.observe(element);
    return () => io.unobserve(element);
  }, [route]);

  if (route !== null) {
    return (
      <RouteLink
        ref={ref}
        to={href}
        onMouseEnter={() => prefetchPage(route)}
        onFocus={() => prefetchPage(route)}
        {...rest}
      >
        {children}
      </RouteLink>
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

type RouteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  state?: unknown; // the history entry's (the search highlight's terms)
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link to a route of this site (an absolute path): its href under the site's base, and a plain
 * left click navigates client-side (replacing the history entry when the target is the current
 * location). A page has a hundred links or more (the sidebar): this is all a link does.
 */
export function RouteLink({ to, state, onClick, ...rest }: RouteLinkProps) {
  const { basename, navigator } = useNavigator();
  const location = useLocation();
  const { pathname = '/' } = parsePath(to);
  const path = withBasename(basename, to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return; // a new tab or window
    event.preventDefault();
    const replace = createPath(location) === createPath({ pathname, search: path.search, hash: path.hash });
    if (replace) navigator.replace(path, state);
    else navigator.push(path, state);
  };
  return <a {...rest} href={navigator.createHref(path)} onClick={follow} />;
}
