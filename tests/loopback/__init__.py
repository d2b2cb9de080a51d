"""A Discord-compatible loopback server with fault injection, and the real bot run against it.

- server.LoopbackDiscord: REST + gateway on 127.0.0.1 (faults: `server.faults`, `server.gateway`)
- driver: people acting (`server.slash`, `server.press`, `server.autocomplete`) -> `Sent`
- channels.ChannelView: a channel as people see it, with assertions (`server.channel(ch)`)
- process.BotProcess / BotProcesses: `python -m bot` started, stopped, SIGKILLed, restarted
- inprocess.running_bot: the real TneBot in this process, over real sockets
- fixtures: `loopback` and `bot_processes` (imported by tests/conftest.py)
"""

from tests.loopback.channels import ChannelView
from tests.loopback.driver import Refused, Sent
from tests.loopback.faults import Rule
from tests.loopback.inprocess import running_bot
from tests.loopback.model import Attachment, Channel, Guild, Message, User
from tests.loopback.process import BotProcess, BotProcesses
from tests.loopback.ratelimit import Limit, RateLimits
from tests.loopback.server import LoopbackDiscord

__all__ = ["Attachment", "BotProcess", "BotProcesses", "Channel", "ChannelView", "Guild", "Limit",
           "LoopbackDiscord", "Message", "RateLimits", "Refused", "Rule", "Sent", "User", "running_bot"]
