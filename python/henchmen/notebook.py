"""A table for notebooks and text, drawn from the presentation model.

``State._repr_html_`` shows a notebook the
table a spectator sees; :func:`table_html` draws any viewer's layout as one
self-contained block of HTML (the seats around the shared zones, the viewer
at the bottom, card faces with their stats and, on hover, their full text).
:func:`omniscient_layout` is the table with every player's hand face up: it is
only ever drawn when asked for by name.

>>> import henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> html = table_html(state.layout(0))
>>> 'class="hm-table"' in html, "Your hand" in html, "Strike" in html
(True, True, True)
>>> "Strike" in table_html(state.layout("spectator"))  # the spectator sees no hand
False
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from henchmen.replay import Replay
    from henchmen.state import State

#: The places of a table, in the order they are drawn (the viewer's last, at the bottom).
PLACES = ("top", "left", "centre", "right", "bottom")
#: Card fields that are not stats (drawn otherwise, or not at all).
_NOT_STATS = {"name", "kind", "text", "back", "empty", "label", "last"}

_STYLE = """
.hm-table{font:13px/1.3 system-ui,sans-serif;background:#20583a;color:#eef3ea;padding:8px;
border-radius:8px;display:grid;gap:6px;grid-template-columns:1fr 2fr 1fr;
grid-template-areas:"status status status" "top top top" "left centre right" "bottom bottom bottom"}
.hm-status{grid-area:status;font-weight:600}.hm-prompt{color:#ffd24a}
.hm-top{grid-area:top}.hm-left{grid-area:left}.hm-centre{grid-area:centre}
.hm-right{grid-area:right}.hm-bottom{grid-area:bottom}
.hm-zone{background:#2b6b48;border-radius:6px;padding:3px 5px;margin-bottom:4px}
.hm-zone h4{margin:0 0 3px;font-size:12px;font-weight:600;color:#cfe0d4}
.hm-cards{display:flex;flex-wrap:wrap;gap:4px}
.hm-card{width:96px;min-height:44px;border-radius:5px;padding:3px;background:#fffdf6;color:#222;
border:1px solid #8a8168;font-size:11px}
.hm-card b{display:block;font-size:12px}
.hm-back{width:26px;background:#6a3d8f;border:2px solid #eee8}
.hm-empty{background:none;border:1px dashed #cfe0d4;color:#cfe0d4}
.hm-last{outline:3px solid #ffd24a}.hm-counters{grid-area:status;justify-self:end}
"""


def _e(value: object) -> str:
    return html.escape(str(value))


def card_html(card: dict[str, Any]) -> str:
    """One card: a face (name, kind, stats; its text on hover), a back, or an empty place.

    >>> card_html({"name": "Strike", "kind": "attack", "text": "Hit."})
    '<div class="hm-card" title="Hit."><b>Strike</b><i>attack</i></div>'
    >>> card_html({"empty": True, "label": "front left"})
    '<div class="hm-card hm-empty">front left</div>'
    """
    last = " hm-last" if card.get("last") else ""
    if card.get("back"):
        return f'<div class="hm-card hm-back{last}"></div>'
    if card.get("empty"):
        return f'<div class="hm-card hm-empty">{_e(card.get("label", ""))}</div>'
    stats = ", ".join(
        _e(k.replace("_", " ")) if v is True else f"{_e(k.replace('_', ' '))} {_e(v)}"
        for k, v in card.items()
        if k not in _NOT_STATS
    )
    title = f' title="{_e(card["text"])}"' if "text" in card else ""
    body = f"<b>{_e(card.get('name', '?'))}</b><i>{_e(card.get('kind', ''))}</i>"
    if stats:
        body += f"<div>{stats}</div>"
    return f'<div class="hm-card{last}"{title}>{body}</div>'


def zone_html(zone: dict[str, Any]) -> str:
    """A zone: its name and count, then its cards (a deck shows its count only).

    >>> html = zone_html({"id": "deck", "name": "Deck", "role": "deck", "count": 7, "cards": []})
    >>> html.startswith('<div class="hm-zone hm-role-deck" data-zone="deck"><h4>Deck (7)</h4>')
    True
    """
    cards = "".join(card_html(c) for c in zone.get("cards", []))
    return (
        f'<div class="hm-zone hm-role-{_e(zone.get("role", ""))}" '
        f'data-zone="{_e(zone.get("id", ""))}">'
        f"<h4>{_e(zone.get('name', ''))} ({_e(zone.get('count', 0))})</h4>"
        f'<div class="hm-cards">{cards}</div></div>'
    )


def _counters_html(layout: dict[str, Any]) -> str:
    names = {p["seat"]: p["name"] for p in layout.get("players", [])}
    parts = []
    for c in layout.get("counters", []):
        who = f"{names.get(c['owner'], c['owner'])} " if "owner" in c else ""
        top = f"/{c['max']}" if "max" in c else ""
        parts.append(f"{_e(who)}{_e(c['name'])} {_e(c['value'])}{_e(top)}")
    return '<div class="hm-counters">' + " &middot; ".join(parts) + "</div>"


def table_html(layout: dict[str, Any]) -> str:
    """The whole table of a layout as one block of HTML: every zone in its place.

    >>> import henchmen
    >>> html = table_html(henchmen.new_game("villainy", seed=3).layout(0))
    >>> html.count('data-zone="ranks-'), "attack" in html
    (2, True)
    """
    status = _e(layout.get("status", ""))
    if "prompt" in layout:
        status += f' <span class="hm-prompt">{_e(layout["prompt"])}</span>'
    areas = {place: [] for place in PLACES}  # type: dict[str, list[str]]
    for zone in layout.get("zones", []):
        areas.setdefault(zone.get("place", "centre"), []).append(zone_html(zone))
    body = "".join(
        f'<div class="hm-{place}">{"".join(areas[place])}</div>' for place in PLACES if areas[place]
    )
    return (
        f"<style>{_STYLE}</style>"
        f'<div class="hm-table"><div class="hm-status"><b>{_e(layout.get("title", ""))}</b> '
        f"{status}</div>{_counters_html(layout)}{body}</div>"
    )


def replay_html(replay: Replay, viewer: int | str = "spectator", frames: int = 60) -> str:
    """A replay as tables with a step control: the table at each decision (at most ``frames``
    of them, spread over the game, the end always among them), the last one shown.

    The slider needs a notebook that runs a cell's scripts; elsewhere the final table shows.

    >>> import henchmen
    >>> from henchmen.replay import make_replay
    >>> state = henchmen.new_game("parry", seed=1)
    >>> state.apply("end turn")
    >>> html = replay_html(make_replay(state))
    >>> html.count('class="hm-frame"'), 'type="range"' in html
    (2, True)
    """
    positions = [s for s in replay.states() if not s.is_chance]
    if len(positions) > frames:
        keep = {round(i * (len(positions) - 1) / (frames - 1)) for i in range(frames)}
        positions = [s for i, s in enumerate(positions) if i in keep]
    last = len(positions) - 1
    hidden = ' style="display:none"'
    shown = "".join(
        f'<div class="hm-frame" data-step="{s.move_number}"{"" if i == last else hidden}>'
        f"<div>after step {s.move_number}</div>{table_html(s.layout(viewer))}</div>"
        for i, s in enumerate(positions)
    )
    slide = (
        "var f=this.parentNode.querySelectorAll('.hm-frame');"
        "for(var i=0;i<f.length;i++){f[i].style.display=(i==this.value)?'':'none';}"
    )
    control = f'<input type="range" min="0" max="{last}" value="{last}" oninput="{slide}">'
    return f'<div class="hm-replay">{control}{shown}</div>'


def omniscient_layout(state: State) -> dict[str, Any]:
    """The spectator's table with every player's own zones as that player sees them.

    For debugging and teaching only: every hand is face up.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> hands = [z for z in omniscient_layout(state)["zones"] if z["role"] == "hand"]
    >>> all("back" not in c for z in hands for c in z["cards"])
    True
    """
    layout = state.layout("spectator")
    own = {}
    for p in range(state.game.num_players):
        for zone in state.layout(p)["zones"]:
            if zone.get("owner") == p:
                own[zone["id"]] = zone
    layout["zones"] = [
        {**own[z["id"]], "place": z["place"], "name": z["name"]} if z["id"] in own else z
        for z in layout["zones"]
    ]
    layout["status"] = f"{layout.get('status', '')} (omniscient: every hand shown)".strip()
    return layout


__all__ = ["PLACES", "card_html", "omniscient_layout", "replay_html", "table_html", "zone_html"]
