"""The platform's OpenAPI specs: validation of the files under `content/specs/`."""
