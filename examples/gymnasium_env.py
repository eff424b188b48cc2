"""Play one seat of a game through Gymnasium's API, with random bots in the other seats.

Importing ``boardgames.adapters.gymnasium`` registers every game with Gymnasium as
``boardgames/<name>-v0``. The agent's observation is a dict of the float32 vector of what
its seat knows (``"observation"``) and the mask of its legal actions (``"action_mask"``);
the reward is 0 until the game ends, then the seat's share of the ranking, from +1 (sole
winner) to -1 (sole last). An action that is not legal now ends the episode with -1.

This script plays 20 episodes with a policy that picks a random legal action, and one
with an action the mask rules out. Run it with ``uv run python examples/gymnasium_env.py``
(it needs the extra ``boardgames[gymnasium]``).
"""

from __future__ import annotations

import gymnasium
import numpy as np

import boardgames.adapters.gymnasium  # noqa: F401 - registers the boardgames/... ids

env = gymnasium.make("boardgames/magellan-elcano-v0", players=3, seat=0)
env.action_space.seed(0)
returns = []
for episode in range(20):
    observation, info = env.reset(seed=episode)
    terminated = truncated = False
    total = 0.0
    while not (terminated or truncated):
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    returns.append(total)
print(f"{env.spec.id if env.spec else env}: 20 episodes as seat 0 against 2 random bots")
print(f"mean return {np.mean(returns):+.2f}; wins {sum(r == 1.0 for r in returns)}")

observation, info = env.reset(seed=0)
illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
observation, reward, terminated, truncated, info = env.step(illegal)
print(f"illegal action {illegal}: reward {reward}, terminated {terminated}")
print(info["reason"])
env.close()
