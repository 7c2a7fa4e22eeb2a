#!/usr/bin/env python3
"""How long `cardsharp lsp` takes to answer what an editor asks on a large
document: a screenful of semantic tokens, the outline, all the tokens, and
a delta after one keystroke, each timed from request to reply.

    cargo build --release && python3 benches/lsp.py [BYTES]

A benchmark, not a test: the machine is shared and its times vary, so
read the figures side by side from one run.
"""

import json
import subprocess
import sys
import time

BINARY = "target/release/cardsharp"


def generated(size):
    count = size // 39 + 1
    text = subprocess.run(
        [BINARY, "gen", "bridge", "--count", str(count), "--seed", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return text


class Server:
    def __init__(self):
        self.process = subprocess.Popen(
            [BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        """A message, its size, and when its last byte came (before it
        is parsed here: the client's parsing is not the server's time)."""
        length = None
        while True:
            line = self.process.stdout.readline().strip()
            if not line:
                break
            name, _, value = line.partition(b": ")
            if name == b"Content-Length":
                length = int(value)
        body = self.process.stdout.read(length)
        received = time.perf_counter()
        return json.loads(body), len(body), received

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def call(self, method, params):
        """The reply, its size in bytes, and the seconds it took."""
        self.next_id += 1
        started = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message, size, received = self.receive()
            if message.get("id") == self.next_id:
                return message, size, received - started

    def wait_for_diagnostics(self):
        while True:
            message, _, _ = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                return


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 20
    text = generated(size)
    uri = "file:///bench/large.bridge"
    server = Server()
    server.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    started = time.perf_counter()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "cardsharp", "version": 1, "text": text}},
    )
    server.wait_for_diagnostics()
    print(f"document: {len(text)} bytes, {text.count(chr(10))} lines")
    print(f"open to diagnostics: {1000 * (time.perf_counter() - started):.1f} ms")
    document = {"textDocument": {"uri": uri}}
    middle = text.count("\n") // 2
    screen = {
        "start": {"line": middle, "character": 0},
        "end": {"line": middle + 60, "character": 0},
    }
    requests = [
        ("semanticTokens/range, 60 lines", "textDocument/semanticTokens/range", {**document, "range": screen}),
        ("documentSymbol", "textDocument/documentSymbol", document),
        ("semanticTokens/full", "textDocument/semanticTokens/full", document),
    ]
    previous = None
    for name, method, params in requests:
        reply, size_of_reply, seconds = server.call(method, params)
        if method.endswith("/full"):
            previous = reply["result"]["resultId"]
        print(f"{name}: {1000 * seconds:.1f} ms, {size_of_reply} bytes")
    server.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": middle, "character": 9}, "end": {"line": middle, "character": 10}}, "text": "D"}
            ],
        },
    )
    reply, size_of_reply, seconds = server.call(
        "textDocument/semanticTokens/full/delta", {**document, "previousResultId": previous}
    )
    print(f"semanticTokens/full/delta after a keystroke: {1000 * seconds:.1f} ms, {size_of_reply} bytes")
    server.call("shutdown", None)
    server.notify("exit", None)
    server.process.wait()


if __name__ == "__main__":
    main()
