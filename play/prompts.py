"""What the terminal asks the human: the situation in words (strengths in a conflict) and a short prompt."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def side(view: dict, who: int, me: int) -> str:
    """'you', or the seat's dynasty with a capital."""
    return "you" if who == me else str(view["players"][who]["dynasty"]).capitalize()


def conflict(view: dict, seat: int) -> str:
    """A revolt or war as the seat about to commit sees it: who attacks and defends, with what, and the choice."""
    p = view["pending"]
    revolt = p["kind"] == "revolt"
    unit = "temple" if revolt else f"{p['colour']} tile"  # a revolt counts temples beside the leader
    strength = p["strength"]

    def force(role: str) -> str:
        base = plural(strength[role], unit)
        if role == "attacker" and p.get("attacker_commit") is not None:
            committed = p["attacker_commit"]
            return f"{base} + {committed} committed = {strength[role] + committed}"
        return base

    attacker, defender = side(view, p["attacker"], seat), side(view, p["defender"], seat)
    verbs = ("attack" if seat == p["attacker"] else "attacks", "defend" if seat == p["defender"] else "defends")
    title = f"{'Revolt' if revolt else 'War'} over the {p['colour']} leaders"
    have = ((view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)) if seat == p["seat"] else None
    line = (f"{title}: {attacker} {verbs[0]} with {force('attacker')}, "
            f"{defender} {verbs[1]} with {force('defender')} (a tie goes to the defender).")
    if have is not None:
        line += f" You hold {plural(have, p['commit_colour'] + ' tile')}: commit 0 to {have}."
    return line


def war_order(view: dict, seat: int, wars: dict[str, dict]) -> str:
    """Which war to fight first, each choice once with both sides' strengths (`wars`: colour -> that war opened)."""
    who = side(view, view["pending"]["seat"], seat)
    choices = []
    for colour, war in wars.items():
        a, d = war["strength"]["attacker"], war["strength"]["defender"]
        unit = f"{colour} tile"
        choices.append(f"war {colour} ({side(view, war['attacker'], seat)} {plural(a, unit)} against "
                       f"{side(view, war['defender'], seat)} {plural(d, unit)})")
    verb = "choose" if who == "you" else "chooses"
    return f"{who.capitalize()} {verb} which war to fight first: {'; '.join(choices)}."


def situation(view: dict, seat: int, described: str | None, legal: list[str],
              wars: dict[str, dict] | None = None) -> str:
    """The line printed before the prompt: the decision awaited in full, or whose turn and actions left;
    `wars` (colour -> that war opened) gives a war order its strengths."""
    p = view.get("pending")
    if p and p["kind"] in ("revolt", "war"):
        return conflict(view, seat)
    if p and p["kind"] == "war_order" and wars:
        return war_order(view, seat, wars)
    if p:
        choices = f" Choices: {', '.join(legal)}." if len(legal) <= 12 else " Type moves to see the choices."
        return f"{described}.{choices}"
    left = (view.get("turn") or {}).get("actions_left")
    return f"Your turn: {plural(left, 'action')} left." if left is not None else "Your turn."


def commit_range(view: dict, seat: int) -> tuple[str, int] | None:
    """The colour and most tiles the seat may commit now, or None when no commitment is asked of it."""
    p = view.get("pending")
    if not p or p["kind"] not in ("revolt", "war") or p["seat"] != seat:
        return None
    return p["commit_colour"], (view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)


def prompt(view: dict, seat: int) -> str:
    """The short prompt: '[archer] your move: ', '[archer] commit 0-3: '."""
    name = view["players"][seat]["dynasty"]
    p = view.get("pending")
    if p and p["kind"] in ("revolt", "war"):
        have = (view["players"][seat].get("hand") or {}).get(p["commit_colour"], 0)
        return f"[{name}] commit 0-{have}: "
    if p:
        return f"[{name}] your choice: "
    return f"[{name}] your move: "
