import { describe, expect, it } from 'vitest';
import type { DocsPluginData } from '../types';
import { activeDoc, activeVersion, docInVersion, findDoc, findSidebarLink, searchedTags } from './docsVersions';

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

describe('search indexes per docs version', () => {
  const tags = ['docs-default-current', 'docs-default-2.0', 'docs-default-1.0', 'blog', 'default'];
  const versions = {
    versions: [
      { name: 'current', path: '/docs/next/', isLast: false },
      { name: '2.0', path: '/docs/', isLast: true },
      { name: '1.0', path: '/docs/1.0/', isLast: false },
    ],
  };

  it('searches the docs of the version being read, the blog and the other pages', () => {
    expect(searchedTags(tags, versions, '/docs/1.0/guides/first', '2.0')).toEqual(['docs-default-1.0', 'blog', 'default']);
    expect(searchedTags(tags, versions, '/docs/next/', null)).toEqual(['docs-default-current', 'blog', 'default']);
    expect(searchedTags(tags, versions, '/docs/guides/first', '1.0')).toEqual(['docs-default-2.0', 'blog', 'default']);
  });

  it('off the docs, the preferred version, else the latest', () => {
    expect(searchedTags(tags, versions, '/blog', '1.0')).toEqual(['docs-default-1.0', 'blog', 'default']);
    expect(searchedTags(tags, versions, '/search', null)).toEqual(['docs-default-2.0', 'blog', 'default']);
  });

  it('with one version, every index', () => {
    expect(searchedTags(['docs-default-current', 'blog'], { versions: [versions.versions[0]!] }, '/blog', null)).toEqual([
      'docs-default-current',
      'blog',
    ]);
  });
});
