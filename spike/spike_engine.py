"""The spike's engine: Pyodide in a named PyScript worker, with our wheel."""
import asyncio

import netarcade
from netarcade.games import all_games
from pyscript import sync

queue = []
waiter = None


def hello(who):
    return f"hello {who} from {netarcade.__name__}, games: {len(list(all_games()))}"


def put(text):
    global waiter
    queue.append(text)
    if waiter is not None and not waiter.done():
        waiter.set_result(None)


async def next_ops():
    global waiter
    while not queue:
        waiter = asyncio.get_event_loop().create_future()
        await waiter
    items = list(queue)
    queue.clear()
    return "+".join(items)


def start_push(count):
    async def run():
        for i in range(count):
            await asyncio.sleep(0.05)
            sync.push(f"push {i}")   # the main thread's function, called without waiting
            put(f"poll {i}")

    asyncio.ensure_future(run())
    return "started"


__export__ = ["hello", "next_ops", "start_push"]
