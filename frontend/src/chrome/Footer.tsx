/** The footer: titled link columns, or a single row of links separated by a middle dot; logo; copyright. */
import type { FooterLinkConfig } from '../types';
import { useSite } from '../lib/site';
import { SiteLink } from '../lib/SiteLink';
import { ExternalIcon } from '../lib/icons';
import { LogoImage } from './Logo';
import { isExternal, withBase } from '../lib/paths';

function FooterLink({ item }: { item: FooterLinkConfig }) {
  if (item.html) return <span className="footer-html" dangerouslySetInnerHTML={{ __html: item.html }} />;
  const href = item.to ?? (item.prependBaseUrlToHref && item.href ? withBase(item.href) : item.href) ?? '#';
  return (
    <SiteLink href={href} className="footer-link">
      {item.label}
      {isExternal(href) && <ExternalIcon />}
    </SiteLink>
  );
}

export function Footer() {
  const { footer } = useSite();
  const logo = footer.logo;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner container">
        {footer.columns ? (
          <div className="footer-columns">
            {footer.columns.map((column, index) => (
              <div className="footer-column" key={index}>
                {column.title && <h2 className="footer-title">{column.title}</h2>}
                <ul className="footer-items">
                  {column.items.map((item, i) => (
                    <li key={i}>
                      <FooterLink item={item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          footer.links && (
            <div className="footer-row">
              {footer.links.map((item, index) => (
                <span key={index}>
                  {index > 0 && <span className="footer-separator" aria-hidden="true"> · </span>}
                  <FooterLink item={item} />
                </span>
              ))}
            </div>
          )
        )}
        {(logo || footer.copyright) && (
          <div className="footer-bottom">
            {logo &&
              (logo.href ? (
                <a href={logo.href} target={logo.target ?? '_blank'} rel="noopener noreferrer" className="footer-logo-link">
                  <LogoImage logo={logo} className="footer-logo" />
                </a>
              ) : (
                <LogoImage logo={logo} className="footer-logo" />
              ))}
            {footer.copyright && (
              <div className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />
            )}
          </div>
        )}
      </div>
    </footer>
  );
}
