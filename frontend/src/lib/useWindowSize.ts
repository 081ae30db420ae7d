import { useEffect, useState } from 'react';

/** Below this width (inclusive) the site shows its mobile layout: the navbar toggle and sidebar. */
export const MOBILE_MAX_WIDTH = 996;
export const RESIZE_DEBOUNCE_MS = 20;

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

function windowSize(): WindowSize {
  return window.innerWidth > MOBILE_MAX_WIDTH ? 'desktop' : 'mobile';
}

/** 'ssr' while rendering on the server and hydrating; then the size, updated 20 ms after resizing stops. */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    let timer = 0;
    const update = () => setSize(windowSize());
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    update();
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}
