"""The gateway: HELLO, IDENTIFY/READY, heartbeats, sequenced dispatches, RESUME with replay, shard routing.

Sessions outlive connections: a dispatch for a session whose connection is down is kept, and a RESUME with the
last sequence number seen replays everything after it, then RESUMED. A session ends when the client closes with
1000/1001, when the gateway invalidates it, or `resume_window` seconds after its connection was lost; a RESUME
of an ended session gets INVALID_SESSION (d=false). Guild events go to the newest live session whose shard owns
the guild, `(guild_id >> 22) % shard_count`; events without a guild (DMs) go to shard 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
import struct
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.loopback.snowflakes import shard_of

if TYPE_CHECKING:
    from tests.loopback.server import LoopbackDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 7, 9, 10, 11
IGNORED_OPS = (3, 4, 8, 31)  # presence, voice state, request members, soundboard sounds
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
ALL_INTENTS = (1 << 26) - 1
GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
ENDS_SESSION = (4004, 4007, 4009, 4010, 4011, 4012, 4013, 4014)  # close codes after which RESUME is refused
CLOSE_REASONS = {
    4000: "Unknown error.", 4001: "Unknown opcode.", 4002: "Error while decoding payload.",
    4003: "Not authenticated.", 4004: "Authentication failed.", 4005: "Already authenticated.",
    4007: "Invalid seq.", 4008: "Rate limited.", 4009: "Session timed out.", 4010: "Invalid shard.",
    4011: "Sharding required.", 4012: "Invalid API version.", 4013: "Invalid intent(s).",
    4014: "Disallowed intent(s).",
}


@dataclass(frozen=True)
class GatewayRecord:
    """Something that happened on the gateway, for tests to wait on and inspect."""

    kind: str  # connect, identify, ready, resume, resumed, invalid_session, heartbeat, dispatch, close, refused
    at: float
    session: str | None = None
    shard: tuple[int, int] | None = None
    seq: int | None = None
    event: str | None = None
    code: int | None = None
    by: str | None = None  # close: "client" or "server"
    path: str | None = None


class Connection:
    """One websocket: its compression stream and the session it serves (once identified or resumed)."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request, compress: bool) -> None:
        self.ws = ws
        self.request = request
        self.path = request.path
        self._zlib = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()  # frames of a zlib stream must go out in the order they were compressed
        self.session: Session | None = None
        self.closed_by_server: int | None = None
        self.last_heartbeat: float = 0.0

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                raise ConnectionResetError("the websocket is closed")
            if self._zlib is not None:
                await self.ws.send_bytes(self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH))
            else:
                await self.ws.send_str(text)

    async def close(self, code: int) -> None:
        self.closed_by_server = code
        await self.ws.close(code=code, message=CLOSE_REASONS.get(code, "").encode())

    def abort(self) -> None:
        """Lose the TCP connection without a close frame (a TCP reset), as a network failure does."""
        transport = self.request.transport
        if transport is None:
            return
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.closed_by_server = 1006
        transport.abort()


@dataclass(eq=False)
class Session:
    id: str
    shard: tuple[int, int] | None
    intents: int
    identified: float
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    conn: Connection | None = None
    ended: bool = False
    lost_at: float | None = None  # when its connection went away
    acks: bool = True
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def owns(self, guild_id: int | None) -> bool:
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else shard_of(guild_id, count))

    def usable(self, now: float, window: float) -> bool:
        return not self.ended and (self.conn is not None or self.lost_at is None or now - self.lost_at < window)

    def dispatches(self, event: str | None = None) -> list[dict[str, Any]]:
        """Every dispatch this session was given (delivered or still waiting for a RESUME), in order."""
        return [p for p in self.buffer if event is None or p["t"] == event]


class Gateway:
    """The websocket side of the loopback Discord."""

    def __init__(self, server: LoopbackDiscord, *, heartbeat_interval: float = 41.25, resume_window: float = 120.0,
                 enforce_heartbeats: bool = True, privileged_intents: int = 0) -> None:
        self.server = server
        self.heartbeat_interval = heartbeat_interval
        self.resume_window = resume_window
        self.enforce_heartbeats = enforce_heartbeats
        self.privileged_intents = privileged_intents  # the privileged intents switched on for the application
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.records: list[GatewayRecord] = []
        self.down = False
        self.acks = True
        self._duplicate: dict[str, int] = {}
        self._watchdogs: set[asyncio.Task] = set()

    # --- records -----------------------------------------------------------------------------------------------

    def _record(self, kind: str, session: Session | None = None, **kw: Any) -> None:
        self.records.append(GatewayRecord(kind, self.server.clock(), session.id if session else None,
                                          session.shard if session else None, **kw))
        self.server.touch()

    def count(self, kind: str, *, shard: tuple[int, int] | None = None, after: int = 0) -> int:
        return sum(1 for r in self.records[after:] if r.kind == kind and (shard is None or r.shard == shard))

    # --- sessions and routing ----------------------------------------------------------------------------------

    def route(self, guild_id: int | None) -> Session | None:
        """The session Discord would give this guild's (or a DM's) events to, if any."""
        now = self.server.clock()
        candidates = [s for s in self.sessions.values() if s.usable(now, self.resume_window) and s.owns(guild_id)]
        return max(candidates, key=lambda s: s.identified, default=None)

    def current(self, shard: tuple[int, int] | None = None) -> Session:
        """The newest usable session (of this shard): the one a test means by "the bot's session"."""
        now = self.server.clock()
        found = [s for s in self.sessions.values() if s.usable(now, self.resume_window)
                 and (shard is None or s.shard == shard)]
        if not found:
            raise LookupError(f"no live gateway session{f' for shard {shard}' if shard else ''}")
        return max(found, key=lambda s: s.identified)

    def _targets(self, session: Session | None) -> list[Connection]:
        if session is not None:
            return [session.conn] if session.conn is not None else []
        return list(self.connections)

    async def dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None = None,
                       session: Session | None = None, intent: int | None = None) -> tuple[Session, int] | None:
        """Send a dispatch where Discord would (or to `session`); None when no session takes it (it is lost)."""
        target = session or self.route(guild_id)
        if target is None or (intent is not None and not target.intents & intent):
            if intent is None:
                self._record("undelivered", event=event)
            return None
        seq = await self._send_dispatch(target, event, data)
        if self._duplicate.get(event, 0) > 0:
            self._duplicate[event] -= 1
            await self._send_dispatch(target, event, data)
        return target, seq

    async def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> int:
        async with session.lock:
            session.seq += 1
            payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
            session.buffer.append(payload)
            self._record("dispatch", session, seq=session.seq, event=event)
            if session.conn is not None:
                try:
                    await session.conn.send(payload)
                except (ConnectionError, RuntimeError):
                    log.debug("dispatch %s kept for RESUME: the connection is gone", session.seq)
            return session.seq

    def duplicate_next(self, event: str = "INTERACTION_CREATE", times: int = 1) -> None:
        """Deliver the next `times` dispatches of this event twice (each copy with its own sequence number)."""
        self._duplicate[event] = self._duplicate.get(event, 0) + times

    # --- faults ------------------------------------------------------------------------------------------------

    async def close(self, session: Session | None = None, code: int = 4000) -> None:
        """Close the connection(s) with a close code; codes in ENDS_SESSION also end the session."""
        for conn in self._targets(session):
            if code in ENDS_SESSION and conn.session is not None:
                conn.session.ended = True
            await conn.close(code)

    def drop(self, session: Session | None = None) -> None:
        """Lose the connection(s) without a close frame: the session stays resumable."""
        for conn in self._targets(session):
            conn.abort()

    @contextlib.asynccontextmanager
    async def outage(self, *, code: int | None = None) -> AsyncIterator[None]:
        """Every connection lost (or closed with `code`), and new ones refused, until the block ends.

        Dispatches meanwhile wait in their sessions and are replayed when the bot RESUMEs.
        """
        self.down = True
        try:
            if code is None:
                self.drop()
            else:
                await self.close(code=code)
            yield
        finally:
            self.down = False

    async def reconnect(self, session: Session | None = None) -> None:
        """Opcode 7: ask the client to reconnect and resume."""
        for conn in self._targets(session):
            await conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def invalidate(self, session: Session, *, resumable: bool = False) -> None:
        """Opcode 9 on a live session; d=false ends it."""
        if not resumable:
            session.ended = True
        if session.conn is not None:
            await session.conn.send({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})
        self._record("invalid_session", session)

    async def request_heartbeat(self, session: Session | None = None) -> None:
        """Opcode 1 from the gateway: the client must heartbeat at once."""
        for conn in self._targets(session):
            await conn.send({"op": HEARTBEAT, "d": None, "s": None, "t": None})

    async def ping(self, session: Session, timeout: float = 10.0) -> None:
        """Request a heartbeat and wait for it: the client has read everything sent before (it is listening)."""
        mark = len(self.records)
        await self.request_heartbeat(session)
        await self.server.wait_for(
            lambda: any(r.kind == "heartbeat" and r.session == session.id for r in self.records[mark:]), timeout,
            f"a heartbeat from session {session.id}")

    def stop_acks(self, session: Session | None = None) -> None:
        """Stop answering heartbeats (a zombied connection) for one session, or for every connection."""
        if session is None:
            self.acks = False
        else:
            session.acks = False

    def resume_acks(self, session: Session | None = None) -> None:
        if session is None:
            self.acks = True
        else:
            session.acks = True

    # --- the websocket -----------------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.down:
            self._record("refused", path=request.path)
            return web.Response(status=503, text="upstream connect error or disconnect/reset before headers. "
                                                 "reset reason: connection termination")
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request, compress=request.query.get("compress") == "zlib-stream")
        conn.last_heartbeat = asyncio.get_running_loop().time()
        self.connections.add(conn)
        self._record("connect", path=request.path)
        watchdog = asyncio.create_task(self._watch(conn))
        self._watchdogs.add(watchdog)
        try:
            if request.query.get("v", "10") not in ("9", "10"):
                await conn.close(4012)
                return ws
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)},
                             "s": None, "t": None})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                try:
                    payload = json.loads(msg.data)
                    op = payload["op"]
                except (ValueError, KeyError, TypeError):
                    await conn.close(4002)
                    break
                await self._on_payload(conn, op, payload.get("d"))
        except (ConnectionError, RuntimeError):
            pass
        finally:
            watchdog.cancel()
            self._watchdogs.discard(watchdog)
            self._closed(conn)
        return ws

    def _closed(self, conn: Connection) -> None:
        self.connections.discard(conn)
        by = "server" if conn.closed_by_server is not None else "client"
        code = conn.closed_by_server if by == "server" else conn.ws.close_code
        session = conn.session
        if session is not None and session.conn is conn:
            session.conn = None
            session.lost_at = self.server.clock()
            if (by == "client" and code in (1000, 1001)) or (by == "server" and code in ENDS_SESSION):
                session.ended = True  # a clean close, or a close the client may not resume after
        self._record("close", session, code=code, by=by, path=conn.path)

    async def _watch(self, conn: Connection) -> None:
        """Close connections that stop heartbeating (Discord: the client must then resume)."""
        limit = self.heartbeat_interval * 1.5
        loop = asyncio.get_running_loop()
        while self.enforce_heartbeats:
            await asyncio.sleep(limit / 4)
            if loop.time() - conn.last_heartbeat > limit and not conn.ws.closed:
                await conn.close(4000)
                return

    async def _on_payload(self, conn: Connection, op: int, d: Any) -> None:
        if op == HEARTBEAT:
            conn.last_heartbeat = asyncio.get_running_loop().time()
            session = conn.session
            self._record("heartbeat", session, seq=d if isinstance(d, int) else None)
            if self.acks and (session is None or session.acks):
                await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, d or {})
        elif op == RESUME:
            await self._resume(conn, d or {})
        elif conn.session is None:
            await conn.close(4003)
        elif op not in IGNORED_OPS:
            await conn.close(4001)

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.close(4005)
            return
        if d.get("token") != self.server.token:
            await conn.close(4004)
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents & ~ALL_INTENTS:
            await conn.close(4013)
            return
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await conn.close(4014)
            return
        shard = d.get("shard")
        if shard is not None:
            if (not isinstance(shard, list) or len(shard) != 2 or not all(isinstance(x, int) for x in shard)
                    or not 0 <= shard[0] < shard[1]):
                await conn.close(4010)
                return
            shard = (shard[0], shard[1])
        session = Session(secrets.token_hex(16), shard, intents, self.server.clock())
        self.sessions[session.id] = session
        self._record("identify", session, path=conn.path)
        async with session.lock:
            conn.session = session
            session.conn = conn
        guilds = [g for g in self.server.guilds.values() if session.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10, "user": self.server.bot_user.json() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds], "session_id": session.id,
            "resume_gateway_url": self.server.resume_gateway_url, "session_type": "normal",
            "application": {"id": str(self.server.app_id), "flags": 0}, "private_channels": [],
            "relationships": [], "presences": [], "geo_ordered_rtc_regions": [], "_trace": ["loopback"],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        await self._send_dispatch(session, "READY", ready)
        self._record("ready", session)
        for guild in guilds:
            await self._send_dispatch(session, "GUILD_CREATE", self.server.guild_json(guild))

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        if d.get("token") != self.server.token:
            await conn.close(4004)
            return
        session = self.sessions.get(str(d.get("session_id")))
        now = self.server.clock()
        self._record("resume", session, seq=d.get("seq"), path=conn.path)
        if session is None or not session.usable(now, self.resume_window):
            if session is not None:
                session.ended = True
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            self._record("invalid_session", session)
            return
        seq = d.get("seq") or 0
        if not isinstance(seq, int) or seq > session.seq:
            session.ended = True
            await conn.close(4007)
            return
        old = session.conn
        if old is not None and old is not conn:
            session.conn = None
            with contextlib.suppress(ConnectionError, RuntimeError):
                await old.close(4000)
        async with session.lock:
            for payload in session.buffer:
                if payload["s"] > seq:
                    await conn.send(payload)
            session.seq += 1
            resumed = {"op": DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["loopback"]}}
            session.buffer.append(resumed)
            await conn.send(resumed)
            conn.session = session
            session.conn = conn
            session.lost_at = None
        self._record("resumed", session, seq=seq)

    async def shutdown(self) -> None:
        for task in list(self._watchdogs):
            task.cancel()
        for conn in list(self.connections):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await conn.close(1001)
