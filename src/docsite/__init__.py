"""docsite: builds the Onebox developer portal from content/ into a static, prerendered site."""

__version__ = "0.1.0"
