#!/usr/bin/env python3
# bench:login's catalogue shoppers (catalogue-timer.ts starts this process): GET requests sent at a
# steady rate over kept-alive connections (an open loop), each timed from its sending to the moment
# the last byte of its answer reached this process's socket. That moment is the kernel's own
# receive timestamp (SO_TIMESTAMPNS), so it does not depend on when this process next got a core.
# The benchmark shares two cores with the shop it measures; a shopper's phone does not, and this
# process's own waits for a core are not the shop's latency. The moment this process had read each
# answer is noted too, so both views can be printed.
#
# Orders arrive on stdin as JSON lines, {"rps": 200, "durationMs": 10000}; each is answered on
# stdout with one JSON line: {"requests": [[sent, socket, read, status], ...], "failures": {...}},
# times in microseconds of the monotonic clock (which the API's trace and Node read alike), status
# 0 for a request without an answer, failures counted by error. Linux only.
import json
import selectors
import socket
import struct
import sys
import time

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
MAX_CONNECTIONS = 64
# An idle connection is dropped after 4 s, before the API's keep-alive (5 s) closes it: a request
# sent on a connection the server is closing fails, a race of the client's own making. A request
# that hears nothing for as long fails too.
IDLE_NS = 4_000_000_000


def micros(ns):
    return ns // 1000


def monotonic_of(realtime_ns):
    """A kernel timestamp (realtime clock) on the monotonic clock."""
    return realtime_ns - (time.clock_gettime_ns(time.CLOCK_REALTIME) - time.monotonic_ns())


class Answer:
    """Reads one HTTP/1.1 answer as it arrives: its status and whether its body is complete."""

    def __init__(self):
        self.data = b""
        self.status = 0
        self.length = None  # body bytes, once the head is read
        self.chunked = False
        self.head_end = None
        self.close = False

    def feed(self, data):
        self.data += data
        if self.head_end is None:
            end = self.data.find(b"\r\n\r\n")
            if end < 0:
                return False
            self.head_end = end + 4
            lines = self.data[:end].decode("latin-1").split("\r\n")
            self.status = int(lines[0].split(" ")[1])
            for line in lines[1:]:
                name, _, value = line.partition(":")
                name, value = name.strip().lower(), value.strip().lower()
                if name == "content-length":
                    self.length = int(value)
                elif name == "transfer-encoding" and "chunked" in value:
                    self.chunked = True
                elif name == "connection" and value == "close":
                    self.close = True
            if self.length is None and not self.chunked:
                raise ValueError("an answer without Content-Length or chunked encoding")
        body = self.data[self.head_end :]
        if not self.chunked:
            return len(body) >= self.length
        return body.endswith(b"0\r\n\r\n") and self._chunks_end(body)

    @staticmethod
    def _chunks_end(body):
        at = 0
        while True:
            line_end = body.find(b"\r\n", at)
            if line_end < 0:
                return False
            size = int(body[at:line_end].split(b";")[0], 16)
            at = line_end + 2 + size + 2
            if size == 0:
                return at <= len(body)
            if at > len(body):
                return False


class Connection:
    def __init__(self, address, request):
        self.sock = socket.create_connection(address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.sock.setblocking(False)
        self.request = request
        self.heard = time.monotonic_ns()
        self.record = None  # [sent, socket, read, status] of the request in flight
        self.answer = None
        self.arrived = None

    def send(self, record):
        self.record = record
        self.answer = Answer()
        self.arrived = None
        record[0] = micros(time.monotonic_ns())
        self.heard = time.monotonic_ns()
        self.sock.sendall(self.request)

    def readable(self):
        """Reads what has arrived; True once the answer is whole."""
        data, ancillary, _, _ = self.sock.recvmsg(1 << 16, 256)
        if not data:
            raise ConnectionResetError("the API closed the connection")
        self.heard = time.monotonic_ns()
        for level, kind, value in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                seconds, nanoseconds = struct.unpack("qq", value[:16])
                self.arrived = seconds * 1_000_000_000 + nanoseconds
        if not self.answer.feed(data):
            return False
        if self.arrived is None:
            raise OSError("the kernel gave no receive timestamp")
        self.record[1] = micros(monotonic_of(self.arrived))
        self.record[2] = micros(time.monotonic_ns())
        self.record[3] = self.answer.status
        self.record = None
        return True


def phase(address, request, rps, duration_ms):
    total = max(1, round(rps * duration_ms / 1000))
    interval = 1_000_000_000 / rps
    records = []
    failures = {}
    idle = []
    busy = set()
    selector = selectors.DefaultSelector()

    def fail(connection, error):
        failures[error] = failures.get(error, 0) + 1
        if connection.record is not None:
            connection.record[1] = connection.record[2] = micros(time.monotonic_ns())
            connection.record[3] = 0
        selector.unregister(connection.sock)
        connection.sock.close()
        busy.discard(connection)
        if waiting:
            send(waiting.pop(0))

    def send(record):
        now = time.monotonic_ns()
        while idle:
            connection = idle.pop()
            if now - connection.heard < IDLE_NS:
                break
            selector.unregister(connection.sock)
            connection.sock.close()
        else:
            if len(busy) >= MAX_CONNECTIONS:
                waiting.append(record)
                return
            try:
                connection = Connection(address, request)
            except OSError as error:
                record[:] = [micros(now), micros(now), micros(now), 0]
                failures[type(error).__name__] = failures.get(type(error).__name__, 0) + 1
                return
            selector.register(connection.sock, selectors.EVENT_READ, connection)
        busy.add(connection)
        try:
            connection.send(record)
        except OSError as error:
            fail(connection, type(error).__name__)

    waiting = []
    started = time.monotonic_ns()
    sent = 0
    while sent < total or busy or waiting:
        now = time.monotonic_ns()
        while sent < total and started + sent * interval <= now:
            record = [0, 0, 0, 0]
            records.append(record)
            send(record)
            sent += 1
        timeout = (started + sent * interval - now) / 1e9 if sent < total else 0.1
        for key, _ in selector.select(max(0, timeout)):
            connection = key.data
            if connection.record is None:  # an idle connection the API closed
                idle.remove(connection)
                selector.unregister(connection.sock)
                connection.sock.close()
                continue
            try:
                whole = connection.readable()
            except (OSError, ValueError) as error:
                fail(connection, type(error).__name__)
                continue
            if not whole:
                continue
            busy.discard(connection)
            if connection.answer.close:
                selector.unregister(connection.sock)
                connection.sock.close()
            else:
                idle.append(connection)
            if waiting:
                send(waiting.pop(0))
        now = time.monotonic_ns()
        for connection in [c for c in busy if now - c.heard >= IDLE_NS]:
            fail(connection, "TimeoutError")
    for connection in idle:
        connection.sock.close()
    selector.close()
    return {"requests": records, "failures": failures}


def main():
    host, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: keep-alive\r\n\r\n"
    print("ready", flush=True)
    for line in sys.stdin:
        order = json.loads(line)
        result = phase((host, port), request.encode(), order["rps"], order["durationMs"])
        print(json.dumps(result, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
