"""A TCP proxy on loopback that holds every chunk `delay` seconds each way before passing it on,
as a database that far away (one way) would: for the hand-off's latency figures."""

import asyncio
import threading


class DelayProxy:
    def __init__(self, target_port, delay):
        self.delay = delay
        self.target_port = target_port
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.port = None

        def run():
            asyncio.set_event_loop(self.loop)
            self.server = self.loop.run_until_complete(asyncio.start_server(self._accept, "127.0.0.1", 0))
            self.port = self.server.sockets[0].getsockname()[1]
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait()

    async def _accept(self, client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
            await asyncio.gather(self._pass(client_reader, server_writer), self._pass(server_reader, client_writer))
        except (asyncio.CancelledError, ConnectionError):
            client_writer.close()

    async def _pass(self, reader, writer):
        """Chunks in order, each sent `delay` after it arrived (not after the one before)."""
        queue = asyncio.Queue()

        async def send():
            while (item := await queue.get()) is not None:
                arrived, data = item
                await asyncio.sleep(max(0, arrived + self.delay - self.loop.time()))
                writer.write(data)
                await writer.drain()
            writer.close()

        sender = asyncio.ensure_future(send())
        try:
            while data := await reader.read(65536):
                queue.put_nowait((self.loop.time(), data))
        except ConnectionError:
            pass
        queue.put_nowait(None)
        await sender

    async def _shutdown(self):
        self.server.close()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self):
        asyncio.run_coroutine_threadsafe(self._shutdown(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
