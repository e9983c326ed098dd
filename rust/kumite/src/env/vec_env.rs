use rayon::prelude::*;

use crate::core::{derive_seed, Action, ActionList, Game, GameError, NoEvents, State};

/// Where a step's results go, all row-major with one row per environment. `observations` is
/// `(n, obs_len)` or empty when observations are not wanted.
pub struct Buffers<'a> {
    pub observations: &'a mut [f32],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub legal_mask: &'a mut [bool],
    pub current_player: &'a mut [i32],
}

/// `n` games stepped together. Auto-reset is *same-step* (Gymnasium's `SAME_STEP`): when a game
/// ends on a step, that step reports its returns as rewards and `terminated = true`, and the
/// observation, mask and player to move already belong to the next game. So every row always
/// shows a live state to act in. Rewards are the game's returns at the end, 0 on other steps.
///
/// Game `k` of environment `i` is seeded `derive_seed(derive_seed(seed, i), k)`: results depend
/// on the seed and the actions only, never on the thread count.
pub struct VecEnv<G: Game> {
    states: Vec<G::State>,
    seed: u64,
    /// Games started per environment (for the next game's seed).
    episodes: Vec<u64>,
    pool: Option<rayon::ThreadPool>,
}

/// Below this many environments per task, threads cost more than they save.
const MIN_ENVS_PER_TASK: usize = 64;

impl<G: Game> VecEnv<G> {
    /// `threads`: `None` for rayon's global pool (all cores), `Some(n)` for a pool of its own.
    pub fn new(game: &G, num_envs: usize, seed: u64, threads: Option<usize>) -> Self {
        let pool = threads.map(|t| {
            rayon::ThreadPoolBuilder::new().num_threads(t.max(1)).build().expect("a rayon pool")
        });
        let mut env = VecEnv { states: Vec::new(), seed, episodes: vec![0; num_envs], pool };
        env.states = (0..num_envs).map(|i| env.next_game(game, i)).collect();
        env
    }

    pub fn num_envs(&self) -> usize {
        self.states.len()
    }

    pub fn states(&self) -> &[G::State] {
        &self.states
    }

    fn next_game(&mut self, game: &G, i: usize) -> G::State {
        let state = game.new_state(derive_seed(derive_seed(self.seed, i as u64), self.episodes[i]));
        self.episodes[i] += 1;
        state
    }

    /// Starts every environment on a new game (a new seed sequence when `seed` is given) and
    /// writes the first observations; rewards and `terminated` are cleared.
    pub fn reset(&mut self, game: &G, seed: Option<u64>, out: Buffers<'_>) {
        if let Some(seed) = seed {
            self.seed = seed;
            self.episodes.fill(0);
        }
        for i in 0..self.states.len() {
            self.states[i] = self.next_game(game, i);
        }
        self.run(game, None, out);
    }

    /// Applies `actions[i]` in environment `i`. If any action is illegal nothing is stepped and
    /// the error names the environment.
    pub fn step(&mut self, game: &G, actions: &[Action], out: Buffers<'_>) -> Result<(), (usize, GameError)> {
        if actions.len() != self.states.len() {
            return Err((
                0,
                GameError::InvalidOption {
                    option: "actions".into(),
                    reason: format!("{} actions for {} environments", actions.len(), self.states.len()),
                },
            ));
        }
        for (i, (state, &a)) in self.states.iter().zip(actions).enumerate() {
            state.check_legal(game, a).map_err(|e| (i, e))?;
        }
        self.run(game, Some(actions), out);
        Ok(())
    }

    fn run(&mut self, game: &G, actions: Option<&[Action]>, out: Buffers<'_>) {
        let (players, num_actions, obs_len) = (game.num_players(), game.num_actions(), game.observation_len());
        let with_obs = !out.observations.is_empty();
        let seed = self.seed;
        // Without observations a one-float dummy row keeps the zip below uniform.
        let mut dummy = Vec::new();
        let (obs, obs_row) = if with_obs {
            (out.observations, obs_len)
        } else {
            dummy.resize(self.states.len(), 0.0);
            (&mut dummy[..], 1)
        };
        let (states, episodes) = (&mut self.states, &mut self.episodes);
        let mut work = move || {
            states
                .par_iter_mut()
                .zip(episodes.par_iter_mut())
                .zip(obs.par_chunks_mut(obs_row))
                .zip(out.rewards.par_chunks_mut(players))
                .zip(out.terminated.par_iter_mut())
                .zip(out.legal_mask.par_chunks_mut(num_actions))
                .zip(out.current_player.par_iter_mut())
                .enumerate()
                .with_min_len(MIN_ENVS_PER_TASK)
                .for_each(|(i, ((((((state, episode), obs), rewards), terminated), mask), player))| {
                    rewards.fill(0.0);
                    *terminated = false;
                    if let Some(actions) = actions {
                        state.apply_unchecked(game, actions[i], &mut NoEvents);
                        if state.is_terminal() {
                            state.returns(game, rewards);
                            *terminated = true;
                            *state = game.new_state(derive_seed(derive_seed(seed, i as u64), *episode));
                            *episode += 1;
                        }
                    }
                    let mover = state.current_player().expect("environments always hold a live state");
                    *player = mover as i32;
                    mask.fill(false);
                    let mut legal = ActionList::new();
                    state.legal_actions(game, &mut legal);
                    for &a in &legal {
                        mask[usize::from(a)] = true;
                    }
                    if with_obs {
                        state.observation(game, mover, obs);
                    }
                });
        };
        match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;
    use crate::games::tekken::{Tekken, TekkenOptions};

    struct Owned {
        obs: Vec<f32>,
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        mask: Vec<bool>,
        player: Vec<i32>,
    }

    impl Owned {
        fn new(game: &Tekken, n: usize) -> Owned {
            Owned {
                obs: vec![0.0; n * game.observation_len()],
                rewards: vec![0.0; n * 2],
                terminated: vec![false; n],
                mask: vec![false; n * game.num_actions()],
                player: vec![0; n],
            }
        }
        fn buffers(&mut self) -> Buffers<'_> {
            Buffers {
                observations: &mut self.obs,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                legal_mask: &mut self.mask,
                current_player: &mut self.player,
            }
        }
    }

    fn random_actions(o: &Owned, game: &Tekken, rng: &mut Rng) -> Vec<Action> {
        o.mask
            .chunks(game.num_actions())
            .map(|m| {
                let legal: Vec<Action> = (0..m.len() as Action).filter(|&a| m[usize::from(a)]).collect();
                legal[rng.below(legal.len() as u32) as usize]
            })
            .collect()
    }

    fn run(threads: Option<usize>, n: usize, steps: usize) -> (Vec<f32>, Vec<f32>, usize) {
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, ..Default::default() }).unwrap();
        let mut env = VecEnv::new(&game, n, 3, threads);
        let mut o = Owned::new(&game, n);
        env.reset(&game, None, o.buffers());
        let mut rng = Rng::new(1);
        let (mut reward_sum, mut ends) = (vec![0.0; 2], 0);
        for _ in 0..steps {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            for (i, &t) in o.terminated.iter().enumerate() {
                if t {
                    ends += 1;
                    reward_sum[0] += o.rewards[2 * i];
                    reward_sum[1] += o.rewards[2 * i + 1];
                }
            }
        }
        (o.obs, reward_sum, ends)
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let one = run(Some(1), 200, 300);
        assert_eq!(one, run(Some(2), 200, 300));
        assert_eq!(one, run(None, 200, 300));
        assert!(one.2 > 0, "some games ended and were reset");
        assert_eq!(one.1[0], -one.1[1], "two-player zero-sum returns");
    }

    #[test]
    fn masks_and_players_match_the_states() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, 8, 0, Some(1));
        let mut o = Owned::new(&game, 8);
        env.reset(&game, Some(5), o.buffers());
        let mut rng = Rng::new(2);
        let mut legal = ActionList::new();
        let mut obs = vec![0.0; game.observation_len()];
        for _ in 0..500 {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            for (i, state) in env.states().iter().enumerate() {
                state.legal_actions(&game, &mut legal);
                let mask: Vec<bool> = (0..game.num_actions() as Action).map(|a| legal.contains(&a)).collect();
                assert_eq!(&o.mask[i * game.num_actions()..(i + 1) * game.num_actions()], &mask[..]);
                let p = state.current_player().unwrap();
                assert_eq!(o.player[i], p as i32);
                state.observation(&game, p, &mut obs);
                assert_eq!(&o.obs[i * obs.len()..(i + 1) * obs.len()], &obs[..]);
            }
        }
    }

    #[test]
    fn an_illegal_action_steps_nothing() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, 4, 0, Some(1));
        let mut o = Owned::new(&game, 4);
        env.reset(&game, None, o.buffers());
        let before = env.states().to_vec();
        let mut actions = random_actions(&o, &game, &mut Rng::new(0));
        actions[2] = 9999;
        let (i, e) = env.step(&game, &actions, o.buffers()).unwrap_err();
        assert_eq!(i, 2);
        assert!(matches!(e, GameError::IllegalAction { .. }));
        assert_eq!(env.states(), &before[..]);
    }
}
