"""Debian's nginx, started on a free port with the configuration `docsite deploy nginx` generates
(`make test` installs nginx and its Brotli module when they are missing)."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

from docsite.outputs.nginx import nginx_config
from tests.e2e.conftest import free_port

NGINX = Path("/usr/sbin/nginx")
BROTLI_STATIC = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")


class Nginx:
    def __init__(self, build: Path, workdir: Path, *, trailing_slash: bool | None, header_timeout: float) -> None:
        self.port = free_port()
        workdir.mkdir(parents=True, exist_ok=True)
        site = workdir / "site.conf"
        site.write_text(nginx_config(build, base_url="/", trailing_slash=trailing_slash,
                                     listen=f"127.0.0.1:{self.port}", header_timeout=header_timeout))
        temp = " ".join(f"{kind}_temp_path {workdir / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                           "uwsgi", "scgi"))
        self.conf = workdir / "nginx.conf"
        self.conf.write_text(
            f"daemon off;\nworker_processes 1;\npid {workdir / 'nginx.pid'};\nerror_log {workdir / 'error.log'} warn;\n"
            + ("user root;\n" if _root() else "")
            + f"load_module {BROTLI_STATIC};\nevents {{ worker_connections 512; }}\n"
            f"http {{\n  access_log off;\n  {temp}\n  include {site};\n}}\n")
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> str:
        check = subprocess.run([str(NGINX), "-t", "-q", "-c", str(self.conf), "-p", str(self.workdir),
                                "-e", str(self.workdir / "error.log")], capture_output=True, text=True)
        assert check.returncode == 0, f"the generated configuration is invalid:\n{check.stderr}"
        self.process = subprocess.Popen([str(NGINX), "-c", str(self.conf), "-p", str(self.workdir),
                                         "-e", str(self.workdir / "error.log")])
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"nginx did not start: {(self.workdir / 'error.log').read_text()}") from None
                time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)


def _root() -> bool:
    import os

    return os.geteuid() == 0
