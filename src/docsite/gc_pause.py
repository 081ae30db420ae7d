"""Python's cycle collector around the builder's largest allocations.

A build makes millions of objects that live until it ends (10,000 pages' trees read from the result
cache, the search index's postings) and form almost no reference cycles; every collection those
allocations set off walks every object made so far. Measured at 10,000 pages: unpickling the pages'
results took 3.8 s with the collector on and 0.45 s with it off; the whole load 10.3 s of samples
against 5.6 s (the time showed up in whatever allocated: routes.breadcrumbs_json_ld 1.2 s); the
search indexes 4.3 s against 3.2 s.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused(*, freeze: bool = False) -> Iterator[None]:
    """Python's cycle collector off for the block, which makes millions of objects and frees almost
    no cycle: each collection they set off walks every object made so far. What cycles the block
    leaves are collected by the collections after it.

    `freeze`: what the block made (the loaded site) is left out of the collections after it
    (`gc.freeze`: a list splice), until the next such block starts (`gc.unfreeze`: the objects join
    the oldest generation, whose next collection frees their cycles) or the caller unfreezes them
    (docsite.build, once the build is written). Left in the youngest generation, the first
    collection after the block walked them all: 0.9 s after the load of 10,000 pages. (Whether
    anything is frozen cannot be asked cheaply: `gc.get_freeze_count` walks the frozen objects.)"""
    enabled = gc.isenabled()
    gc.disable()
    if freeze:
        gc.unfreeze()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()
