"""Debian's Chromium, headless: the builder draws Mermaid diagrams in it (diagrams.py), the browser
tests and the benchmarks drive it. One set of flags for all of them: no sandbox (containers), no GPU,
nothing that reaches the network on its own (updates, sync, QUIC)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
