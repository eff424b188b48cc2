"""The text of Morrigan: renderings in plain words, the legend, and the plain-word choices."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

import boardgames
from boardgames.games.morrigan import (
    Action,
    AddAction,
    CardKind,
    ChooseTarget,
    Conquer,
    Discard,
    Fight,
    LoseCard,
    Morrigan,
    MorriganObservation,
    MorriganState,
    PlayAdversary,
    PlayOrdeal,
    PlaySorcery,
    PlaySpecial,
    PlayTerritory,
    Reinforce,
    ReinforceMaletar,
    Stake,
    TakeFromDiscard,
)
from boardgames.games.morrigan.components import CARD_KINDS
from boardgames.games.morrigan.render import explain_action, legend

K = CardKind


def decisions(players: int, seed: int, **options: bool) -> Iterator[tuple[Morrigan, MorriganState]]:
    """Yield every undecided state of a random game."""
    game = boardgames.make("morrigan", players=players, **options)
    assert isinstance(game, Morrigan)
    record = boardgames.play(game, [boardgames.RandomBot()] * players, seed=seed)
    for state in boardgames.replay(record):
        if game.current_player(state) is not None:
            yield game, state


def named(observation: MorriganObservation, action: Action) -> list[str]:
    """Return the words the explanation of ``action`` must contain."""
    match action:
        case PlayTerritory(value=value):
            return [f"Territory {value}"]
        case PlayAdversary(value=value):
            return [f"Adversary {value}"]
        case PlayOrdeal(value=value):
            return [f"Ordeal {value}"]
        case Fight(adversary=card) | ChooseTarget(card=card) | LoseCard(card=card):
            return [str(CARD_KINDS[card])]
        case Conquer(territory=card):
            owner = next(
                seat
                for seat, holdings in enumerate(observation.territories)
                if any(holding.card == card for holding in holdings)
            )
            return [str(CARD_KINDS[card]), f"seat {owner}'s"]
        case Reinforce(kind=kind) | Stake(kind=kind) | Discard(kind=kind):
            return [str(kind)]
        case TakeFromDiscard(kind=kind) | PlaySpecial(special=kind):
            return [str(kind)]
        case AddAction(value=value) | ReinforceMaletar(value=value):
            return [f"Action {value}"]
        case PlaySorcery(target=seat):
            return [f"seat {seat}"]
    return []


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {"wide_curse": True}), (4, 3, {"ally_top_only": True}), (5, 4, {})],
)
def test_every_legal_action_is_explained_in_one_distinct_plain_line(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    """Each choice gets one line, naming its card or target, different from the others."""
    for game, state in decisions(players, seed, **options):
        seat = game.current_player(state)
        assert seat is not None
        observation = game.observe(state, seat)
        legal = game.legal_actions(state)
        lines = [game.explain_action(observation, action) for action in legal]
        assert len(set(lines)) == len(lines), lines
        for action, line in zip(legal, lines, strict=True):
            assert line
            assert "\n" not in line
            assert re.search(r"#\d", line) is None  # no card numbers: plain words
            for word in named(observation, action):
                assert word in line, (action, line)


def test_explanations_read_only_the_observation() -> None:
    """The same observation, whatever the hidden cards, gets the same explanations."""
    for index, (game, state) in enumerate(decisions(3, 9)):
        if index % 15:
            continue
        seat = game.current_player(state)
        assert seat is not None
        observation = game.observe(state, seat)
        for seed in (1, 2):
            other = game.observe(game.sample_state(observation, seed), seat)
            for action in game.legal_actions(state):
                assert explain_action(observation, action) == explain_action(other, action)


def test_identical_adversaries_are_told_apart_by_their_place(
    make_game: Callable[..., Morrigan], make_state: Callable[..., MorriganState]
) -> None:
    """Two Adversary 3 in the centre: the two fights say which one, from the left."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ACTION_4]], adversaries=[K.ADVERSARY_3, K.ADVERSARY_3])
    observation = game.observe(state, 0)
    fights = [a for a in game.legal_actions(state) if isinstance(a, Fight)]
    lines = [game.explain_action(observation, action) for action in fights]
    assert 2 == len(lines)
    assert "(1st of 2 from the left)" in lines[0]
    assert "(2nd of 2 from the left)" in lines[1]


def test_a_reinforcement_says_what_the_card_adds(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """On play an Action card adds its value and a Curse is only a bluff (by default)."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_2], [K.ACTION_3, K.CURSE]])
    state = play(game, state, PlayAdversary(2))
    observation = game.observe(state, 1)
    action = game.explain_action(observation, Reinforce(K.ACTION_3))
    curse = game.explain_action(observation, Reinforce(K.CURSE))
    assert "put your Action 3 face down under the Adversary 2 just played" in action
    assert "its defence +3" in action
    assert "bluff" in curse


def test_renderings_say_the_pending_decision_and_the_known_defence(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """The text says who decides what, and each target's defence as far as it is known."""
    game = make_game(3)
    state = make_state(3, hands=[[K.ADVERSARY_2], [K.ACTION_3], [K.ACTION_1, K.ACTION_2]])
    state = play(game, state, PlayAdversary(2), Reinforce(K.ACTION_3))
    seen = game.render_observation(game.observe(state, 0))
    assert "now: seat 2 may put a card face down under the Adversary 2 just played" in seen
    assert "[s1:?~] (defence 2 or more)" in seen
    assert "[s1:Ac3~] (defence 5)" in game.render_state(state)
    assert "[s1:Ac3~] (defence 5)" in game.render_observation(game.observe(state, 1))


def test_the_whole_discard_pile_is_listed_when_the_ally_picks(
    make_game: Callable[..., Morrigan],
    make_state: Callable[..., MorriganState],
    play: Callable[..., MorriganState],
) -> None:
    """Unexpected Ally offers every kind of the discard pile, so the text lists them all."""
    game = make_game(3)
    discard = [K.TERRITORY_5, *[K.ACTION_1] * 12, K.ORDEAL_3]
    state = make_state(3, hands=[[K.UNEXPECTED_ALLY]], discard=discard)
    state = play(game, state, PlaySpecial(K.UNEXPECTED_ALLY))
    text = game.render_observation(game.observe(state, 0))
    assert "the whole discard pile: 12xAc1 1xOr3 1xTe5" in text
    observation = game.observe(state, 0)
    assert [
        "take one Action 1 from the discard pile into your hand (12 copies there)",
        "take one Ordeal 3 from the discard pile into your hand (1 copy there)",
        "take one Territory 5 from the discard pile into your hand (1 copy there)",
    ] == [game.explain_action(observation, action) for action in game.legal_actions(state)]


CODES = [
    (r"\bAc\d", "Ac = Action"),
    (r"\bOr\d", "Or = Ordeal"),
    (r"\bAd\d", "Ad = Adversary"),
    (r"\bTe\d", "Te = Territory"),
    (r"#\d", "#68 ="),
    (r"s\d:", "s2 = placed by seat 2"),
    (r":\?", "? = you cannot see it"),
    (r"!", "! ="),
    (r"~", "~ ="),
    (r"\(defence \d+", "(defence N)"),
    (r"or more\)", '"or more"'),
    (r"^\* seat", "* = the seat to move"),
    (r"known non-Action", "known non-Action"),
    (r"\(top last\)", "(top last)"),
    (r"\.\.\. ", "... = older"),
    (r"\d+x[A-Z]", "2xAc3"),
    (r"in force:", "in force:"),
    (r"ordeal ", "ordeal:"),
    (r"attack on ", "attack on X"),
    (r"duel: ", "duel:"),
    (r"you know of:", "you know of:"),
    (r"\bAlly\b", "Ally = Unexpected Ally"),
    (r"\bFavourite\b", "Favourite = The King's"),
    (r"\bTreasure\b", "Treasure = Secret Treasure"),
    (r"\bWinter\b", "Winter = Glacial Winter"),
    (r"\bQuake\b", "Quake = Earthquake"),
    (r"face-down card", "stake a face-down card"),
]
"""Each code of the renderings and actions, and the words of the legend that explain it."""


def test_the_legend_explains_every_code_of_the_renderings() -> None:
    """Every code seen in the text of random games has its entry in the legend."""
    text = legend()
    game = boardgames.make("morrigan", players=2)
    assert isinstance(game, Morrigan)
    assert text == game.legend()
    seen: set[str] = set()
    for players, seed in ((3, 216), (5, 19)):
        for index, (game, state) in enumerate(decisions(players, seed)):
            if index % 5:
                continue
            seat = game.current_player(state)
            assert seat is not None
            observation = game.observe(state, seat)
            other = (seat + 1) % players
            lines = [game.render_state(state), game.render_observation(observation)]
            for action in game.legal_actions(state):
                lines.append(str(action))
                lines.append(str(game.describe_action(observation, action, other)))
            for pattern, _ in CODES:
                if any(re.search(pattern, line, re.MULTILINE) for line in lines):
                    seen.add(pattern)
    for pattern, words in CODES:
        assert words in text, pattern
    assert {pattern for pattern, _ in CODES} - seen <= {r"known non-Action", r"\bQuake\b"}
