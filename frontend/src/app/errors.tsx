/**
 * What the reader sees when something fails: the crash screen ('This page crashed.', 'Try again',
 * the error and its chain of causes) and the load-failure box (Retry).
 */
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { MAIN_ID } from '../chrome/SkipToContent';

/** The error's message followed by each `cause`, recursively. */
export function errorChain(error: unknown): string[] {
  const chain: string[] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (current instanceof Error) {
      chain.push(`${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      chain.push(String(current));
      break;
    }
  }
  return chain;
}

export function CrashScreen({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  const chain = errorChain(error);
  return (
    <main id={MAIN_ID} className="crash container" role="alert" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <button type="button" className="button button-primary" onClick={onTryAgain}>
        Try again
      </button>
      <ol className="crash-causes">
        {chain.map((message, index) => (
          <li key={index}>
            {index > 0 && <span className="crash-cause-label">Cause: </span>}
            <code>{message}</code>
          </li>
        ))}
      </ol>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Wraps page content: a crash in the page leaves the chrome working and offers to try again. */
export class CrashBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page crashed.', error, info.componentStack);
  }

  render() {
    if (this.state.error !== null) {
      return <CrashScreen error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

const RELOADED_KEY = 'docsite.reloaded-after-load-failure';

/** The page's code or data failed to load: reload the page from the server once, else offer Retry. */
export function LoadFailure({ error }: { error: unknown }) {
  useEffect(() => {
    let already: string | null = null;
    try {
      already = window.sessionStorage.getItem(RELOADED_KEY);
      if (already !== window.location.href) window.sessionStorage.setItem(RELOADED_KEY, window.location.href);
    } catch {
      already = window.location.href; // no session storage: never loop
    }
    if (already !== window.location.href) window.location.reload();
  }, []);
  return (
    <main id={MAIN_ID} className="load-failure container" role="alert" tabIndex={-1}>
      <h1>This page could not be loaded.</h1>
      <p>Check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Retry
      </button>
      <details>
        <summary>Details</summary>
        <ol className="crash-causes">
          {errorChain(error).map((message, index) => (
            <li key={index}>
              <code>{message}</code>
            </li>
          ))}
        </ol>
      </details>
    </main>
  );
}

/** Forget the reload guard once a page has loaded fine. */
export function clearReloadGuard(): void {
  try {
    window.sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    /* no session storage */
  }
}

