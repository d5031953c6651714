"""Documents of a settlement: its balances and checks, one player's balance explained, and two settlements compared.

Pure reading of `domain/money/settlement.py`'s Settlement, so the settlement, the explanation and the what-if show one
ledger the same way.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from domain.money.ledger import player_account
from domain.money.settlement import Entry, Settlement


def balances_doc(settlement: Settlement, players: list[str]) -> list[dict[str, Any]]:
    """Every account's balance in each unit, in total and by hand; players first, in seat order."""
    seats = {player_account(p): p for p in players}
    order = {account: index for index, account in enumerate(seats)}
    keys = sorted(settlement.totals, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    return [
        {
            "account": account,
            "player": seats.get(account),
            "unit": unit,
            "total": settlement.totals[(account, unit)],
            "by_hand": [{"hand": h, "change": c} for h, c in sorted(settlement.by_hand[(account, unit)].items())],
        }
        for account, unit in keys
    ]


def settlement_doc(settlement: Settlement, players: list[str]) -> dict[str, Any]:
    """The settlement as the API shows it: entries, balances, conservation checks."""
    return {
        "variant": settlement.variant,
        "entries": [entry.doc() for entry in settlement.entries],
        "balances": balances_doc(settlement, players),
        "conservation": [
            {"unit": c.unit, "law": c.law, "held": c.held, "broken_at": c.broken_at, "detail": c.detail}
            for c in settlement.checks
        ],
    }


def explained(settlement: Settlement, player: str) -> dict[str, Any]:
    """One player's balance in each unit, entry by entry in order, with a running total that ends at the balance."""
    account = player_account(player)
    running: dict[str, int] = {}
    lines = []
    for entry in settlement.entries:
        m = entry.movement
        if account not in (m.source, m.destination) or m.source == m.destination:
            continue
        change = m.amount if m.destination == account else -m.amount
        running[m.unit] = running.get(m.unit, 0) + change
        lines.append({**entry.doc(), "change": change, "running_total": running[m.unit]})
    balances = [{"unit": u, "total": settlement.balance(account, u)} for u in sorted(running)]
    return {"player": player, "account": account, "entries": lines, "balances": balances}


SAME, CHANGED, ONLY_RECORDED, ONLY_ALTERNATIVE = "same", "changed", "only-recorded", "only-alternative"


def compared(recorded: Settlement, alternative: Settlement, players: list[str]) -> dict[str, Any]:
    """The entries that differ between the recorded settlement and an alternative, and the difference of every
    balance (alternative minus recorded).

    Entries are aligned by what moved where under which rule, in which hand: an aligned pair whose amount differs
    has changed; an entry with no counterpart is only in the recorded settlement, or only in the alternative.
    """
    olds, news = recorded.entries, alternative.entries
    matcher = SequenceMatcher(None, [e.key() for e in olds], [e.key() for e in news], autojunk=False)
    differences: list[dict[str, Any]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":  # the same movements: those whose amount differs have changed
            pairs = zip(olds[i1:i2], news[j1:j2], strict=True)
            differences += [_difference(old, new) for old, new in pairs if old.movement.amount != new.movement.amount]
            continue
        differences += [_difference(old, None) for old in olds[i1:i2]]
        differences += [_difference(None, new) for new in news[j1:j2]]
    accounts = sorted(set(recorded.totals) | set(alternative.totals))
    seats = {player_account(p): p for p in players}
    balances = [
        {
            "account": account,
            "player": seats.get(account),
            "unit": unit,
            "recorded": recorded.balance(account, unit),
            "alternative": alternative.balance(account, unit),
            "difference": alternative.balance(account, unit) - recorded.balance(account, unit),
        }
        for account, unit in accounts
    ]
    return {"entries": differences, "balances": [b for b in balances if b["difference"]]}


def _difference(old: Entry | None, new: Entry | None) -> dict[str, Any]:
    if old is None:
        change, delta = ONLY_ALTERNATIVE, new.movement.amount if new else 0
    elif new is None:
        change, delta = ONLY_RECORDED, -old.movement.amount
    else:
        change, delta = CHANGED, new.movement.amount - old.movement.amount
    return {
        "change": change,
        "recorded": old.doc() if old else None,
        "alternative": new.doc() if new else None,
        "amount_difference": delta,
    }
