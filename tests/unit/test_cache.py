"""The build's cache folder (docsite.cache): what no build read for two weeks is deleted, what a
build reads is kept, and a second locale's pages are served from it on the next build."""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from docsite.build import Paths, _locale_sites, load_site
from docsite.cache import LOCALES_DIR, UNUSED_DAYS, KeptResults, ResultCache, prune, results, site_name, use_cache
from docsite.checks import api_calls as calls
from docsite.errors import Report
from tests.conftest import FRONTEND
from tests.unit.sitefiles import configure, doc, write

DAY = 24 * 3600


def age(path: Path, days: float) -> Path:
    then = time.time() - days * DAY
    os.utime(path, (then, then))
    return path


def test_prune_deletes_what_no_build_used_for_two_weeks_once_a_day(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    old_result = age(write(cache / "ab" / "ab12", "stale"), UNUSED_DAYS + 1)
    old_diagram = age(write(cache / "diagrams" / "d1.json", "{}"), UNUSED_DAYS + 1)
    recent = age(write(cache / "cd" / "cd34", "fresh"), UNUSED_DAYS - 1)
    copy = cache / LOCALES_DIR / "fr-0123456789ab"
    age(write(copy / "content" / "docs" / "intro.md", "# Intro"), 400)  # copied with its file's date...
    age(write(cache / LOCALES_DIR / "fr-0123456789ab.lock", ""), 1)  # ...but laid out yesterday: kept
    gone = cache / LOCALES_DIR / "de-0123456789ab"
    write(gone / "content" / "site.yaml", "title: x")
    age(write(cache / LOCALES_DIR / "de-0123456789ab.lock", ""), UNUSED_DAYS + 1)

    assert prune(cache) == 3
    assert not old_result.exists() and not old_diagram.exists() and not gone.exists()
    assert recent.exists() and (copy / "content" / "docs" / "intro.md").exists()

    age(recent, UNUSED_DAYS + 1)
    assert prune(cache) == 0 and recent.exists(), "pruned at most once a day"
    age(cache / "last-pruned", 2)
    assert prune(cache) == 1 and not recent.exists()


def test_reading_an_entry_keeps_it(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    writer = ResultCache(folder)
    key = writer.key("test", "input")
    assert writer.get_or_compute(key, lambda: "value") == "value"
    entry = age(folder / key[:2] / key, UNUSED_DAYS + 1)

    reader = ResultCache(folder)  # the next build: nothing in memory
    assert reader.get_or_compute(key, lambda: "recomputed") == "value"
    assert entry.stat().st_mtime > time.time() - 60
    assert prune(folder) == 0 and entry.exists()


def test_a_second_locale_is_served_from_the_cache_on_the_next_build(mini_site: Path, tmp_path: Path) -> None:
    configure(mini_site, i18n={"locales": ["en", "fr"]})
    write(mini_site / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "intro.md",
          doc("Introduction", "slug: /\n"))
    paths = Paths(mini_site, tmp_path / "build", FRONTEND, tmp_path / "cache")

    def french_site_misses() -> int:
        use_cache(None)  # a new process: the next build reads the folder, not this one's memory
        site = load_site(paths)
        before = results().misses
        [(name, translated)] = list(_locale_sites(paths, site.config, False, Report()))
        assert name == "fr" and translated.routes[0].data["title"] == "Introduction"
        return results().misses - before

    assert french_site_misses() > 0
    assert french_site_misses() == 0


def test_a_result_stored_on_disk_is_known_to_a_new_process_without_reading_it(tmp_path: Path) -> None:
    """load_many sends to worker processes only what `peek` does not know: a warm build's fresh
    process knows what the previous build stored (else every page went through a worker and back)."""
    first = ResultCache(tmp_path)
    key = first.key("test", "a file's bytes")
    first.get_or_compute(key, lambda: "rendered")
    fresh = ResultCache(tmp_path)  # the next build's process: nothing in memory
    assert fresh.peek(key) and not fresh.peek(fresh.key("test", "other bytes"))
    assert not ResultCache(None).peek(key)


def test_a_worker_sends_the_stored_pickle_as_it_is_and_the_parent_keeps_it(tmp_path: Path) -> None:
    worker = ResultCache(tmp_path / "cache")
    key = worker.key("test", "input")
    calls: list[int] = []

    def compute() -> dict[str, list[int]]:
        calls.append(1)
        return {"tree": [1, 2]}

    data = worker.pickled(key, compute)
    assert pickle.loads(data) == {"tree": [1, 2]} and calls == [1]
    assert worker.pickled(key, compute) == data and calls == [1], "a hit is not computed again"
    assert ResultCache(tmp_path / "cache").pickled(key, compute) == data and calls == [1], "read from disk"

    parent = ResultCache(None)
    parent.put(key, data)
    first = parent.get_or_compute(key, compute)
    first["tree"].append(3)  # later stages edit what they are given...
    assert parent.get_or_compute(key, compute) == {"tree": [1, 2]} and calls == [1]  # ...a copy each time


def test_a_build_reads_results_from_the_folder_and_only_the_dev_server_keeps_them_in_memory(
        mini_site: Path, tmp_path: Path) -> None:
    paths = Paths(mini_site, tmp_path / "build", FRONTEND, tmp_path / "cache")
    load_site(paths)
    assert results().misses > 0 and not results().memory, "a one-off build reads each result once"
    misses = results().misses
    load_site(paths, dev=True)
    assert results().misses == misses and results().memory, "the dev server's next rebuild reads memory"


def test_kept_results_are_read_from_one_file_and_written_back_with_this_runs_only(tmp_path: Path) -> None:
    use_cache(tmp_path / "cache", memory=False)  # a one-off build: every run reads the file
    computed: list[str] = []

    def run(inputs: list[str]) -> list[str]:
        kept = KeptResults.of_site("test", "default")
        values = [kept.get_or_compute("kind", (text,), lambda text=text: (computed.append(text), text.upper())[1])
                  for text in inputs]
        kept.save()
        return values

    assert run(["a", "b"]) == ["A", "B"] and computed == ["a", "b"]
    assert [f.name for f in (tmp_path / "cache").iterdir()] == ["test-default.pickle"], "one file, not one a result"
    assert run(["b", "c"]) == ["B", "C"] and computed == ["a", "b", "c"], "b read from the file"
    assert run(["a"]) == ["A"] and computed == ["a", "b", "c", "a"], "a was dropped: the file does not grow"
    assert KeptResults(None).get_or_compute("kind", ("a",), lambda: "computed") == "computed", "None keeps nothing"


def test_a_sites_api_checks_are_kept_for_the_next_build_and_the_dev_servers_next_rebuild(
        site_copy: Callable[[], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    content = site_copy()
    paths = Paths(content, content.parent / "build", FRONTEND, content.parent / "cache")
    found: list[int] = []
    find = calls.find_api_calls
    monkeypatch.setattr(calls, "find_api_calls", lambda *args: (found.append(1), find(*args))[1])
    monkeypatch.setattr(KeptResults, "_in_memory", {})
    load_site(paths)
    assert found and (paths.cache / f"api-checks-{site_name(content)}.pickle").is_file()
    first = len(found)
    load_site(paths)  # a new build, the file read
    load_site(paths, dev=True)
    load_site(paths, dev=True)  # from memory
    assert len(found) == first, "no page's calls were looked for again"
    spec = content / "specs" / "customers.yaml"
    spec.write_text(spec.read_text().replace("finds the buyers", "finds the customers", 1))  # no line moves
    load_site(paths)
    assert len(found) == first, "a spec's description is not what finding the calls reads"
