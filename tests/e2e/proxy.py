"""A loopback TCP proxy that a test cuts and restores: a database outage without touching the shared server.

While it is cut, nothing listens on its port (a connection attempt is refused at once) and every connection it
carried is closed on both sides, as a server that went away would leave them. Restored, it listens on the same port
again and forwards new connections to the server.
"""

from __future__ import annotations

import contextlib
import socket
import threading

POLL_SECONDS = 0.1


class Proxy:
    """Forwards 127.0.0.1:<port> to a target host and port until cut."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self._stopping = threading.Event()
        self.port = 0
        self._listen()

    def _listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        listener.settimeout(POLL_SECONDS)
        self.port = listener.getsockname()[1]
        self._listener = listener
        self._stopping.clear()
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            client.settimeout(None)
            upstream.settimeout(None)
            with self._lock:
                self._sockets |= {client, upstream}
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()
        listener.close()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Stop listening and close every carried connection."""
        self._stopping.set()
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.close()
            self._listener = None
        with self._lock:
            carried, self._sockets = self._sockets, set()
        for end in carried:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                end.close()

    def restore(self) -> None:
        """Listen on the same port again."""
        self._listen()

    def close(self) -> None:
        """Cut for good."""
        self.cut()
