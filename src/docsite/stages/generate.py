"""Stage 4, generate: the files made from the whole site once it is resolved and checked."""

from __future__ import annotations

from docsite.errors import Report
from docsite.outputs.feeds import feed_files
from docsite.outputs.llms import LLMS_STATUS, OtherVersion, llms_files, version_llms_files
from docsite.outputs.site_data import site_data
from docsite.outputs.widget_sandbox import CATALOGUE_PATH, catalogue_script, sandbox_catalogue
from docsite.search import search_documents, search_tags
from docsite.search.pagefind import choose_engine
from docsite.sidebars import Sidebars
from docsite.stages.load import LoadedSite
from docsite.stages.site import Paths, Site


def generate(site: Site, loaded: LoadedSite, paths: Paths, report: Report, *, build_id: str) -> None:
    """Add to `site` what is made from all of it: the blog's feeds, llms.txt and llms-full.txt (each
    docs version's), the widget sandbox's catalogue of the specs (`site.files`), the search
    documents (`site.search`) and the site data every page embeds (`site.site_data`, which names
    `build_id`: docsite.build.build_id)."""
    config, content = site.config, site.content
    latest = next(v for v in content.versions if v.is_last)
    site.files.update(feed_files(content.posts, content.authors, config))
    others = [OtherVersion(v.label, v.base, LLMS_STATUS.get(v.banner or "", "")) for v in content.versions
              if not v.is_last]
    site.files.update(llms_files([r for r in site.routes if r.version in (None, latest.name)], site.sidebars, config,
                                 others))
    for version, other in zip([v for v in content.versions if not v.is_last], others, strict=True):
        site.files.update(version_llms_files([r for r in site.routes if r.version == version.name],
                                             site.version_sidebars[version.name], config, other, latest.label))
    catalogue = sandbox_catalogue(site.specs, report)
    if catalogue is not None:
        site.files[CATALOGUE_PATH] = catalogue_script(catalogue)
    navigation = Sidebars(navigation={route: nav for bars in site.version_sidebars.values()
                                      for route, nav in bars.navigation.items()})
    site.search = search_documents(site.routes, navigation) if config.search.enabled else []
    site.search_engine, site.search_engine_reason = choose_engine(config.search, site.search)
    docs = loaded.indexes[latest.name]
    site.site_data = site_data(config, paths.content, list(docs.docs.values()), site.sidebars, site.versions,
                               search_tags=search_tags(site.search), search_engine=site.search_engine,
                               build_id=build_id, report=report,
                               draft_ids=docs.draft_ids, locale=loaded.locale.locale if loaded.locale else None,
                               root_base=loaded.root_config.baseUrl)
