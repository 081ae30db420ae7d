/**
 * The progress bar at the top of the window while another page loads. It appears only when loading
 * takes longer than 200 ms, starts at 8%, creeps forward by 2% every 800 ms, and its moves last
 * 200 ms (NProgress's settings).
 */
import { useEffect, useState } from 'react';
import { useNavigationState } from '../lib/router';

export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, maximum: 0.994 };

export function ProgressBar() {
  const state = useNavigationState();
  const [progress, setProgress] = useState<number | null>(null); // null: not shown

  useEffect(() => {
    if (state === 'idle') {
      // Finish: run to the end, then go away.
      setProgress((shown) => (shown === null ? null : 1));
      const timer = window.setTimeout(() => setProgress(null), PROGRESS.speed * 2);
      return () => window.clearTimeout(timer);
    }
    setProgress((shown) => (shown === 1 ? null : shown)); // the previous bar, finishing
    let trickle = 0;
    const start = window.setTimeout(() => {
      setProgress(PROGRESS.minimum);
      trickle = window.setInterval(
        () => setProgress((shown) => Math.min((shown ?? PROGRESS.minimum) + PROGRESS.trickleRate, PROGRESS.maximum)),
        PROGRESS.trickleSpeed,
      );
    }, PROGRESS.delay);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(trickle);
    };
  }, [state]);

  if (progress === null) return null;
  return (
    <div
      className={`progress-bar${progress === 1 ? ' progress-bar-done' : ''}`}
      role="progressbar"
      aria-label="Loading the page"
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={progress}
    >
      <div
        className="progress-bar-fill"
        style={{ transform: `translateX(${(progress - 1) * 100}%)`, transitionDuration: `${PROGRESS.speed}ms` }}
      />
    </div>
  );
}
