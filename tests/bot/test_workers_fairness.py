"""The computer players' fair queue: one server's flood of computer moves cannot hold up another server's."""

from __future__ import annotations

import asyncio

from bot.background.workers import FairQueue, Workers


async def served_order(queue: FairQueue, jobs: list[tuple[str, int]], release: asyncio.Event) -> list[tuple]:
    """Queue `jobs` (server, game) in this order behind one running job, then let them run one by one."""
    order: list[tuple] = []

    async def job(server: str, game: int, n: int) -> None:
        async with queue.slot(server, game):
            order.append((server, game, n))
            await asyncio.sleep(0)

    async def blocker() -> None:
        async with queue.slot("flood", 0):
            await release.wait()

    first = asyncio.create_task(blocker())
    await asyncio.sleep(0)
    tasks = [asyncio.create_task(job(s, g, n)) for n, (s, g) in enumerate(jobs)]
    await asyncio.sleep(0)
    assert queue.waiting() == len(jobs) and queue.busy == 1
    release.set()
    await asyncio.gather(first, *tasks)
    return order


async def test_a_quiet_servers_job_is_served_before_the_flooding_servers_backlog():
    queue = FairQueue(1)
    flood = [("flood", g % 10) for g in range(100)]
    order = await served_order(queue, [*flood, ("quiet", 1)], asyncio.Event())
    assert order.index(("quiet", 1, 100)) == 1, "served second: after one job of the flood, not after 100"
    assert queue.busy == 0 and queue.waiting() == 0


async def test_within_a_server_games_take_turns_and_each_game_keeps_its_order():
    queue = FairQueue(1)
    jobs = [("a", 1), ("a", 1), ("a", 1), ("a", 2), ("b", 3), ("b", 3)]
    order = await served_order(queue, jobs, asyncio.Event())
    assert [(s, g) for s, g, _ in order] == [("a", 1), ("b", 3), ("a", 2), ("b", 3), ("a", 1), ("a", 1)]
    assert [n for s, g, n in order if (s, g) == ("a", 1)] == [0, 1, 2]


async def test_a_waiter_that_gives_up_leaves_no_slot_taken():
    queue = FairQueue(1)
    release = asyncio.Event()

    async def hold() -> None:
        async with queue.slot("a", 1):
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert queue.waiting() == 0
    release.set()
    await holder
    assert queue.busy == 0
    async with queue.slot("b", 2):
        assert queue.busy == 1


async def test_workers_run_fair_jobs_through_the_queue():
    workers = Workers(0)
    workers.queue = FairQueue(1)
    results = await asyncio.gather(*(workers.run_fair(f"s{i % 2}", i, pow, i, 2) for i in range(6)))
    assert results == [i * i for i in range(6)] and workers.queue.busy == 0
