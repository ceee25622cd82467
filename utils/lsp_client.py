"""A minimal Language Server Protocol client for gradgen-lsp-server's tests
and benchmark: Content-Length framing over a child's stdin/stdout, a reader
thread, and waits with timeouts (a server that hangs fails the caller)."""

import json
import os
import queue
import subprocess
import threading
import time


def path_to_uri(path):
    return "file://" + os.path.abspath(path)


class ServerError(Exception):
    pass


class LSPClient:
    def __init__(self, command, stderr=None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=stderr)
        self.messages = queue.Queue()
        self.next_id = 0
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            body = stream.read(length)
            self.messages.put((time.monotonic(), json.loads(body)))

    def _send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send_raw(self, body):
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self._send({"method": method, "params": params})
        return time.monotonic()

    def request(self, method, params):
        self.next_id += 1
        self._send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def next_message(self, timeout=120):
        """The next message from the server as (arrival time, message):
        for a caller that follows several answers at once."""
        return self.wait_for(lambda m: True, timeout)

    def wait_for(self, predicate, timeout=120, seen=None):
        """The first message (time, message) for which predicate holds;
        the others go to seen (a list) if given."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ServerError("no answer within %d s" % timeout)
            try:
                item = self.messages.get(timeout=left)
            except queue.Empty:
                raise ServerError("no answer within %d s" % timeout)
            if item is None:
                raise ServerError("the server ended (code %s)" % self.process.poll())
            if predicate(item[1]):
                return item
            if seen is not None:
                seen.append(item)

    def call(self, method, params, timeout=120):
        id = self.request(method, params)
        _, reply = self.wait_for(lambda m: m.get("id") == id and "method" not in m,
                                 timeout)
        if "error" in reply:
            raise ServerError("%s: %s" % (method, reply["error"]))
        return reply["result"]

    def initialize(self, options=None, root=None):
        params = {"processId": os.getpid(), "capabilities": {},
                  "rootUri": path_to_uri(root) if root else None}
        if options is not None:
            params["initializationOptions"] = options
        result = self.call("initialize", params)
        self.notify("initialized", {})
        return result

    def wait_for_diagnostics(self, uri, version, timeout=120, seen=None):
        """The (time, params) of the publishDiagnostics of uri at version."""
        t, message = self.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri and m["params"].get("version") == version,
            timeout, seen)
        return t, message["params"]

    def shutdown(self, timeout=60):
        self.call("shutdown", None, timeout)
        self.notify("exit", None)
        self.process.stdin.close()
        return self.process.wait(timeout)
