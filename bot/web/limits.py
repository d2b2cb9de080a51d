"""How much one person, one spectator link and one address may ask of the web board (docs/web.md, Limits).

Requests are counted against a VERIFIED identity: a session that verifies counts against its person, a spectator
link that verifies against that link, anything else (no credentials, made-up or expired ones) against the address
it came from. The address is the TCP peer's, unless that peer is a trusted proxy (TNE_WEB_TRUSTED_PROXIES): then
the right-most hop of `X-Forwarded-For` that is not itself a trusted proxy. IPv6 addresses count by their /64, the
block one subscriber gets.

Live-update streams each hold a file descriptor for as long as the page is open, so they are capped per person,
per link, per address and overall, the overall cap well below the process's descriptor limit.
"""

from __future__ import annotations

import contextlib
import ipaddress
import resource
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from aiohttp import web

from bot.language.locales import N_
from bot.web.auth import COOKIE, Auth, BadToken

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# Requests a second (and the burst) of a person's session, or of an address without a verified identity.
RATE = 10
# A spectator link is shared by everyone watching a game, a whole channel of people, often behind one address: its
# allowance grows with the live pages open on it, so each watcher's re-read after a move is served: with 100
# watching, 120 requests a second and bursts of 500 (100 pages opening take about 300: the page, its stream, and the
# re-read once the stream is live). Its rate stops growing at LINK_RATE_MOST, so an attacker holding a public link
# and many streams cannot turn it into a flood of reads.
LINK_RATE, LINK_RATE_PER_STREAM, LINK_RATE_MOST = 20.0, 1.0, 150.0
LINK_BURST, LINK_BURST_PER_STREAM = 300.0, 2.0

# Live-update streams open at once.
STREAMS_PER_PERSON = 8  # a person's tabs and devices
STREAMS_PER_LINK = 400  # a popular game's watchers
STREAMS_PER_ADDRESS = 200  # a school, an office, a carrier's NAT: a channel's worth of people on one address
STREAMS_MAX = 20_000  # overall, however many descriptors the process may have
DESCRIPTORS_KEPT = 256  # descriptors never given to streams: the database, Discord, workers, other requests

# The Activity's OAuth2 code exchanges, each two calls to Discord: per address (a class launching it together from
# one school gets ten at once, then one a second), and overall (at most ten of Discord's 50 calls a second).
EXCHANGE_RATE, EXCHANGE_BURST = 1.0, 10.0
EXCHANGES_RATE, EXCHANGES_BURST = 5.0, 20.0

PERSON, LINK, ADDRESS = "u", "l", "a"

TOO_MANY_STREAMS = {
    PERSON: N_("You have {limit} live pages open already: this one reads the game every few seconds instead."),
    LINK: N_("{limit} people watch this game live through its link already: this page reads the game every few "
             "seconds instead."),
    ADDRESS: N_("{limit} live pages are open from your address already: this one reads the game every few seconds "
                "instead."),
}
BOARD_FULL = N_("The web board serves as many live pages as it can: this one reads the game every few seconds "
                "instead.")
TOO_MANY_SIGN_INS = N_("Too many sign-ins at once: wait a few seconds and launch the Activity again.")


def overall_streams(descriptors: int) -> int:
    """The streams a process with this many descriptors may hold: half of them, and never the last
    DESCRIPTORS_KEPT (a process with 1024, systemd's default, holds 512)."""
    return max(8, min(descriptors // 2, descriptors - DESCRIPTORS_KEPT, STREAMS_MAX))


def descriptor_limit() -> int:
    """This process's soft limit on open files (RLIM_INFINITY counts as plenty)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return STREAMS_MAX * 2 if soft == resource.RLIM_INFINITY else soft


@dataclass(frozen=True)
class Caps:
    """How many live-update streams may be open at once, per kind of identity and overall."""

    person: int = STREAMS_PER_PERSON
    link: int = STREAMS_PER_LINK
    address: int = STREAMS_PER_ADDRESS
    overall: int = STREAMS_MAX

    @classmethod
    def for_process(cls) -> Caps:
        return cls(overall=overall_streams(descriptor_limit()))

    def of(self, kind: str) -> int:
        return {PERSON: self.person, LINK: self.link, ADDRESS: self.address}[kind]


# --- addresses ------------------------------------------------------------------------------------------------

def _ip(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    if not text:
        return None
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        ip = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_address(peer: str | None, forwarded: Iterable[str], trusted: tuple[Network, ...]) -> str:
    """Who sent a request: the TCP peer, or, while the hop in hand is a trusted proxy, the hop it names in
    `X-Forwarded-For` (read right to left: each proxy appends the address it heard from). A hop that is not an
    address ends the walk at the proxy that passed it on."""
    ip = _ip(peer)
    if ip is None:
        return peer or "?"
    hops = [h for header in forwarded for h in header.split(",") if h.strip()]
    while hops and any(ip in net for net in trusted):
        before = _ip(hops.pop())
        if before is None:
            break
        ip = before
    return str(ip)


def address_key(address: str) -> str:
    """The address as limits count it: IPv6 by its /64."""
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address


# --- identity -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Who:
    """Whom a request counts against: `kind` PERSON, LINK or ADDRESS and its `key`; `address` is where it came
    from, whatever it verified as."""

    kind: str
    key: str
    address: str

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.key}"


WHO = web.RequestKey("tne_who", Who)


def identify(request: web.Request, auth: Auth, trusted: tuple[Network, ...]) -> Who:
    """The request's verified identity (see the module's docstring); computed once per request."""
    if WHO in request:
        return request[WHO]
    address = address_key(client_address(request.remote, request.headers.getall("X-Forwarded-For", ()), trusted))
    who = Who(ADDRESS, address, address)
    cookie = request.cookies.get(COOKIE)
    token = request.query.get("s")
    if cookie:
        with contextlib.suppress(BadToken):
            who = Who(PERSON, str(auth.person_of_session(cookie).user_id), address)
    if who.kind == ADDRESS and token:
        try:
            spectator = auth.spectator_of(token)
            who = Who(LINK, f"{spectator.game_id}:{spectator.channel_id}", address)
        except BadToken:
            pass
    request[WHO] = who
    return who


# --- rates ----------------------------------------------------------------------------------------------------

@dataclass
class Buckets:
    """Leaky buckets by key: each request fills its bucket by one, which drains at `rate` a second; a full one
    (`burst`) refuses. Each call says the rate and size, so an allowance may grow (a link's, with its watchers),
    and room made by growing is there at once."""

    now: Callable[[], float] = time.monotonic
    forget_after: float = 60.0  # an idle bucket has drained by then, and is forgotten when there are many
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (level, when)
    _swept: float = 0.0

    def allow(self, key: str, rate: float, burst: float) -> bool:
        now = self.now()
        level, when = self.buckets.get(key, (0.0, now))
        level = max(0.0, level - (now - when) * rate)
        if len(self.buckets) > 10_000 and now - self._swept > 1.0:
            self._swept = now
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < self.forget_after}
        if level + 1 > burst:
            self.buckets[key] = (level, now)
            return False
        self.buckets[key] = (level + 1, now)
        return True


# --- streams --------------------------------------------------------------------------------------------------

@dataclass
class Streams:
    """The live-update streams open now, by identity and by address."""

    caps: Caps = field(default_factory=Caps)
    open: Counter[str] = field(default_factory=Counter)
    total: int = 0

    def take(self, who: Who) -> tuple[str, dict[str, int]] | None:
        """Count one more stream for `who`; or, beyond a cap, the refusal's words and values (nothing counted)."""
        if self.total >= self.caps.overall:
            return BOARD_FULL, {}
        for kind, key in self._keys(who):
            limit = self.caps.of(kind)
            if self.open[f"{kind}:{key}"] >= limit:
                return TOO_MANY_STREAMS[kind], {"limit": limit}
        for kind, key in self._keys(who):
            self.open[f"{kind}:{key}"] += 1
        self.total += 1
        return None

    def release(self, who: Who) -> None:
        for kind, key in self._keys(who):
            name = f"{kind}:{key}"
            self.open[name] -= 1
            if self.open[name] <= 0:
                del self.open[name]
        self.total -= 1

    def of(self, who: Who) -> int:
        return self.open[who.name]

    @staticmethod
    def _keys(who: Who) -> list[tuple[str, str]]:
        keys = [(who.kind, who.key)]
        if who.kind != ADDRESS:
            keys.append((ADDRESS, who.address))
        return keys


# --- the web board's limits together --------------------------------------------------------------------------

@dataclass
class Limits:
    """Every limit of the web board: requests a second, open streams, and the Activity's code exchanges."""

    trusted: tuple[Network, ...] = ()
    caps: Caps = field(default_factory=Caps)
    rate: float = RATE
    now: Callable[[], float] = time.monotonic
    requests: Buckets = field(init=False)
    exchanges: Buckets = field(init=False)
    streams: Streams = field(init=False)

    def __post_init__(self) -> None:
        self.requests = Buckets(self.now)
        self.exchanges = Buckets(self.now)
        self.streams = Streams(self.caps)

    def who(self, request: web.Request, auth: Auth) -> Who:
        """Whom the request counts against (the trusted proxies' X-Forwarded-For believed)."""
        return identify(request, auth, self.trusted)

    def allow(self, who: Who) -> bool:
        """Whether one more request of `who` is served now."""
        if who.kind == LINK:
            watching = self.streams.of(who)
            rate = min(LINK_RATE_MOST, LINK_RATE + LINK_RATE_PER_STREAM * watching)
            return self.requests.allow(who.name, max(self.rate, rate),
                                       max(self.rate, LINK_BURST + LINK_BURST_PER_STREAM * watching))
        return self.requests.allow(who.name, self.rate, self.rate)

    def may_exchange(self, address: str) -> bool:
        """Whether a sign-in code from `address` may be sent to Discord now: its address's allowance and everyone's."""
        if not self.exchanges.allow(f"{ADDRESS}:{address}", EXCHANGE_RATE, EXCHANGE_BURST):
            return False
        return self.exchanges.allow("*", EXCHANGES_RATE, EXCHANGES_BURST)
