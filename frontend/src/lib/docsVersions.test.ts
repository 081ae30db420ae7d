import { describe, expect, it } from 'vitest';
import type { DocsPluginData } from '../types';
import { activeDoc, activeVersion, docInVersion, findDoc, findSidebarLink } from './docsVersions';

const data: DocsPluginData = {
  pluginId: 'default',
  path: '/docs',
  versions: [
    {
      name: 'current',
      label: 'Next',
      path: '/docs/',
      isLast: true,
      mainDocId: 'intro',
      docs: [
        { id: 'intro', path: '/docs/', sidebar: 'docs' },
        { id: 'environments', path: '/docs/environments', sidebar: 'docs' },
        { id: 'authentication/index', path: '/docs/authentication/', sidebar: 'docs' },
      ],
      draftIds: ['wip'],
      sidebars: { docs: { link: { path: '/docs/', label: 'Introduction' } }, links: { link: null } },
    },
  ],
};
const current = data.versions[0]!;

describe('docs versions lookups', () => {
  it('finds a doc by id, and nothing for a draft', () => {
    expect(findDoc(current, 'environments')?.path).toBe('/docs/environments');
    expect(findDoc(current, 'wip')).toBeNull();
  });

  it('lists the ids that exist for an unknown doc id', () => {
    expect(() => findDoc(current, 'enviroments')).toThrow(
      'No doc with id "enviroments" in docs version "current". Available doc ids: intro, environments, authentication/index',
    );
  });

  it("gives a sidebar's link target, and errors for an unknown sidebar or one without a target", () => {
    expect(findSidebarLink(current, 'docs')).toEqual({ path: '/docs/', label: 'Introduction' });
    expect(() => findSidebarLink(current, 'api')).toThrow('Available sidebar ids: docs, links');
    expect(() => findSidebarLink(current, 'links')).toThrow('Sidebar "links" has no link target');
  });

  it('knows the version and the doc of a route', () => {
    expect(activeVersion(data, '/docs/authentication')?.name).toBe('current');
    expect(activeVersion(data, '/blog')).toBeNull();
    expect(activeDoc(data, '/docs/authentication')?.id).toBe('authentication/index');
    expect(docInVersion(data, '/docs/environments', current)).toBe('/docs/environments');
    expect(docInVersion(data, '/docs/category/guides', current)).toBe('/docs/');
  });
});
