/** The home page: what the portal is, and the way into each area. Text comes from content/pages/index.yaml. */
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';

interface Action {
  label: string;
  to: string;
  primary?: boolean;
}

interface Card {
  title: string;
  description: string;
  to: string;
  meta?: string;
}

interface Section {
  title: string;
  description?: string;
  cards: Card[];
}

interface Props {
  title: string;
  hero: { title: string; tagline: string; actions: Action[] };
  sections: Section[];
  snippet?: { title: string; description: string; code: string; language?: string };
}

export function Home({ hero, sections, snippet }: Props) {
  return (
    <main id={MAIN_ID} className="home" tabIndex={-1}>
      <header className="hero">
        <div className="container">
          <h1 className="hero-title">{hero.title}</h1>
          <p className="hero-tagline">{hero.tagline}</p>
          <div className="hero-actions">
            {hero.actions.map((action) => (
              <SiteLink
                key={action.to}
                href={action.to}
                className={`button ${action.primary ? 'button-primary' : 'button-secondary'} button-lg`}
              >
                {action.label}
              </SiteLink>
            ))}
          </div>
        </div>
      </header>
      {sections.map((section) => (
        <section key={section.title} className="home-section container">
          <h2>{section.title}</h2>
          {section.description && <p className="lead">{section.description}</p>}
          <ul className="card-grid">
            {section.cards.map((card) => (
              <li key={card.to}>
                <SiteLink href={card.to} className="card">
                  <span className="card-title">{card.title}</span>
                  <span className="card-description">{card.description}</span>
                  {card.meta && <span className="card-meta">{card.meta}</span>}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {snippet && (
        <section className="home-section container home-snippet">
          <h2>{snippet.title}</h2>
          <p>{snippet.description}</p>
          <pre className="home-snippet-code" tabIndex={0}>
            <code>{snippet.code}</code>
          </pre>
        </section>
      )}
    </main>
  );
}
