"""``python -m runtime.build --site site``: every step after the page build."""

from __future__ import annotations

import argparse
from pathlib import Path

from runtime.build.assets import copy_runtime, name_material_search_worker
from runtime.build.bundles import bundle_runtime
from runtime.build.hosts import page_address, write_host_files
from runtime.build.offline import build_offline, file_list, site_config
from runtime.build.precompress import precompress_site
from runtime.build.python_runtime import ROOT, ship
from runtime.build.roller_pages import hold_material_in_site
from runtime.build.search_index import improve_search

__all__ = ["main"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", default=ROOT / "site", type=Path)
    args = parser.parse_args()
    site: Path = args.site
    if not (site / "index.html").exists():
        raise SystemExit(f"{site}/index.html is missing: build the pages first (mkdocs build).")
    # The generator's pages and search index first: the offline step digests
    # every file as it will be served.
    indexes = improve_search(site, ROOT / "mkdocs.yml")
    with_rollers = hold_material_in_site(site)
    print(f"search: {', '.join(indexes)}; {len(with_rollers)} pages with rollers")
    copy_runtime(site)
    name_material_search_worker(site)
    ship(site)
    bundle_runtime(site)  # the manifest, which the worker's bundle holds, is written now
    name, description = site_config()
    version = build_offline(site, name, name.removesuffix(" SRD"), description)
    print(f"sw.js: cache rp-site-{version}, {len(file_list(site))} files")
    # Last but _headers: every file is written, sw.js included.
    sizes = precompress_site(site)
    print(f"precompressed: {len(sizes)} files, "
          f"{sum(s['identity'] for s in sizes.values()) / 1e6:.1f} MB, in brotli "
          f"{sum(s.get('br', s['identity']) for s in sizes.values()) / 1e6:.1f} MB")
    # After sw.js, whose list must not name them.
    write_host_files(site, [page_address(site, path) for path in with_rollers])


if __name__ == "__main__":
    main()
