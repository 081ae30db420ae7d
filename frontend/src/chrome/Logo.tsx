import type { LogoConfig } from '../types';
import { withBase } from '../lib/paths';

/**
 * A logo with an optional dark-mode variant; CSS shows the one that matches the colour mode.
 * `lazy` where the logo's box has its size before the image loads (the navbar's is 2rem high): the
 * browser then fetches only the variant shown, where it fetches an eager image it does not display.
 * The footer's box takes its size from the image, so a lazy one would shift what is under it.
 */
export function LogoImage({ logo, className, lazy }: { logo: LogoConfig; className?: string; lazy?: boolean }) {
  const attributes = {
    alt: logo.alt,
    width: logo.width ?? undefined,
    height: logo.height ?? undefined,
    loading: lazy ? ('lazy' as const) : undefined,
  };
  if (!logo.srcDark) {
    return <img className={className} src={withBase(logo.src)} {...attributes} />;
  }
  return (
    <>
      <img className={`${className ?? ''} light-only`} src={withBase(logo.src)} {...attributes} />
      <img className={`${className ?? ''} dark-only`} src={withBase(logo.srcDark)} {...attributes} />
    </>
  );
}
