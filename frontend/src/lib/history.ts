/**
 * The browser's session history as the site navigates it: locations, paths, and the entries made
 * by following links. Each entry's state is `{ usr, key, idx }` (the shape react-router's history
 * writes, so entries made by an earlier version of the site read the same): `usr` the state a link
 * gave, `key` an id of the entry (scroll positions are remembered by it: app/scroll.ts), `idx` its
 * place in the session, which tells back from forward.
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string; // '' or '?a=1'
  hash: string; // '' or '#section'
}

export interface Location extends Path {
  state: unknown;
  key: string; // 'default' for an entry the browser made itself (a plain #hash link)
}

export type To = string | Partial<Path>;

/** What links and `navigate` need of a history. */
export interface Navigator {
  createHref(to: To): string;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
}

export interface Update {
  action: NavigationType;
  location: Location;
}

export interface History extends Navigator {
  readonly location: Location;
  /** Called after every change of entry (a link followed, back or forward); returns the unsubscriber. */
  listen(listener: (update: Update) => void): () => void;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

/** '/a?b=1#c' -> { pathname: '/a', search: '?b=1', hash: '#c' }; the parts a path lacks are left out. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The history of the browser window: `push` and `replace` add or change an entry, back and forward
 * (popstate) move between them, and each is told to the listener. */
export function createBrowserHistory(window: Window): History {
  const session = window.history;
  const entry = (): EntryState => (session.state ?? {}) as EntryState;
  let index = entry().idx ?? 0;
  if (entry().idx === undefined) session.replaceState({ ...entry(), idx: index }, '');
  let listener: ((update: Update) => void) | null = null;

  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const { usr, key } = entry();
    return { pathname, search, hash, state: usr ?? null, key: key ?? 'default' };
  };
  const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));
  const change = (action: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    if (action === 'PUSH') index += 1;
    const next: EntryState = { usr: state, key: newKey(), idx: index };
    if (action === 'PUSH') session.pushState(next, '', createHref(to));
    else session.replaceState(next, '', createHref(to));
    listener?.({ action, location: read() });
  };

  window.addEventListener('popstate', () => {
    index = entry().idx ?? index;
    listener?.({ action: 'POP', location: read() });
  });

  return {
    get location() {
      return read();
    },
    createHref,
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => session.go(delta),
    listen(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}
