"""A small TCP forwarder that injects network faults between one instance and PostgreSQL.

Listens on 127.0.0.1:LISTEN and forwards every connection to 127.0.0.1:TARGET. Commands, one a
line on standard input, change the mode of every connection, open or new:
  pass              forward as they come
  delay MS up|down  hold each chunk MS milliseconds in one direction (up: to PostgreSQL)
  hold              stop forwarding both ways, keeping every connection open
  reset             close every open connection with a reset (new ones are forwarded)
Each command is acknowledged with a line `ok` on standard output.

Run by scripts/lib/chaos.py. Usage: fault_proxy.py LISTEN TARGET
"""

import asyncio
import socket
import struct
import sys


class Faults:
    """The mode every connection follows."""

    def __init__(self):
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.delay = {"up": 0.0, "down": 0.0}
        self.connections = set()

    def apply(self, words):
        if words[0] == "pass":
            self.delay = {"up": 0.0, "down": 0.0}
            self.flowing.set()
        elif words[0] == "delay":
            self.delay = {"up": 0.0, "down": 0.0}
            self.delay[words[2]] = int(words[1]) / 1000
            self.flowing.set()
        elif words[0] == "hold":
            self.flowing.clear()
        elif words[0] == "reset":
            for writer in list(self.connections):
                abort(writer)
        else:
            raise ValueError(f"unknown command {' '.join(words)}")


def abort(writer):
    """Closes with RST, as a broken network path or a crashed middlebox would."""
    sock = writer.get_extra_info("socket")
    try:
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    writer.transport.abort()


async def pump(faults, direction, reader, writer):
    """Copies one direction in order, each chunk sent once its delay has passed."""
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def send():
        while True:
            due, data = await queue.get()
            if data is None:
                writer.close()
                return
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            await faults.flowing.wait()
            writer.write(data)
            await writer.drain()

    sender = asyncio.create_task(send())
    try:
        while True:
            await faults.flowing.wait()
            data = await reader.read(65536)
            await faults.flowing.wait()
            await queue.put((loop.time() + faults.delay[direction], data or None))
            if not data:
                break
        await sender
    except (ConnectionError, OSError):
        pass
    finally:
        sender.cancel()
        abort(writer)


async def serve(faults, target, client_reader, client_writer):
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
    except OSError:
        abort(client_writer)
        return
    faults.connections.update((client_writer, server_writer))
    try:
        await asyncio.gather(pump(faults, "up", client_reader, server_writer),
                             pump(faults, "down", server_reader, client_writer))
    finally:
        faults.connections.discard(client_writer)
        faults.connections.discard(server_writer)


async def commands(faults):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while True:
        line = await reader.readline()
        if not line:
            return
        faults.apply(line.decode().split())
        print("ok", flush=True)


async def main():
    listen, target = int(sys.argv[1]), int(sys.argv[2])
    faults = Faults()
    server = await asyncio.start_server(lambda r, w: serve(faults, target, r, w), "127.0.0.1", listen)
    print("ok", flush=True)
    async with server:
        await commands(faults)  # ends with standard input: the run is over


if __name__ == "__main__":
    asyncio.run(main())
