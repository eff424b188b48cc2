"""The conformance kit catches games that break the protocol.

Each test wraps a correct engine and breaks one promise; ``check_game`` must notice.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import boardgames
from boardgames._knowledge_checks import chi_square_quantile
from boardgames.games.magellan_elcano import (
    Action,
    MagellanElcano,
    MagellanObservation,
    MagellanPosition,
    MagellanState,
    Pass,
)
from boardgames.games.magellan_elcano.heuristic import MagellanHeuristicBot
from boardgames.testing import (
    ConformanceError,
    check_bot,
    check_edits,
    check_game,
    check_loaded,
)


class _Wrapped(MagellanElcano):
    def __init__(self) -> None:
        super().__init__(players=3)


class _LeakyObservation(_Wrapped):
    """Shows the next seat's hand in the observation (as if it were the observer's)."""

    def observe(self, state: MagellanState, player: int) -> MagellanObservation:
        observation = super().observe(state, player)
        neighbour = state.crews[(player + 1) % state.players]
        return attrs.evolve(observation, hand=observation.hand | neighbour.hand)


class _AcceptsIllegal(_Wrapped):
    """Lets the first player pass before he has played (breaks A-MAG-4 silently)."""

    def apply(self, state: MagellanState, action: Action) -> MagellanState:
        if isinstance(action, Pass) and not state.first_has_played:
            return attrs.evolve(state, first_has_played=True)
        return super().apply(state, action)


class _UnstableOrder(_Wrapped):
    """Returns the legal actions in a different order on every call."""

    calls = 0

    def legal_actions(self, state: MagellanState) -> Sequence[Action]:
        actions = list(super().legal_actions(state))
        type(self).calls += 1
        if self.calls % 2:
            actions.reverse()
        return actions


class _RandomSetup(_Wrapped):
    """Ignores the seed for part of the setup."""

    counter = 0

    def new_game(self, seed: int) -> MagellanState:
        type(self).counter += 1
        return super().new_game(seed + self.counter)


class _NotTerminalAtEnd(_Wrapped):
    """Claims the game goes on although no action is left."""

    def is_terminal(self, state: MagellanState) -> bool:
        return False


class _NamesFaceDownCards(MagellanElcano):
    """Tells every seat which card was played face down in a storm (five players)."""

    def __init__(self) -> None:
        super().__init__(players=5)

    def describe_action(self, observation: MagellanObservation, action: Action, viewer: int) -> str:
        return str(action)


class _AnySeat(_Wrapped):
    """Treats any player number as a seat, wrapping around."""

    def observe(self, state: MagellanState, player: int) -> MagellanObservation:
        return super().observe(state, player % state.players)


class _WrongSeedError(_Wrapped):
    """Fails on a bad seed with a TypeError instead of a ConfigurationError."""

    def new_game(self, seed: int) -> MagellanState:
        return super().new_game(seed + 0)


class _ScriptedPicture(_Wrapped):
    """Puts a script into the picture of an observation."""

    def render_observation_svg(self, observation: MagellanObservation) -> str:
        picture = super().render_observation_svg(observation)
        return picture.replace("</svg>", "<script>alert(1)</script></svg>")


class _PictureOfTheMoment(_Wrapped):
    """Draws something besides the observation: how many pictures it drew before."""

    drawn = 0

    def render_observation_svg(self, observation: MagellanObservation) -> str:
        type(self).drawn += 1
        picture = super().render_observation_svg(observation)
        return picture.replace("</svg>", f"<!-- {self.drawn} --></svg>")


class _LongExplanation(_Wrapped):
    """Explains an action over two lines."""

    def explain_action(self, observation: MagellanObservation, action: Action) -> str:
        return super().explain_action(observation, action) + "\nand more"


class _ForgetfulPosition(_Wrapped):
    """Leaves the passed flags out of a state's position."""

    def position(self, state: MagellanState) -> MagellanPosition:
        position = super().position(state)
        seats = tuple(attrs.evolve(seat, passed=False) for seat in position.seats)
        return attrs.evolve(position, seats=seats)


class _DealsNewHands(_Wrapped):
    """Sets a position up with every hand drawn from the seed, whatever it names."""

    def setup(self, position: MagellanPosition, seed: int = 0) -> MagellanState:
        if isinstance(position, MagellanPosition):
            seats = tuple(attrs.evolve(seat, hand=frozenset()) for seat in position.seats)
            position = attrs.evolve(position, seats=seats)
        return super().setup(position, seed)


class _SetsUpText(_Wrapped):
    """Reads a text given to ``setup`` in place of a position."""

    def setup(self, position: MagellanPosition | str, seed: int = 0) -> MagellanState:
        if isinstance(position, str):
            position = self.parse_position(position)
        return super().setup(position, seed)


class _CrashingParse(_Wrapped):
    """Crashes on an empty text rather than raising a NotationError."""

    def parse_position(self, text: str) -> MagellanPosition:
        if not text:
            raise IndexError("no first line")
        return super().parse_position(text)


@pytest.mark.parametrize(
    ("game", "complaint"),
    [
        (_ForgetfulPosition(), "position"),
        (_SetsUpText(), "the position hooks accept the text of a position"),
        (_CrashingParse(), "an empty text given to the position hooks raises IndexError"),
        (_DealsNewHands(), r"setup\(position\(s\)\) has another position"),
        (_ScriptedPicture(), "holds a <script> element"),
        (_PictureOfTheMoment(), "changes in a dumps/loads round trip"),
        (_LongExplanation(), "is not one non-empty line"),
        (_LeakyObservation(), "observation of seat 0"),
        (_AcceptsIllegal(), "accepted"),
        (_UnstableOrder(), "not deterministic"),
        (_RandomSetup(), "new_game is not deterministic"),
        (_NotTerminalAtEnd(), "iff terminal"),
        (_AnySeat(), r"observe\(state, -1\) was accepted"),
        (_NamesFaceDownCards(), r"describe_action tells seat \d PlayFaceDown"),
        (_WrongSeedError(), r"new_game\('1'\) raised TypeError"),
    ],
    ids=[
        "forgetful-position",
        "sets-up-text",
        "crashing-parse",
        "deals-new-hands",
        "scripted-picture",
        "picture-of-the-moment",
        "long-explanation",
        "leaky-observation",
        "accepts-illegal",
        "unstable-order",
        "random-setup",
        "never-ends",
        "any-seat",
        "names-face-down-cards",
        "seed-type-error",
    ],
)
def test_kit_catches(game: Any, complaint: str) -> None:
    with pytest.raises(ConformanceError, match=complaint):
        check_game(game, seeds=(1,))


def test_report_counts_what_was_checked() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    report = check_game(game, seeds=(5,), sample_every=1, position_every=1)
    assert 1 == report.games
    assert report.decisions * 2 * 2 == report.samples
    assert report.actions_applied >= report.decisions
    assert 0 == report.truncated
    assert report.decisions + 2 <= report.positions <= 2 * (report.decisions + 2)


class _MutatesOnRefusal(_Wrapped):
    """Writes into the state it is given before refusing an action."""

    def apply(self, state: MagellanState, action: Action) -> MagellanState:
        try:
            return super().apply(state, action)
        except boardgames.IllegalActionError:
            if isinstance(state, MagellanState):
                object.__setattr__(state, "history", (*state.history, (0, Pass())))
            raise


def test_kit_catches_a_refusal_that_modifies_the_state() -> None:
    with pytest.raises(ConformanceError, match="modified its input state"):
        check_game(_MutatesOnRefusal(), seeds=(1,))


# check_edits and check_loaded: edited documents must be refused or safe to play on.


def _registered_variant(name: str, check_state: Any) -> type[MagellanElcano]:
    """A copy of Magellan under another name whose ``check_state`` is ``check_state``."""
    rules = types.SimpleNamespace(**vars(MagellanElcano.rules))
    rules.check_state = check_state

    class Variant(MagellanElcano):
        info = attrs.evolve(MagellanElcano.info, name=name)

    Variant.rules = rules  # type: ignore[assignment]
    boardgames.register_game(Variant)
    return Variant


@pytest.fixture
def registered() -> Iterator[list[str]]:
    """Names registered by a test, unregistered afterwards."""
    names: list[str] = []
    yield names
    for name in names:
        boardgames.unregister_game(name)


def test_check_edits_passes_a_careful_game() -> None:
    report = check_edits(boardgames.make("magellan-elcano", players=3), documents=60)
    assert 60 == report.documents == report.refused + report.accepted
    assert report.refused > 0
    assert report.accepted > 0
    assert report.states_checked >= report.accepted


def test_check_edits_catches_a_check_that_accepts_anything(registered: list[str]) -> None:
    """A game whose check_state accepts every state loads edits it cannot play on."""
    registered.append("magellan-trusting")
    game = _registered_variant("magellan-trusting", lambda state: None)(players=3)
    with pytest.raises(ConformanceError, match=r"loads, but(.|\n)*the state with data\["):
        check_edits(game, documents=300)


def test_check_loaded_catches_a_check_that_crashes(registered: list[str]) -> None:
    """A crashing check: ``loads`` makes it a SerializationError, the kit calls it a bug."""

    def crash(state: object) -> None:
        raise OverflowError("too many digits")

    registered.append("magellan-crashing")
    game = _registered_variant("magellan-crashing", crash)(players=2)
    text = boardgames.dumps(game.new_game(1)).replace("magellan-elcano", "magellan-crashing")
    with pytest.raises(boardgames.SerializationError, match="failed with OverflowError"):
        boardgames.loads(text)
    with pytest.raises(ConformanceError, match="the game's check crashed"):
        check_loaded(game, text)


def test_check_loaded_accepts_a_refused_document() -> None:
    game = boardgames.make("magellan-elcano", players=2)
    assert check_loaded(game, "{}") is None
    checked = check_loaded(game, boardgames.dumps(game.new_game(1)))
    assert checked is not None
    assert checked > 1


@pytest.mark.parametrize(
    ("degrees", "probability", "quantile"),
    [
        (1, 0.95, 3.841458821),
        (1, 0.9999, 15.13670523),
        (2, 0.9999, 18.42068074),
        (9, 0.9999, 33.71994844),
        (23, 0.9999, 57.07464314),
        (100, 0.99, 135.8067232),
        (2000, 0.9999, 2243.808355),
    ],
)
def test_the_sampler_check_uses_true_chi_square_quantiles(
    degrees: int, probability: float, quantile: float
) -> None:
    """The thresholds of ``check_sampler`` (values from a statistics table, to 9 digits)."""
    assert chi_square_quantile(degrees, probability) == pytest.approx(quantile, rel=1e-8)


# check_bot: a bot's answers must be legal and depend on the observation's value and the rng.


class _AnswersNone:
    """Returns ``None`` instead of an action."""

    def choose(self, observation: object, legal_actions: Sequence[Action], rng: Any) -> Any:
        return None


class _CountsCalls:
    """Takes the legal actions in turn: its answer depends on how often it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: object, legal_actions: Sequence[Action], rng: Any) -> Action:
        self.calls += 1
        return legal_actions[self.calls % len(legal_actions)]


class _KnowsTheObject:
    """Keeps its answer for the observation object it last saw, and counts the others."""

    def __init__(self) -> None:
        self.last: object = None
        self.answer: Action | None = None
        self.fresh = 0

    def choose(self, observation: object, legal_actions: Sequence[Action], rng: Any) -> Action:
        if observation is not self.last or self.answer not in legal_actions:
            self.fresh += 1
            self.last, self.answer = observation, legal_actions[self.fresh % len(legal_actions)]
        assert self.answer is not None
        return self.answer


@pytest.mark.parametrize(
    ("bot", "complaint"),
    [
        (_AnswersNone(), r"decision 1 of _AnswersNone: it chose None, which is not one of the"),
        (_CountsCalls(), r"asked again with the same observation and a generator in the same"),
        (_KnowsTheObject(), r"for a copy of the observation sent through dumps/loads it chose"),
    ],
    ids=["illegal", "not-by-its-rng", "not-by-the-value"],
)
def test_check_bot_catches(bot: Any, complaint: str) -> None:
    game = boardgames.make("magellan-elcano", players=3)
    with pytest.raises(ConformanceError, match=complaint) as caught:
        check_bot(game, bot, seed=4)
    assert isinstance(caught.value, AssertionError)
    assert str(caught.value).startswith("magellan-elcano (3 players) seed 4 seat 0, decision ")


def test_check_bot_plays_the_games_play_would_with_the_bot_in_each_seat() -> None:
    game = boardgames.make("magellan-elcano", players=3)
    bot = MagellanHeuristicBot()
    report = check_bot(game, bot, seed=7)
    assert (3, 3) == (report.games, len(report.records))
    for index, record in enumerate(report.records):
        bots: list[boardgames.Bot[Any, Any]] = [boardgames.RandomBot() for _ in range(3)]
        bots[index % 3] = bot
        assert boardgames.play(game, bots, seed=7 + index) == record
    assert report.decisions > 3 * 10
    assert 5 == check_bot(game, boardgames.RandomBot(), games=5).games


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        ({"bot": "random"}, "is not a bot"),
        ({"games": 0}, "games must be a positive int or None"),
        ({"games": True}, "games must be a positive int or None"),
        ({"seed": 1.5}, "seed"),
        ({"max_decisions": -1}, "max_decisions"),
        ({"round_trip_every": 0}, "round_trip_every must be a positive int, not 0"),
    ],
)
def test_check_bot_refuses_bad_arguments(arguments: dict[str, Any], complaint: str) -> None:
    call: dict[str, Any] = {"bot": boardgames.RandomBot(), **arguments}
    game = boardgames.make("magellan-elcano", players=2)
    with pytest.raises(boardgames.ConfigurationError, match=complaint):
        check_bot(game, **call)


def test_the_copies_check_catches_cards_that_are_not_identical() -> None:
    """``check_copies`` fails when the exchanged cards can be told apart, or nothing changed.

    Swapping two storm cards of different values changes what is turned up, so some seat
    is shown a difference; swapping two of the same value changes nothing anyone sees.
    """
    from boardgames.games.magellan_elcano.components import STORM_CARDS
    from boardgames.testing import check_copies

    game = MagellanElcano(players=5)
    state = game.new_game(3)
    deck = list(state.storm_deck)

    def swapped(first: int, second: int) -> Any:
        cards = list(deck)
        cards[first], cards[second] = cards[second], cards[first]
        return attrs.evolve(state, storm_deck=tuple(cards))

    points = [STORM_CARDS[card].points for card in deck]
    same = next((i, j) for i in range(len(deck)) for j in range(i) if points[i] == points[j])
    other = next((i, j) for i in range(len(deck)) for j in range(i) if points[i] != points[j])
    assert check_copies(game, state, swapped(*same), seed=1, steps=10_000) > 0
    with pytest.raises(ConformanceError, match="shown different things"):
        check_copies(game, state, swapped(*other), seed=1, steps=10_000)
    with pytest.raises(ConformanceError, match="nothing was exchanged"):
        check_copies(game, state, state)
    with pytest.raises(ConformanceError, match="check_state refuses the relabelled state"):
        check_copies(game, state, attrs.evolve(state, storm_deck=(deck[0], *deck)))
