"""Tests of bot specs: parsing, the built-in bots, registration and parameter errors."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames import ConfigurationError, GreedyBot, ISMCTSBot, RandomBot, make_bot
from boardgames.bots import (
    BotSpec,
    HasHeuristicBot,
    HumanBot,
    bot_names,
    parse_bot_spec,
    register_bot,
    specs,
)
from boardgames.games.magellan_elcano import MagellanElcano
from boardgames.games.magellan_elcano.heuristic import MagellanHeuristicBot

BUILT_IN = ("greedy", "heuristic", "human", "ismcts", "random")


@pytest.fixture
def game() -> boardgames.Game[Any, Any, Any]:
    return boardgames.make("magellan-elcano", players=3)


@pytest.fixture
def restore_bots() -> Iterator[None]:
    """Let a test register bots; put the bot registry back as it was afterwards."""
    bot_names()
    saved = dict(specs._factories)
    yield
    specs._factories.clear()
    specs._factories.update(saved)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("random", BotSpec("random")),
        (" greedy ", BotSpec("greedy")),
        ("ismcts:iterations=400", BotSpec("ismcts", (("iterations", "400"),))),
        (
            "ismcts:seconds=0.5:exploration=1",
            BotSpec("ismcts", (("seconds", "0.5"), ("exploration", "1"))),
        ),
        ("ismcts:seed=", BotSpec("ismcts", (("seed", ""),))),
    ],
)
def test_parse_bot_spec(text: str, expected: BotSpec) -> None:
    assert expected == parse_bot_spec(text)
    assert text.strip() == str(expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "needs a bot name first"),
        (":iterations=3", "needs a bot name first"),
        ("ismcts:iterations", "parameter 'iterations' should read key=value"),
        ("ismcts:=3", "parameter '=3' should read key=value"),
        ("ismcts:seed=1:seed=2", "parameter 'seed' given twice"),
    ],
)
def test_malformed_specs_are_configuration_errors(text: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        parse_bot_spec(text)


def test_the_built_in_bots_are_registered() -> None:
    assert set(BUILT_IN) <= set(bot_names())
    assert sorted(bot_names()) == list(bot_names())


def test_make_bot_builds_each_built_in_bot(game: boardgames.Game[Any, Any, Any]) -> None:
    assert isinstance(make_bot("random", game), RandomBot)
    greedy = make_bot("greedy:samples=3", game)
    assert isinstance(greedy, GreedyBot)
    assert 3 == greedy.samples
    assert isinstance(make_bot("heuristic", game), MagellanHeuristicBot)
    assert isinstance(make_bot("human", game), HumanBot)
    ismcts = make_bot("ismcts:iterations=50:exploration=0.4:max_depth=30:seed=2", game)
    assert isinstance(ismcts, ISMCTSBot)
    assert (50, None, 0.4, 30, 2) == (
        ismcts.iterations,
        ismcts.seconds,
        ismcts.exploration,
        ismcts.max_depth,
        ismcts.seed,
    )
    timed = make_bot(BotSpec("ismcts", (("seconds", "0.5"),)), game)
    assert isinstance(timed, ISMCTSBot)
    assert (None, 0.5) == (timed.iterations, timed.seconds)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("robot", "unknown bot 'robot'; registered bots: greedy, heuristic, human, ismcts"),
        ("random:seed=1", "unknown parameter 'seed' for bot 'random'; allowed parameters: none"),
        ("human:x=1", "unknown parameter 'x' for bot 'human'; allowed parameters: none"),
        ("heuristic:level=2", "allowed parameters: none"),
        (
            "greedy:depth=2",
            "unknown parameter 'depth' for bot 'greedy'; allowed parameters: samples",
        ),
        (
            "ismcts:depth=2",
            "unknown parameter 'depth' for bot 'ismcts'; allowed parameters: "
            "decisions, exploration, iterations, max_depth, rollout_depth, seconds, seed",
        ),
        ("ismcts:iterations=many", "parameter iterations='many' of bot 'ismcts' is not an integer"),
        ("ismcts:iterations=2.5", "is not an integer"),
        ("ismcts:seconds=soon", "parameter seconds='soon' of bot 'ismcts' is not a number"),
        ("ismcts:iterations=0", "iterations=0 must be an int of 1 or more"),
        ("ismcts:seconds=-1", "seconds=-1.0 must be a positive, finite number"),
        ("ismcts:exploration=inf", "exploration=inf must be a finite number"),
        ("greedy:samples=0", "samples=0 must be an int of 1 or more"),
    ],
)
def test_bad_specs_are_configuration_errors(
    spec: str, message: str, game: boardgames.Game[Any, Any, Any]
) -> None:
    with pytest.raises(ConfigurationError) as caught:
        make_bot(spec, game)
    assert message in str(caught.value)


class _NoHeuristic(MagellanElcano):
    """Magellan without its heuristic-bot hook."""

    heuristic_bot = None  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__(players=2)


def test_a_game_without_the_hook_has_no_heuristic_bot() -> None:
    game: Any = _NoHeuristic()
    assert not isinstance(game, HasHeuristicBot)
    with pytest.raises(ConfigurationError, match="has no heuristic bot; the bots for every game"):
        make_bot("heuristic", game)


def test_magellan_has_the_heuristic_hook(game: boardgames.Game[Any, Any, Any]) -> None:
    assert isinstance(game, HasHeuristicBot)


@pytest.mark.usefixtures("restore_bots")
def test_register_bot(game: boardgames.Game[Any, Any, Any]) -> None:
    class FirstBot:
        def choose(self, observation: object, legal: Any, rng: random.Random) -> Any:
            return legal[0]

    def factory(
        game: boardgames.Game[Any, Any, Any], parameters: Mapping[str, str]
    ) -> boardgames.Bot[Any, Any]:
        return FirstBot()

    register_bot("first", factory)
    assert "first" in bot_names()
    assert isinstance(make_bot("first", game), FirstBot)
    register_bot("first", factory)  # the same factory again is fine
    with pytest.raises(ConfigurationError, match="a bot named 'first' is already registered"):
        register_bot("first", lambda game, parameters: FirstBot())
    register_bot("first", lambda game, parameters: RandomBot(), replace=True)
    assert isinstance(make_bot("first", game), RandomBot)


@pytest.mark.parametrize("name", ["", "a:b", "a,b", "a=b"])
@pytest.mark.usefixtures("restore_bots")
def test_register_bot_refuses_bad_names(name: str) -> None:
    with pytest.raises(ConfigurationError, match="invalid bot name"):
        register_bot(name, lambda game, parameters: RandomBot())


@pytest.mark.parametrize("spec", [*BUILT_IN[:2], *BUILT_IN[3:]])
def test_built_in_bots_play_a_whole_game(spec: str, game: boardgames.Game[Any, Any, Any]) -> None:
    budget = ":iterations=5" if spec == "ismcts" else ""
    bots = [make_bot(spec + budget, game), RandomBot(), RandomBot()]
    assert boardgames.play(game, bots, seed=1).terminal


@pytest.fixture
def bot_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Declare bot entry points (name -> module source) and rediscover the bots with them."""
    bot_names()
    saved = dict(specs._factories)
    monkeypatch.syspath_prepend(str(tmp_path))

    def declare(**points: str) -> None:
        found = []
        for index, (name, source) in enumerate(points.items()):
            module = f"bot_plugin_{tmp_path.name.replace('-', '_')}_{index}"
            (tmp_path / f"{module}.py").write_text(source, encoding="utf-8")
            found.append(EntryPoint(name, f"{module}:factory", specs.BOT_ENTRY_POINT_GROUP))
        monkeypatch.setattr(specs, "entry_points", lambda group: found)
        specs._discovered = False

    yield declare
    specs._factories.clear()
    specs._factories.update(saved)
    specs._problems.clear()
    specs._discovered = True


GOOD_BOT = """
from boardgames import RandomBot

def factory(game, parameters):
    return RandomBot()
"""


def test_a_bot_plugin_that_fails_to_import_is_reported_and_the_others_load(
    bot_plugins: Callable[..., None],
) -> None:
    """A bot plugin that raised on import used to stop every bot lookup with a bare error."""
    bot_plugins(broken="raise RuntimeError('no luck')", fine=GOOD_BOT)
    game = boardgames.make("magellan-elcano")
    assert isinstance(make_bot("fine", game), boardgames.RandomBot)
    assert isinstance(make_bot("random", game), boardgames.RandomBot)
    with pytest.raises(boardgames.PluginError, match=r"'broken'.*RuntimeError: .*no luck"):
        make_bot("broken", game)


def test_a_bot_plugin_never_replaces_a_builtin_bot(bot_plugins: Callable[..., None]) -> None:
    bot_plugins(greedy=GOOD_BOT)
    with pytest.raises(boardgames.PluginError, match="'greedy' is claimed twice"):
        make_bot("greedy", boardgames.make("magellan-elcano"))
