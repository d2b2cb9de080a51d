"""The leases this process holds (bot/storage/leases.py), renewed together while it works.

One `LeaseKeeper` per process: it names the process (`owner`), takes leases for the outbox and the computer
seats, renews all of them in one statement every few seconds, and says which were lost (a renewal that came too
late, after another process took the work over). A process that dies stops renewing; its leases lapse within
`duration` seconds and the other processes' scans take the work over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable

from bot.storage.leases import Leases
from render.text import plural

log = logging.getLogger(__name__)

Key = tuple[str, int]


def process_name() -> str:
    """Who holds a lease: this host and process, plus a random part (pids are reused after a restart)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class LeaseKeeper:
    """Claims, renews and hands back this process's leases."""

    def __init__(self, leases: Leases, *, owner: str | None = None, clock: Callable[[], float] = time.time,
                 duration: float = 15.0, renew_every: float = 4.0) -> None:
        self.leases = leases
        self.owner = owner or process_name()
        self.clock = clock
        self.duration = duration
        self.renew_every = renew_every
        self._held: dict[Key, float] = {}  # what we hold -> until when, as far as we know
        self._lost: list[Callable[[Key], None]] = []
        self._renewer: asyncio.Task[None] | None = None

    def on_lost(self, callback: Callable[[Key], None]) -> None:
        """Call `callback(key)` when a renewal finds that lease taken over by another process."""
        self._lost.append(callback)

    async def claim(self, kind: str, ref: int) -> bool:
        """Take the lease (or extend ours); False while another live process holds it. A holder known dead (an
        earlier run of the bot on this machine) is taken over at once rather than after its lease lapses."""
        now = self.clock()
        if self.holds(kind, ref, margin=self.duration / 2):
            return True  # ours for a while yet, and renewed in the background: no need to ask the database
        if not await self.leases.claim(kind, ref, self.owner, now + self.duration, now):
            holder = await self.leases.holder(kind, ref)
            if holder is None or not self.dead(holder[0]):
                return False
            # Only if it has not renewed since we looked: `expires` must still be what we read.
            if not await self.leases.claim(kind, ref, self.owner, now + self.duration, holder[1] + 1e-6):
                return False
            log.info("Took over the %s lease of %s from %s, which is no longer running", kind, ref, holder[0])
        self._held[(kind, ref)] = now + self.duration
        self._ensure_renewing()
        return True

    def dead(self, owner: str | None) -> bool:
        """Whether a lease holder is a process of this machine that is gone: its pid is not running, or is ours
        (an earlier run with the same pid, as in a container where the bot is always pid 1)."""
        if owner is None or owner == self.owner:
            return False
        parts = owner.rsplit(":", 2)
        if len(parts) != 3 or parts[0] != self.owner.rsplit(":", 2)[0] or not parts[1].isdigit():
            return False  # another machine's process: only its lease lapsing says it is gone
        pid = int(parts[1])
        if pid == os.getpid():
            return True
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False

    def held_elsewhere(self, owner: str | None, expires: float | None) -> bool:
        """Whether a lease as read from the database is another live process's: not ours, not lapsed, and its
        holder not known dead."""
        return owner not in (None, self.owner) and (expires or 0) >= self.clock() and not self.dead(owner)

    def holds(self, kind: str, ref: int, margin: float = 1.0) -> bool:
        """Whether we still hold it for at least `margin` seconds (as of the last renewal)."""
        until = self._held.get((kind, ref))
        return until is not None and until - margin > self.clock()

    async def release(self, kind: str, ref: int) -> None:
        self._held.pop((kind, ref), None)
        await self.leases.release(kind, ref, self.owner)

    def forget(self, kind: str, ref: int) -> None:
        """The lease is gone already (released by a statement of its own, e.g. when the channel drained)."""
        self._held.pop((kind, ref), None)

    async def renew(self) -> None:
        """Extend everything we hold; what another process took in the meantime is dropped and reported."""
        if not self._held:
            return
        now = self.clock()
        asked = set(self._held)  # a lease claimed while the renewal runs is judged by the next one
        kept = await self.leases.renew(self.owner, now + self.duration)
        for key in asked & set(self._held):
            if key in kept:
                self._held[key] = now + self.duration
            else:
                del self._held[key]
                log.warning("Lost the %s lease of %s to another process", *key)
                for callback in self._lost:
                    callback(key)

    def start(self) -> None:
        """Start renewing now (one task for the process's life) rather than at the first claim."""
        self._ensure_renewing()

    def _ensure_renewing(self) -> None:
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renewing(), name="tne-lease-renewal")

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            if not self._held:
                continue
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("Could not renew leases; trying again in %.0f s", self.renew_every, exc_info=True)

    async def close(self, *, release: bool = True) -> None:
        """Stop renewing; with `release`, hand everything back at once so other processes need not wait."""
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
            self._renewer = None
        if release:
            held, self._held = self._held, {}
            if held:
                try:
                    await self.leases.release_all(self.owner)
                except Exception:
                    log.warning("Could not hand back %s; held ones lapse in %.0f s", plural(len(held), "lease"),
                                self.duration, exc_info=True)
