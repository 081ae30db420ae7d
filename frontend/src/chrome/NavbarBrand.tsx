/** The site's logo and title, linking home: at the start of the navbar and of the mobile sidebar. */
import { useSite } from '../lib/site';
import { SiteLink } from '../lib/SiteLink';
import { LogoImage } from './Logo';

export function NavbarBrand() {
  const { navbar } = useSite();
  return (
    <SiteLink href={navbar.logo?.href ?? '/'} className="navbar-brand">
      {navbar.logo && <LogoImage logo={navbar.logo} className="navbar-logo" lazy />}
      {navbar.title && <b className="navbar-title">{navbar.title}</b>}
    </SiteLink>
  );
}
