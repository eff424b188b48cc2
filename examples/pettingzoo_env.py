"""Play a game through PettingZoo's AEC API: one agent per seat, each choosing by its mask.

``boardgames.adapters.pettingzoo.env`` turns any game with an encoding into a PettingZoo
``AECEnv``. Each agent's observation is a dict: ``"observation"``, the float32 vector of
what its seat knows, and ``"action_mask"``, a 1 at the number of each legal action (all
zeros for an agent that is not to act). Here every agent picks a random legal number with
``action_space(agent).sample(mask)``; a learning agent would pick it from the vector.

Run it with ``uv run python examples/pettingzoo_env.py`` (it needs the extra
``boardgames[pettingzoo]``).
"""

from __future__ import annotations

from boardgames.adapters import pettingzoo

env = pettingzoo.env("magellan-elcano", players=3)
env.reset(seed=42)
for index, agent in enumerate(env.possible_agents):
    env.action_space(agent).seed(index)  # the agents' own random choices, reproducible

decisions = 0
returns = dict.fromkeys(env.possible_agents, 0.0)
for agent in env.agent_iter():
    observation, reward, terminated, truncated, info = env.last()
    returns[agent] += reward
    if terminated or truncated:
        action = None  # an agent whose game is over leaves with step(None)
    else:
        action = int(env.action_space(agent).sample(observation["action_mask"]))
        decisions += 1
    env.step(action)

size = env.observe("player_0")["observation"].size
print(f"{env}: {env.num_agents} agents left, observation vector of {size} numbers")
print(f"{decisions} decisions; final scores {env.game.score(env.game_state)}")
for agent, total in returns.items():
    print(f"{agent}: return {total:+.1f}")
env.close()
