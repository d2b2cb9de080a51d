"""A fast one-look score for every action, without playing it: the easy level's brain and the
move ordering (the priors) of the stronger levels."""

from collections.abc import Sequence
from functools import lru_cache

from engine.ai.features import Survey
from engine.analysis import EMPTY, Facts
from engine.constants import BLUE, COLOURS, GREEN, RED
from engine.squares import COLS, NEIGHBOURS, SQUARE_INDEX


def colour_need(points: Sequence[int]) -> list[float]:
    """How much one more point of each colour is worth: more for the weakest colours (score = minimum)."""
    mean = sum(points[:4]) / 4
    return [min(2.0, max(0.5, 1.0 + 0.35 * (mean - points[c]))) for c in range(4)]


def temples_beside(state: Facts, sq: int, skip: int = -1) -> int:
    tile, down = state.tile, state.down
    return sum(1 for nb in NEIGHBOURS[sq] if nb != skip and tile[nb] == RED and not down[nb])


def _completes_block(state: Facts, colour: int, sq: int) -> bool:
    """Would a tile of colour on sq finish a 2x2 face-up block of that colour?"""
    tile, down = state.tile, state.down
    # Every block holding sq holds two of its orthogonal neighbours: without one of that colour, none.
    if not any(tile[nb] == colour and not down[nb] for nb in NEIGHBOURS[sq]):
        return False
    r, c = divmod(sq, COLS)
    for dr in (0, 1):
        for dc in (0, 1):
            top = sq - dr * COLS - dc
            tr, tc = r - dr, c - dc
            if tr < 0 or tc < 0 or tr > 9 or tc > 14:
                continue
            others = [x for x in (top, top + 1, top + COLS, top + COLS + 1) if x != sq]
            if all(tile[x] == colour and not down[x] for x in others):
                return True
    return False


class Scorer:
    """Scores action moves for one seat in one position."""

    def __init__(self, state: Facts, board: Survey, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.board = board
        me = state.players[seat]
        self.need = colour_need(me.points)
        self.hand = me.hand
        self.opponents = state.n - 1
        self.rival_weight = 0.7 if state.n == 2 else 0.35
        self.staying: dict[int, float] = {}  # colour -> worth of the square its leader stands on
        # Per square, what every colour's move there shares: kingdoms beside it, and a leader spot's survey.
        self._kingdoms: dict[int, list[int]] = {}
        self._spots: dict[int, tuple[list[int], list[int], int, int, int]] = {}

    def kingdoms_beside(self, sq: int) -> list[int]:
        out = self._kingdoms.get(sq)
        if out is not None:
            return out
        label, leaders = self.board.regions.label, self.board.regions.leaders
        out = []
        for nb in NEIGHBOURS[sq]:
            r = label[nb]
            if r >= 0 and leaders[r] and r not in out:
                out.append(r)
        self._kingdoms[sq] = out
        return out

    def score(self, move: str) -> float:
        verb, colour, sq, words = _parsed(move)
        if verb == "tile":
            return self.tile(colour, sq)
        if verb == "leader":
            return self.leader(colour, sq)
        if verb == "withdraw":
            return -1.2
        if verb == "catastrophe":
            return self.catastrophe(sq)
        if verb == "swap":
            return self.swap(words)
        return -1.5  # pass

    def tile(self, colour: int, sq: int) -> float:
        state, seat, b = self.state, self.seat, self.board
        kingdoms = self.kingdoms_beside(sq)
        leaders = b.regions.leaders
        if len(kingdoms) == 2:
            return self.unification(colour, kingdoms)
        if not kingdoms:
            # Building outside kingdoms scores nothing; temples at least open squares for leaders.
            return 0.05 if colour == RED else -0.15
        k = kingdoms[0]
        here = leaders[k]
        scorer = next((code // 4 for code in here if code % 4 == colour), None)
        if scorer is None:
            scorer = next((code // 4 for code in here if code % 4 == 3), None)
        value = 0.0
        if scorer == seat:
            value += self.need[colour]
        elif scorer is not None:
            value -= self.rival_weight
        for code in here:
            if code % 4 == colour:
                value += 0.15 if code // 4 == seat else -0.1  # war strength for that leader
        if colour == RED:
            for nb in NEIGHBOURS[sq]:
                code = state.leader[nb]
                if code != EMPTY:
                    value += 0.25 if code // 4 == seat else -0.15  # revolt strength
        if _completes_block(state, colour, sq):
            mine = sum(1 for code in here if code // 4 == seat)
            value += 0.4 + 0.5 * mine - 0.3 * (len(here) - mine)
        return value

    def unification(self, colour: int, kingdoms: list[int]) -> float:
        seat, b = self.seat, self.board
        leaders = b.regions.leaders
        a, d = kingdoms
        value = -0.1
        for code_a in leaders[a]:
            for code_d in leaders[d]:
                if code_a % 4 != code_d % 4:
                    continue
                c = code_a % 4
                owner_a, owner_d = code_a // 4, code_d // 4
                if seat not in (owner_a, owner_d):
                    continue
                mine_k, theirs_k = (a, d) if owner_a == seat else (d, a)
                # The unification tile itself counts for nobody and leaves the hand.
                my_str = b.colours[mine_k][c] + self.hand[c] - (colour == c)
                their_str = b.colours[theirs_k][c] + 1.5
                if my_str > their_str:
                    value += (1 + b.colours[theirs_k][c]) * self.need[c]
                else:
                    value -= (1 + b.colours[mine_k][c]) * self.need[c]
        return value

    def leader(self, colour: int, sq: int) -> float:
        state, seat = self.state, self.seat
        current = state.players[seat].leaders[colour]
        value = self.spot_value(colour, sq, current)
        if current >= 0:
            stay = self.staying.get(colour)
            if stay is None:
                stay = self.staying[colour] = self.spot_value(colour, current, current, staying=True)
            return value - stay - 0.35
        # A leader in play earns points every turn; in supply it earns nothing.
        return value + 1.0

    def spot(self, sq: int) -> tuple[list[int], list[int], int, int, int]:
        """A leader square's neighbourhood: tiles per colour and leaders in the regions beside it, temples,
        treasures in those regions and river squares beside it."""
        found = self._spots.get(sq)
        if found is not None:
            return found
        b = self.board
        label, leaders = b.regions.label, b.regions.leaders
        rids = []
        for nb in NEIGHBOURS[sq]:
            r = label[nb]
            if r >= 0 and r not in rids:
                rids.append(r)
        tiles = [0, 0, 0, 0]
        codes: list[int] = []
        for r in rids:
            for c in range(4):
                tiles[c] += b.colours[r][c]
            codes.extend(leaders[r])
        river = self.state.board.river
        found = (tiles, codes, temples_beside(self.state, sq), sum(b.treasures[r] for r in rids),
                 sum(1 for nb in NEIGHBOURS[sq] if river[nb]))
        self._spots[sq] = found
        return found

    def spot_value(self, colour: int, sq: int, lifted: int, staying: bool = False) -> float:
        state, seat = self.state, self.seat
        tiles, present, support, treasures, river_beside = self.spot(sq)
        codes = [x for x in present if x != seat * 4 + colour]
        value = 0.25 * min(support, 3)
        rival = next((x // 4 for x in codes if x % 4 == colour), None)
        if rival is not None and not staying:
            mine = support + self.hand[RED]
            theirs = temples_beside(state, state.players[rival].leaders[colour]) + 1.5
            value += 1.2 if mine > theirs else -1.8
        value += 0.12 * min(tiles[colour], 6)
        if colour == 3:
            value += 0.04 * min(sum(tiles), 12)
        if colour == GREEN and treasures >= 1:
            value += 0.3 * treasures
        own = sum(1 for x in codes if x // 4 == seat)
        value += 0.1 * own - 0.05 * (len(codes) - own)
        if colour == BLUE:
            value += 0.05 * river_beside
        return value

    def catastrophe(self, sq: int) -> float:
        state, seat = self.state, self.seat
        value = -2.0
        if state.tile[sq] == RED and not state.down[sq]:
            for nb in NEIGHBOURS[sq]:
                code = state.leader[nb]
                if code != EMPTY and temples_beside(state, nb) == 1:
                    value += -3.0 if code // 4 == seat else 1.6
        return value

    def swap(self, words: list[str]) -> float:
        # Swapping is a last resort when the hand cannot score; weakest-colour tiles are kept.
        value = -0.9 - 0.05 * len(words)
        for w in words:
            value += 0.1 * (1.5 - self.need[COLOURS.index(w)])
        return value


@lru_cache(maxsize=8192)
def _parsed(move: str) -> tuple[str, int, int, list[str]]:
    """A canonical action read once: verb, colour index and square (-1 where it has none), swap's words."""
    parts = move.split()
    verb = parts[0]
    colour = COLOURS.index(parts[1]) if verb in ("tile", "leader", "withdraw") else -1
    sq = SQUARE_INDEX[parts[-1]] if verb in ("tile", "leader", "catastrophe") else -1
    return verb, colour, sq, parts[1:]


def score_moves(state: Facts, board: Survey, seat: int, moves: Sequence[str]) -> list[float]:
    scorer = Scorer(state, board, seat)
    return [scorer.score(m) for m in moves]
