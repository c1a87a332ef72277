"""What LIE's screens show beyond the rules' view, each built from a view alone: a round played
in the table's seat ids and words, what the forms and counters need, the bid as it is spoken,
and the die face, drawn by a function the partials call (``{{ die(f.face) }}``) because it is in
every hand, bid and showdown row."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from django.utils.html import format_html
from django.utils.safestring import SafeString

from companion.table.games import Now, Played, PlayerRef, Screens, Viewer, listed

from . import rules
from .rules import FACES, Phase


def die(face, counted=False, wild=False):
    """``die(4)``, ``die(d.face, counted=d.counted, wild=d.wild)``."""
    if type(face) is int:  # a face as the rules give it: one of a handful of markups, made once each
        return _die(face, bool(counted), bool(wild))
    return _markup(face, counted, wild)


@functools.lru_cache(maxsize=256)
def _die(face: int, counted: bool, wild: bool) -> SafeString:
    return _markup(face, counted, wild)


def _markup(face, counted, wild) -> SafeString:
    if wild:
        return format_html('<span class="die d{}{} wild" title="a wild one, counted">{}</span>', face,
                           " counted" if counted else "", face)
    return format_html('<span class="die d{}{}">{}</span>', face, " counted" if counted else "", face)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _outs(shown: dict, names: list[str]) -> list[dict]:
    """Each player this round put out, with the rule that did, said to everyone (``why``) and to
    that player (``mine``). Rules seats."""
    loser, cards, tied = shown["loser"], shown["cards"], shown.get("playoff", [])
    outs = []
    for s in shown["eliminated"]:
        if s != loser:
            held = f"{_plural(cards[s], 'card')}{f', fewer than the most ({cards[tied[0]]}),' if tied else ''}"
            why = f"{names[s]} is out (Shorter Game): {held} when {names[loser]} could draw none."
            mine = f"Shorter Game: you had {held} when {names[loser]} could draw none."
        elif not cards or cards[s] == 0:
            why, mine = f"{names[s]} is out: no cards left to draw.", "You have no cards left to draw."
        else:
            why = f"{names[s]} is out: in the play-off, losing a challenge puts a player out."
            mine = "You lost a challenge in the play-off, and that puts a player out."
        outs.append({"seat": s, "why": why, "mine": mine})
    return outs


def _playoff_note(shown: dict, names: list[str]) -> str:
    tied = shown.get("playoff", [])
    if not tied:
        return ""
    return (f"Play-off (Shorter Game): {listed([names[s] for s in tied])}, tied on the most cards "
            f"({shown['cards'][tied[0]]}), play the remaining rounds; losing a challenge now puts a player out.")


def why_won(view: dict) -> str:
    """Why the winner won, in the rulebook's terms."""
    names = {p["seat"]: p["name"] for p in view["players"]}
    winner = names[view["outcome"]["winner"]]
    last = view["showdowns"][-1] if view["showdowns"] else None
    if view["outcome"]["termination"] == rules.Termination.MOST_CARDS and last is not None:
        most = next((r["cards"] for r in last["rows"] if r["seat"] == view["outcome"]["winner"]), None)
        held = f" ({_plural(most, 'card')})" if most is not None else ""
        return f"Shorter Game: {names[last['loser']]} could draw no more cards, and {winner} had the most{held}."
    if view["playoff"]:
        return f"{winner} won the play-off: everyone else is out."
    return f"Everyone else is out: {winner} is the last player left."


def counted(n: int, face: int) -> str:
    """``counted(1, 5)`` is "1 five", ``counted(3, 5)`` "3 fives"."""
    return f"{n} {_FACE_ONE[face] if n == 1 else _FACE_NAMES[face]}"


def settled(view: dict) -> dict | None:
    """The last showdown while it is still the news: from its "Lie!" until the next round's first
    bid. None once a round is under way or was called off."""
    last = view["showdowns"][-1] if view["showdowns"] else None
    if last is None or view["redealt"]:
        return None
    if last["round"] != view["round"] - 1 or view["bids"] or view["phase"] == Phase.COUNTING:
        return None
    return last


def result_words(view: dict, seat: int | None) -> str:
    """What the last "Lie!" settled, said to ``seat`` (None: the whole table), in the rulebook's
    words: the count, who lost and what it costs, who went out and a play-off it began. Empty when
    nothing is news (``settled``) and once the game is over: the end's own words and the showdown
    under them say it then."""
    s = settled(view)
    if s is None or view["outcome"] is not None:
        return ""
    names = {p["seat"]: p["name"] for p in view["players"]}

    def who(x: int) -> str:
        return "you" if x == seat else names[x]

    bid, face = s["challenged"], s["challenged"]["face"]
    wild = " with wild ones" if s["wild_ones"] and face != 1 else ""
    verdict = "the bid held" if s["held"] else "the bid was a lie"
    caller = "You" if s["challenger"] == seat else names[s["challenger"]]
    words = [f"{caller} called Lie on {who(bid['seat'])}: {counted(s['count'], face)}{wild}, {verdict}."]
    cards = {r["seat"]: r["cards"] for r in s["rows"]}
    loser, winner, out = s["loser"], s["winner"], set(s["eliminated"])
    mine = next((o["mine"] for o in s["outs"] if o["seat"] == seat), None)
    # In a play-off, cards do not decide who goes out: the card says the play-off instead of
    # what each player keeps, short enough for the form under it.
    playoff = bool(s["playoff"])
    if mine:
        words.append(mine)
    elif seat == loser:
        words.append(f"You lost the challenge: you draw {_plural(cards[loser], 'card')} next round.")
    elif seat == winner and not playoff:
        words.append(f"You won the challenge: you keep {_plural(cards[winner], 'card')}.")
    # The winner knows who lost: the other one of the two in the challenge.
    if seat not in (loser, winner) and loser not in out:
        words.append(f"{names[loser]} lost the challenge: {_plural(cards[loser], 'card')} next round.")
    if playoff:
        # The play-off names everyone it leaves out, so each one's own reason is not said again.
        tied = sorted(s["playoff"], key=lambda x: x != seat)
        gone = sorted((p["seat"] for p in view["players"] if p["seat"] not in s["playoff"]), key=lambda x: x != seat)
        if len(gone) > 1 and seat not in gone:
            # Those not named are out: a list of them would push the hand form off a phone's first screen.
            words.append(f"Play-off: {listed([who(x) for x in tied])}; everyone else is out.")
        else:
            are = "is" if len(gone) == 1 and gone[0] != seat else "are"
            words.append(f"Play-off: {listed([who(x) for x in tied])}; {listed([who(x) for x in gone])} {are} out.")
        if seat is None or seat in s["playoff"]:
            words.append(f"Losing a challenge now puts {'a player' if seat is None else 'you'} out.")
    else:
        words += [o["why"] for o in s["outs"] if o["seat"] != seat]
    if seat in cards and seat not in (loser, winner) and seat not in out and not playoff:
        words.append(f"You keep {_plural(cards[seat], 'card')}.")
    return " ".join(words)


def showdown(shown: dict, names: list[str]) -> dict:
    """A round played, each player in it a ``PlayerRef``. Its ``hands`` (one per rules seat, None
    for players who were out) becomes a list of ``{"seat", "faces"}`` for those who showed one;
    ``outs`` says why each player it put out is out, ``playoff_note`` names a play-off it began."""
    face, wild = shown["challenged"]["face"], shown["wild_ones"]
    rows = []
    for s, counted in enumerate(shown["counts"]):
        if counted is None:
            continue
        faces = shown["hands"][s]
        rows.append({
            "seat": PlayerRef(s),
            "faces": faces,
            # Each face shown, marked when it counts toward the bid (a wild one marked as such).
            "shown": None if faces is None else [
                {"face": f, "counted": f == face or (wild and f == 1), "wild": wild and f == 1 and face != 1}
                for f in sorted(faces, key=lambda f: (f != face, not (wild and f == 1), f))],
            "face_count": counted["face"], "ones": counted["ones"], "total": counted["face"] + counted["ones"],
            "cards": shown["cards"][s] if shown["cards"] else None,
            "eliminated": s in shown["eliminated"],
        })
    return {
        **shown,
        **{key: PlayerRef(shown[key]) for key in ("opener", "challenger", "winner", "loser")},
        "hands": [{"seat": PlayerRef(s), "faces": faces}
                  for s, faces in enumerate(shown["hands"]) if faces is not None],
        "calls": [{**call, "seat": PlayerRef(call["seat"])} for call in shown["calls"]],
        "challenged": {**shown["challenged"], "seat": PlayerRef(shown["challenged"]["seat"])},
        "eliminated": [PlayerRef(s) for s in shown["eliminated"]],
        "outs": [{**out, "seat": PlayerRef(out["seat"])} for out in _outs(shown, names)],
        "playoff": [PlayerRef(s) for s in shown.get("playoff", [])],
        "playoff_note": _playoff_note(shown, names),
        "counts": None,
        "cards": None,
        "dealt": None,  # by rules seat, like counts and cards: not drawn
        "rows": rows,
    }


_FACE_NAMES = {f: rules.Bid(2, f).spoken().split()[1] for f in FACES}
_FACE_ONE = {f: rules.Bid(1, f).spoken().split()[1] for f in FACES}


def screen(view: dict) -> dict:
    """What the screens draw from that every seat sees alike, worked out once a change so
    templates only print (``own_screen`` adds a seat's own)."""
    current, lowest = view["current_bid"], view["lowest_bid"]
    start = lowest or {"quantity": 1, "face": 1}
    last = view["showdowns"][-1] if view["showdowns"] else None
    return {
        # Only legal bids: from just above the current bid to every card in play.
        "quantities": list(range(start["quantity"], view["cards_in_play"] + 1)),
        "start_bid": start,
        # The face picked to begin with: the lowest legal one, but never ones for an opening bid
        # (opening on ones takes the wild ones away, which nobody should do by a slip).
        "pick_face": start["face"] if current is not None else 2,
        "current_spoken": None if current is None else spoken(current),
        "face_names": [{"face": f, "name": _FACE_NAMES[f], "one": _FACE_ONE[f]} for f in FACES],
        "last_showdown": last,
        # Hands to set after a "Lie!": what each player counted, said above the form for the next hand
        # (the reveal's own card, with every hand, sits under that form on a phone).
        "counts_news": settled(view) is not None and view["outcome"] is None and view["phase"] == Phase.SETTING_HANDS
        and not view["app_deals"],
        # The round before this one, when a player's leaving called it off: said until the next bid.
        "called_off_notice": next((off for off in view["called_off"] if off["round"] == view["round"] - 1), None),
        # The round in play when the game ended before its showdown (the host ended it, or the last
        # player but one left): its bids and every hand set or count entered, shown to everyone.
        "ended_round": {"round": view["round"], "hands": view["open_hands"], "counts": view["open_counts"],
                        "bids": view["bids"], "count_at_reveal": view["count_at_reveal"],
                        "by_host": view["outcome"]["termination"] == rules.Termination.ENDED}
        if view["outcome"] and (view["outcome"]["termination"] == rules.Termination.ENDED or view["bids"]
                                or any(h["faces"] is not None for h in view["open_hands"])
                                or view["open_counts"]) else None,
        # The bid called a lie, while everyone counts for it (not the bid under way, which
        # changes with every bid and would redraw each hand).
        "challenged": {"face": current["face"], "name": _FACE_NAMES[current["face"]]}
        if current is not None and view["phase"] == Phase.COUNTING else None,
    }


def own_screen(view: dict, cards: int | None) -> dict:
    """What the screens draw from that is the seat's own (``cards``: its hand size, None for
    the display): its hand, its turn and its moves."""
    hand = view["hand"] or []
    moves = view["legal_moves"]
    return {
        "my_cards": cards,
        "has_hand": cards is not None,  # a player of this game, not a display
        "my_turn": view["seat"] is not None and view["turn"] == view["seat"],
        # Each region's own moves, so that a move it does not show leaves its drawing as it was.
        "hand_moves": [m for m in moves if m["type"] in ("set_hand", "show_count")],
        # The bid picker and its Bid button first, then "Lie!": a bidder's first screen holds the
        # whole picker, and the one big button to call a lie follows it, above the peek at the hand.
        "picker_moves": sorted((m for m in moves if m["type"] in ("choose_direction", "bid", "challenge")),
                               key=lambda m: m["type"] == "challenge"),
        "leave_move": next((m for m in moves if m["type"] == "forfeit" and m["allowed"]), None),
        # The tap counters: how many of each face this seat has turned up (0 until a hand is set).
        "hand_counts": [{"face": f, "name": _FACE_NAMES[f], "one": _FACE_ONE[f], "count": hand.count(f)} for f in FACES],
        # The odds helper's chance for each bid the picker may land on, for the picker to show.
        "odds_next_json": json.dumps(view["odds"]["next"]) if view["odds"] and view["odds"].get("next") else "",
    }


def spoken(bid: dict) -> str:
    return rules.Bid(bid["quantity"], bid["face"]).spoken()


class LieScreens(Screens):
    blurb = ("Bid on the dice showing across every hand, or call “Lie!”. The app checks bids, "
             "keeps the turn order, counts the dice and tracks hand sizes.")
    headcount = f"{rules.MIN_PLAYERS}–{rules.MAX_PLAYERS} players"
    stylesheet = "css/lie.css"
    script = "js/lie.js"
    template_functions: ClassVar[dict[str, Callable[..., Any]]] = {"die": die}
    acts_inline = True

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        # The start refuses these two together: said beside each box too, where the host unticks one.
        if setup.get("app_deals") and setup.get("count_at_reveal"):
            return {"app_deals": f"Not with Count at reveal. {rules.DEALS_AND_COUNTS}",
                    "count_at_reveal": f"Not with The app deals. {rules.DEALS_AND_COUNTS}"}
        return {}

    def now(self, view: dict, viewer: Viewer) -> Now:
        # The platform names the seats in waiting_for under the headline, so headlines do not.
        me = next((p for p in view["players"] if p["seat"] == viewer.seat_id), None)
        # What the last "Lie!" settled, for this seat: it leads the detail until the next round's
        # first bid, since on a phone the showdown itself sits below the form of what to do next.
        # The table display has no form: its showdown card comes first and says it all.
        news = "" if me is None else result_words(view, me["seat"])
        outcome = view["outcome"]
        if outcome is not None:
            if outcome["termination"] == rules.Termination.ENDED:
                return Now("The host ended the game: nobody wins",
                           f"It ended in round {view['round']}; every hand set in it is shown.")
            why = why_won(view)
            if me is not None and outcome["winner"] == me["seat"]:
                return Now("You win!", why)
            winner = next(p["name"] for p in view["players"] if p["seat"] == outcome["winner"])
            return Now(f"{winner} wins!", why)
        if me is not None and me["left"]:
            return Now("You left this game", "The others play on without you.")
        if me is not None and me["out"]:
            why = next((o["mine"] for s in view["showdowns"] for o in s["outs"] if o["seat"] == me["seat"]), "")
            return Now("You are out of this game", f"{news or why} Watch the others play on.".strip())
        phase = view["phase"]
        if phase == Phase.SETTING_HANDS:
            if me is None:
                if view["app_deals"]:
                    return Now("The app has dealt: everyone sets a hand", news)
                return Now("Everyone draws cards and sets a hand", news)
            if not me["hand_set"]:
                cards = me["cards"]
                if view["app_deals"]:
                    dealt = f"{cards} cards are" if cards != 1 else "1 card is"
                    return Now(f"Your {dealt} dealt: set your hand",
                               news or "Tap the end of each card you will use; you may leave cards unused.",
                               my_turn=True)
                return Now(f"Draw {cards} card{'s' if cards != 1 else ''} and enter your hand",
                           news or "Turn each card so the die you will use is on top; you may leave cards unused.",
                           my_turn=True)
            return Now("Your hand is set", news or "You may change it until the last player sets theirs.")
        if phase == Phase.COUNTING:
            bid = spoken(view["current_bid"])
            if me is None:
                return Now(f"“Lie!” Everyone counts for {bid}")
            if view["my_count"] is None:
                face = rules.Bid(2, view["current_bid"]["face"]).spoken().split()[1]
                wild = " and your ones (wild)" if view["ones_wild"] and view["current_bid"]["face"] != 1 else ""
                return Now(f"“Lie!” Show your hand and count your {face}{wild}",
                           f"The challenged bid: {bid}.", my_turn=True)
            return Now("Your count is in", "You may change it until the last player enters theirs.")
        my_turn = me is not None and view["turn"] == me["seat"]
        if phase == Phase.CHOOSING_DIRECTION:
            if my_turn:
                return Now("Choose the direction of play", news or "Clockwise (to your left) or counter clockwise.",
                           my_turn=True)
            return Now("Waiting for the opener to choose the direction of play", news)
        current = view["current_bid"]
        if current is None:
            draw = ""
            if view["count_at_reveal"] and me is not None:
                draw = f"Draw {me['cards']} card{'s' if me['cards'] != 1 else ''} and set your hand first. "
            if my_turn:
                return Now("Your turn: make the opening bid", f"{news} {draw}".strip() if news
                           else draw + "Say it out loud as you tap.", my_turn=True)
            return Now("Waiting for the opening bid", f"{news} {draw}".strip())
        if my_turn:
            return Now("Your turn: bid or call Lie!", f"The bid to beat: {spoken(current)}.", my_turn=True)
        return Now("Waiting for a higher bid or a call of Lie!", f"The bid: {spoken(current)}.")

    def when_gone(self, played: Played, player: int) -> str:
        if player not in played.state.in_game:
            return ""
        return ("Wait for them to come back, tap No phone beside their name to play their turns from your "
                "phone, or remove their seat: they forfeit (their cards leave the game) and the others play on.")

    def moment(self, view: dict) -> str:
        """The last showdown: who called Lie on whose bid, and what the count said."""
        last = view.get("last_showdown")
        if not last or not last.get("challenged"):
            return ""
        names = {p["seat"]: p["name"] for p in view["players"]}
        bid = last["challenged"]
        verdict = "the bid held" if last["held"] else "the bid was a lie"
        return (f"{names.get(last['challenger'], '?')} called Lie on {names.get(bid['seat'], '?')}'s "
                f"{spoken(bid)}: there {'was' if last['count'] == 1 else 'were'} {counted(last['count'], bid['face'])}, "
                f"{verdict}.")

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        if not hands_shown(before, shown):
            return ""
        return HANDS_SEEN if before.state.app_deals else HANDS_SEEN_AT_TABLE


# What undoing means once the app's deal was shown to everyone: said in the host's confirm and the notice.
HANDS_SEEN = "Everyone has seen the hands: the app deals this round again with fresh hands, and its bids start over."
HANDS_SEEN_AT_TABLE = ("Everyone has seen the hands: this round starts over. Shuffle and deal the cards again, "
                       "everyone sets their new hand, and its bids start over.")


def hands_shown(before: Played, shown: Sequence[Played]) -> bool:
    """Whether a state every screen has shown since ``before`` showed everyone the hands of its
    round (the app's deal, or hands typed in from the table's cards), in a game that going back
    leaves on."""
    state = before.state
    if state.outcome is not None:
        return False
    if not state.app_deals and not any(h is not None for h in state.hands):
        return False  # nothing of the round is stored yet: nothing to hide again
    return any(rules.shows_hands(state, later.state) for later in shown)
