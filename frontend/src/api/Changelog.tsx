/** An API's changelog (/specification/<api>/changelog): each version's notes and the changes computed
 * from its spec and the one before it (src/docsite/openapi/changelog.py), breaking ones marked. */
import type { ApiChange, ApiChangelogPageData } from '../types';
import { Content } from '../renderers/Content';
import { SiteLink } from '../lib/SiteLink';
import { MAIN_ID } from '../lib/ids';

function Change({ change }: { change: ApiChange }) {
  return (
    <li className={change.breaking ? 'api-change api-change-breaking' : 'api-change'}>
      {change.breaking && <span className="badge api-breaking">Breaking</span>} <code>{change.operation}</code>:{' '}
      <Content nodes={change.text} />
    </li>
  );
}

export function ApiChangelogPage({ page }: { page: ApiChangelogPageData }) {
  const { api } = page;
  return (
    <main id={MAIN_ID} className="container page-main markdown" tabIndex={-1}>
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      <p className="api-card-links">
        <SiteLink href={api.href}>Read the reference</SiteLink>
        <SiteLink href={`/spec#${api.name}`}>Download the specification and Postman collection</SiteLink>
      </p>
      <p>
        Each version lists the notes of the API team, then the changes found by comparing its specification with the
        previous version&apos;s. <b>Breaking</b> marks a change that can make a client written for the previous version
        fail: an operation, parameter, field or response removed, a new required parameter or request field, a type
        changed, a value a client may send no longer accepted. New values in a response&apos;s enum are not breaking:
        accept values you do not know.
      </p>
      {page.versions.map((release, index) => {
        const breaking = release.changes.filter((change) => change.breaking);
        const other = release.changes.filter((change) => !change.breaking);
        const older = index + 1 < page.versions.length;
        return (
          <section key={release.id} className="api-release">
            <h2 id={release.id}>
              {release.version} {release.date && <time dateTime={release.date}>{release.date}</time>}
            </h2>
            {release.notes.length > 0 && (
              <ul className="changelog">
                {release.notes.map((note, n) => (
                  <li key={n}>
                    <Content nodes={note} />
                  </li>
                ))}
              </ul>
            )}
            {release.previous !== null && (
              <>
                <h3>
                  Compared with {release.previous}: {breaking.length} breaking, {other.length} other
                </h3>
                {release.changes.length === 0 ? (
                  <p>No operation, parameter or field changed.</p>
                ) : (
                  <ul className="api-changes">
                    {[...breaking, ...other].map((change, n) => (
                      <Change key={n} change={change} />
                    ))}
                  </ul>
                )}
              </>
            )}
            {release.previous === null && older && (
              <p className="api-release-note">
                The specification of the version before it is not kept: its notes are the whole list of changes.
              </p>
            )}
          </section>
        );
      })}
    </main>
  );
}
