"""URLs the site names but does not serve: an API server's or a CDN's."""

from __future__ import annotations

from urllib.parse import urlsplit


def origin(url: str) -> str:
    """`https://api.example.com/v1/x` -> `https://api.example.com`: what a CSP source lists."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
