"""The build's stages, in the order `docsite.build` runs them, each a function over plain data:

    load      stages.load       the configuration, the content (Markdown rendered into trees), the
                                specs and every docs version's sidebars: `LoadedSite`
    resolve   stages.resolve    each page's tree finished (diagrams drawn, operation cards filled in,
                                `.md` links and images resolved), then the routes made from them,
                                final when made: a `Site`
    check     stages.check      reads the site and reports: unique routes, components, API calls and
                                JSON bodies against the specs, the writing rules (lint), links
    generate  stages.generate   the files made from the whole site: feeds, llms.txt, the widget
                                sandbox's catalogue, the search documents, the site data
    write     stages.write      every file into a staging folder, each page given to the prerender
                                (docsite.prerender) as soon as its data is written
    deliver   stages.deliver    the servers' rules (`_headers`, `_redirects`) and the compressed twins

then the staging folder is swapped into `build/` (docsite.writing.staging). The dev server
(docsite.servers.incremental) runs the same stages on what a change touches.
"""
