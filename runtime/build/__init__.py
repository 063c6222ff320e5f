"""The build steps that follow the page build: ``python -m runtime.build --site site``.

Any generator of the Material family writes the pages; these steps then add
what the browser runtime needs, in order (see ``runtime/README.md``):

1. :mod:`runtime.build.assets`: the runtime's JavaScript and CSS;
2. :mod:`runtime.build.python_runtime`: Pyodide, the wheel, the Python
   files and the snapshot, and the build's manifest
   (:mod:`runtime.build.manifest`), written once;
3. :mod:`runtime.build.offline`: the web app manifest, icons and the
   service worker, from the build's manifest.
"""
