"""A policy that learns: REINFORCE with a linear softmax policy (numpy only) on a kumite.VecEnv of
Tekken, playing seat 0 against a uniformly random opponent. Writes the learning curve (win rate
per iteration) to a PNG.

    python examples/learn_vec_env.py --iterations 30 --out learning_curve.png
"""

from __future__ import annotations

import argparse

import numpy as np

import kumite


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--steps", type=int, default=400, help="VecEnv steps per iteration")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="learning_curve.png")
    args = parser.parse_args()

    game = kumite.load("tekken", rounds_to_win=1)
    env = kumite.VecEnv(game, args.envs, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    obs_len, n_actions = int(np.prod(game.observation_shape)), game.num_actions
    weights = np.zeros((obs_len + 1, n_actions), np.float32)  # linear logits with a bias row
    batch = env.reset()
    curve: list[float] = []
    for it in range(args.iterations):
        # Per environment: the agent's (features, action, probabilities) since its game began.
        trajectories: list[list[tuple[np.ndarray, int, np.ndarray]]] = [[] for _ in range(args.envs)]
        grads = np.zeros_like(weights)
        wins = games = 0
        for _ in range(args.steps):
            assert batch.observations is not None
            mask = batch.legal_mask
            agent = batch.current_player == 0
            features = np.concatenate([batch.observations, np.ones((args.envs, 1), np.float32)], axis=1)
            logits = np.where(mask, features @ weights, -np.inf)
            probs = np.exp(logits - logits.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
            sampled = (probs.cumsum(axis=1) > rng.random((args.envs, 1))).argmax(axis=1)
            random_legal = np.argmax(rng.random(mask.shape) + mask, axis=1)
            actions = np.where(agent, sampled, random_legal)
            for i in np.flatnonzero(agent):
                trajectories[i].append((features[i], int(actions[i]), probs[i]))
            batch = env.step(actions)
            for i in np.flatnonzero(batch.terminated):
                reward = float(batch.rewards[i, 0])
                wins += reward > 0
                games += 1
                # REINFORCE: grad log pi(a|s) * return, with the win/loss as the return.
                for x, a, p in trajectories[i]:
                    g = -p
                    g[a] += 1.0
                    grads += reward * np.outer(x, g)
                trajectories[i] = []
        if games:
            weights += args.lr * grads / games
            curve.append(wins / games)
            print(f"iteration {it:3d}: {games:5d} games, agent win rate {wins / games:.1%}")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.figure(figsize=(7, 4))
    plt.plot(range(len(curve)), curve, label="linear policy (REINFORCE)")
    plt.axhline(0.5, color="grey", linestyle="--", label="random vs random")
    plt.xlabel("iteration")
    plt.ylabel("win rate against a random opponent")
    plt.title("kumite VecEnv: Tekken (1 round), seat 0")
    plt.legend()
    plt.tight_layout()
    plt.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
