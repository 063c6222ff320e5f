"""The build steps that follow the page build: ``python -m runtime.build --site site``.

Any generator of the Material family writes the pages; these steps then
change what it wrote and add what the browser runtime needs, in order (see
``runtime/README.md``):

1. :mod:`runtime.build.search_index`: the search index's own entries (named
   table rows, titles that name their game, spellings);
2. :mod:`runtime.build.roller_pages`: on a page with rollers, Material's
   bundle and search held until the rollers have started;
3. :mod:`runtime.build.assets`: the runtime's JavaScript and CSS;
4. :mod:`runtime.build.python_runtime`: Pyodide, the wheel, the Python
   files and the snapshot, and the build's manifest
   (:mod:`runtime.build.manifest`), written once;
5. :mod:`runtime.build.offline`: the web app manifest, icons and the
   service worker, from the build's manifest;
6. :mod:`runtime.build.precompress`: brotli, zstd and gzip copies of the
   large files, for the hosts that negotiate;
7. :mod:`runtime.build.hosts`: ``_headers`` for the hosts that read it.
"""
