# Two commands set up a fresh machine: `make serve` and `make test`. Both install what they need.
SHELL := /bin/bash
export UV_PYTHON_DOWNLOADS := never
PORT ?= 3000
UV := $(shell command -v uv 2>/dev/null || echo $(HOME)/.local/bin/uv)
CHROMIUM := /usr/bin/chromium
NGINX_BROTLI := /etc/nginx/modules-enabled/50-mod-http-brotli-static.conf
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup python-deps node-deps chromium diagram-deps nginx sample-toolchains build serve dev check test lint typecheck test-unit test-frontend test-e2e fuzz bench clean

setup: python-deps node-deps

python-deps:
	@command -v uv >/dev/null 2>&1 || [ -x "$(UV)" ] || python3 -m pip install --quiet --user uv || python3 -m pip install --quiet uv
	@$(UV) sync --quiet --frozen --compile-bytecode

node-deps:
	@[ -f frontend/node_modules/.package-lock.json ] && [ frontend/node_modules/.package-lock.json -nt frontend/package-lock.json ] \
		|| (cd frontend && npm ci --no-audit --no-fund --loglevel=error)

chromium:
	@[ -x $(CHROMIUM) ] || ($(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# Mermaid diagrams are rendered in Chromium at build time: only content with a ```mermaid block needs it.
diagram-deps:
	@if grep -rqsE --include='*.md' '^\s*(```|~~~)\s*mermaid' content; then $(MAKE) --no-print-directory chromium; fi

# Debian's nginx and its Brotli module: the delivery tests run the generated configuration on it.
nginx:
	@[ -x /usr/sbin/nginx ] && [ -f $(NGINX_BROTLI) ] || ($(SUDO) apt-get update -qq && \
		$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null)

# The compilers that check every generated code sample (tests/unit/test_sample_toolchains.py), from Debian:
# javac (Java), php -l (PHP), mcs (C#: Debian has no dotnet) with System.Net.Http, go vet and gofmt (Go).
SAMPLE_TOOLCHAINS := default-jdk-headless php-cli mono-mcs libmono-system-net-http4.0-cil golang-go
sample-toolchains:
	@command -v javac >/dev/null && command -v php >/dev/null && command -v mcs >/dev/null && command -v go >/dev/null \
		&& [ -f /usr/lib/mono/4.5/System.Net.Http.dll ] || ($(SUDO) apt-get update -qq && \
		$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(SAMPLE_TOOLCHAINS) >/dev/null)

build: setup diagram-deps
	@$(UV) run docsite build

serve: setup diagram-deps
	@$(UV) run docsite serve --port $(PORT)

dev: setup diagram-deps
	@$(UV) run docsite dev --port $(PORT)

check: setup diagram-deps
	@$(UV) run docsite check

# The front end's import graph has no cycle, lazy import() and type-only imports included (dpdm;
# tests/unit/test_frontend_cycles.py proves it fails on one). It does not follow Vite's `?worker`
# import (search/client.ts): the worker's own imports are checked.
lint: setup
	@$(UV) run ruff check src tests bench
	@$(UV) run mypy
	@cd frontend && npm run --silent cycles
	@$(UV) run lint-imports --no-cache

typecheck: setup
	@cd frontend && npx tsc --noEmit

# TESTS picks files or tests: make test-unit TESTS=tests/unit/test_links.py
test-unit: setup sample-toolchains
	@$(UV) run pytest -q $(or $(TESTS),tests/unit)

test-frontend: setup
	@cd frontend && npx vitest run

test-e2e: setup chromium nginx
	@$(UV) run pytest -q tests/e2e

# The 25 slowest tests end the report: CI must stay well under its 90 minutes (45 is the aim).
test: setup chromium nginx sample-toolchains lint typecheck test-frontend
	@$(UV) run pytest -q --durations=25 tests

# A long randomized campaign of the property tests (tests/unit/test_properties*.py): FUZZ_EXAMPLES new
# examples per test, instead of the suite's fixed set. A failure prints the example; make it a fixed
# regression example (`@example`, or a case of tests/unit/test_bad_input.py). FUZZ_ARGS: more pytest
# arguments (`-k files`).
FUZZ_EXAMPLES ?= 2000
fuzz: setup
	@PROPERTY_EXAMPLES=$(FUZZ_EXAMPLES) $(UV) run pytest -q -p no:cacheprovider --hypothesis-show-statistics \
		tests/unit/test_properties*.py $(FUZZ_ARGS)

bench: setup chromium nginx
	@command -v wrk >/dev/null || ($(SUDO) apt-get install -y -qq wrk >/dev/null)
	@$(UV) run python -m bench $(BENCH_ARGS)

clean:
	rm -rf build build-dev frontend/dist bench/corpus bench/results .docsite-cache .cache
