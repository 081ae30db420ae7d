import type { LogoConfig } from '../types';
import { withBase } from '../lib/paths';

/** A logo with an optional dark-mode variant; CSS shows the one that matches the colour mode. */
export function LogoImage({ logo, className }: { logo: LogoConfig; className?: string }) {
  const size = { width: logo.width ?? undefined, height: logo.height ?? undefined };
  if (!logo.srcDark) {
    return <img className={className} src={withBase(logo.src)} alt={logo.alt} {...size} />;
  }
  return (
    <>
      <img className={`${className ?? ''} light-only`} src={withBase(logo.src)} alt={logo.alt} {...size} />
      <img className={`${className ?? ''} dark-only`} src={withBase(logo.srcDark)} alt={logo.alt} {...size} />
    </>
  );
}
