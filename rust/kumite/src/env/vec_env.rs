use rayon::prelude::*;

use crate::core::{derive_seed, Action, ActionList, Game, GameError, NoEvents, Rng, State};

/// Where a step's results go, all row-major with one row per environment. `observations` is
/// `(n, obs_len)` or empty when observations are not wanted.
pub struct Buffers<'a> {
    pub observations: &'a mut [f32],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub legal_mask: &'a mut [bool],
    pub current_player: &'a mut [i32],
}

/// Output buffers owned in Rust (Python passes numpy arrays instead), sized for `num_envs`
/// environments of a game.
pub struct Outputs {
    pub observations: Vec<f32>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<bool>,
    pub truncated: Vec<bool>,
    pub legal_mask: Vec<bool>,
    pub current_player: Vec<i32>,
}

impl Outputs {
    /// With `observations == false` the observation buffer stays empty and none are encoded.
    pub fn new<G: Game>(game: &G, num_envs: usize, observations: bool) -> Outputs {
        Outputs {
            observations: vec![0.0; if observations { num_envs * game.observation_len() } else { 0 }],
            rewards: vec![0.0; num_envs * game.num_players()],
            terminated: vec![false; num_envs],
            truncated: vec![false; num_envs],
            legal_mask: vec![false; num_envs * game.num_actions()],
            current_player: vec![0; num_envs],
        }
    }

    pub fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.observations,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            legal_mask: &mut self.legal_mask,
            current_player: &mut self.current_player,
        }
    }
}

/// `n` games stepped together. Auto-reset is *same-step* (Gymnasium's `SAME_STEP`): when a game
/// ends on a step, that step reports its returns as rewards and `terminated = true`, and the
/// observation, mask and player to move already belong to the next game. So every row always
/// shows a live state to act in. Rewards are the game's returns at the end, 0 on other steps.
///
/// With a step bound ([`VecEnv::with_max_steps`]) a game still live after that many actions is
/// cut short the same way: `truncated = true`, `terminated = false`, rewards what
/// [`State::returns`] gives at the cut (the game's running returns, 0 where it has none), and
/// the row already shows the next game. Without one nothing is truncated, and the step loop is
/// compiled without the count.
///
/// Game `k` of environment `i` is seeded `derive_seed(derive_seed(seed, i), k)`: results depend
/// on the seed and the actions only, never on the thread count.
pub struct VecEnv<G: Game> {
    states: Vec<G::State>,
    seed: u64,
    /// Games started per environment (for the next game's seed).
    episodes: Vec<u64>,
    pool: Option<rayon::ThreadPool>,
    /// `threads == Some(1)`: everything on the calling thread.
    single: bool,
    /// Each row's legal actions as a bit set of `words` u64s, recorded by the last call.
    legal_bits: Vec<u64>,
    words: usize,
    /// `sample_actions`' stream, restarted by a seeded `reset`.
    sampler: Rng,
    /// The step bound per game, if any, and the actions played in each row's current game
    /// (counted only with a bound).
    max_steps: Option<u32>,
    steps: Vec<u32>,
}

/// The sampler's stream for `seed` (apart from every game's: those use `derive_seed(seed, i)`).
fn sampler(seed: u64) -> Rng {
    Rng::new(derive_seed(seed, u64::MAX))
}

impl<G: Game> VecEnv<G> {
    /// `threads`: `None` for rayon's global pool (all cores), `Some(n)` for a pool of its own.
    pub fn new(game: &G, num_envs: usize, seed: u64, threads: Option<usize>) -> Self {
        // One thread needs no pool: rows then run on the calling thread.
        let pool = threads
            .filter(|&t| t > 1)
            .map(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().expect("a rayon pool"));
        let single = threads == Some(1);
        let words = game.num_actions().div_ceil(64);
        let mut env = VecEnv {
            states: Vec::new(),
            seed,
            episodes: vec![0; num_envs],
            pool,
            single,
            legal_bits: vec![0; num_envs * words],
            words,
            sampler: sampler(seed),
            max_steps: None,
            steps: vec![0; num_envs],
        };
        env.states = (0..num_envs).map(|i| env.next_game(game, i)).collect();
        // Record the first legal sets, so `step` works before any `reset`.
        let mut legal = ActionList::new();
        for (state, bits) in env.states.iter().zip(env.legal_bits.chunks_mut(words)) {
            state.legal_actions(game, &mut legal);
            for &a in &legal {
                bits[usize::from(a) / 64] |= 1 << (usize::from(a) % 64);
            }
        }
        env
    }

    /// Cuts every game after `max_steps` actions (reported `truncated`); `None` (the default)
    /// never cuts. The bound must be at least 1.
    pub fn with_max_steps(mut self, max_steps: Option<usize>) -> Self {
        assert!(max_steps != Some(0), "a VecEnv's max_steps must be at least 1");
        self.max_steps = max_steps.map(|m| u32::try_from(m).unwrap_or(u32::MAX));
        self
    }

    pub fn max_steps(&self) -> Option<usize> {
        self.max_steps.map(|m| m as usize)
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
    /// writes the first observations; rewards, `terminated` and `truncated` are cleared.
    pub fn reset(&mut self, game: &G, seed: Option<u64>, out: Buffers<'_>) {
        if let Some(seed) = seed {
            self.seed = seed;
            self.episodes.fill(0);
            self.sampler = sampler(seed);
        }
        for i in 0..self.states.len() {
            self.states[i] = self.next_game(game, i);
        }
        self.steps.fill(0);
        self.run(game, None, out);
    }

    /// Applies `actions[i]` in environment `i`. If any action is illegal nothing is stepped and
    /// the error names the environment. `out` must be the buffers the last `reset` or `step`
    /// wrote: the legal mask is updated in place.
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
        // Every row is checked before any row moves, against the legal sets the last call
        // recorded (a bit test each, no regeneration).
        let words = self.words;
        let illegal = actions.iter().enumerate().find(|&(i, &a)| {
            let a = usize::from(a);
            a >= game.num_actions() || self.legal_bits[i * words + a / 64] & (1 << (a % 64)) == 0
        });
        if let Some((i, &a)) = illegal {
            let err = self.states[i].check_legal(game, a).expect_err("not in the recorded legal set");
            return Err((i, err));
        }
        self.run(game, Some(actions), out);
        Ok(())
    }

    /// Writes a uniformly random legal action for each row into `out` (one per environment),
    /// from the legal sets the last call recorded: random opponents, exploration and
    /// benchmarks without building the mask's probabilities in the caller.
    pub fn sample_actions(&mut self, out: &mut [Action]) {
        for (row, a) in self.legal_bits.chunks(self.words).zip(out) {
            let count: u32 = row.iter().map(|w| w.count_ones()).sum();
            let mut k = self.sampler.below(count);
            for (w, &word) in row.iter().enumerate() {
                if k < word.count_ones() {
                    let mut b = word;
                    for _ in 0..k {
                        b &= b - 1;
                    }
                    *a = (w * 64 + b.trailing_zeros() as usize) as Action;
                    break;
                }
                k -= word.count_ones();
            }
        }
    }

    /// Whether to spread rows over threads: not for one thread or a handful of rows, where
    /// handing work to a pool costs more than it saves.
    fn parallel(&self) -> bool {
        !self.single && self.states.len() > ROWS_PER_TASK
    }

    fn run(&mut self, game: &G, actions: Option<&[Action]>, out: Buffers<'_>) {
        let (players, num_actions, obs_len) = (game.num_players(), game.num_actions(), game.observation_len());
        let obs_row = if out.observations.is_empty() { 0 } else { obs_len };
        let seed = self.seed;
        let parallel = self.parallel();
        let words = self.words;
        let max_steps = self.max_steps;
        let mut rows = Rows {
            states: &mut self.states,
            episodes: &mut self.episodes,
            steps: &mut self.steps,
            legal_bits: &mut self.legal_bits,
            observations: out.observations,
            rewards: out.rewards,
            terminated: out.terminated,
            truncated: out.truncated,
            legal_mask: out.legal_mask,
            current_player: out.current_player,
        };
        if !parallel {
            rows.run_bounded(game, seed, actions, 0, obs_row, max_steps);
            return;
        }
        let k = ROWS_PER_TASK;
        let mut work = move || {
            // Observations may be absent: chunk an empty slice into as many (empty) pieces.
            let obs_chunks: Vec<&mut [f32]> = if obs_row == 0 {
                (0..rows.states.len().div_ceil(k)).map(|_| <&mut [f32]>::default()).collect()
            } else {
                rows.observations.chunks_mut(k * obs_row).collect()
            };
            rows.states
                .par_chunks_mut(k)
                .zip(rows.episodes.par_chunks_mut(k))
                .zip(rows.steps.par_chunks_mut(k))
                .zip(rows.legal_bits.par_chunks_mut(k * words))
                .zip(obs_chunks)
                .zip(rows.rewards.par_chunks_mut(k * players))
                .zip(rows.terminated.par_chunks_mut(k).zip(rows.truncated.par_chunks_mut(k)))
                .zip(rows.legal_mask.par_chunks_mut(k * num_actions))
                .zip(rows.current_player.par_chunks_mut(k))
                .enumerate()
                .for_each(
                    |(
                        c,
                        (
                            (
                                (
                                    (((((states, episodes), steps), legal_bits), observations), rewards),
                                    (terminated, truncated),
                                ),
                                legal_mask,
                            ),
                            current_player,
                        ),
                    )| {
                        Rows {
                            states,
                            episodes,
                            steps,
                            legal_bits,
                            observations,
                            rewards,
                            terminated,
                            truncated,
                            legal_mask,
                            current_player,
                        }
                        .run_bounded(game, seed, actions, c * k, obs_row, max_steps);
                    },
                );
        };
        match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }
}

/// Rows per task when stepping in parallel.
const ROWS_PER_TASK: usize = 64;

/// A run of consecutive rows and their slices of the output buffers.
struct Rows<'a, S> {
    states: &'a mut [S],
    episodes: &'a mut [u64],
    steps: &'a mut [u32],
    legal_bits: &'a mut [u64],
    observations: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    legal_mask: &'a mut [bool],
    current_player: &'a mut [i32],
}

impl<S: State> Rows<'_, S> {
    /// [`Rows::run`] with the step count compiled in only when there is a bound: the unbounded
    /// loop has no count and no extra branch.
    fn run_bounded(
        &mut self,
        game: &S::Game,
        seed: u64,
        actions: Option<&[Action]>,
        first: usize,
        obs_row: usize,
        max_steps: Option<u32>,
    ) {
        match max_steps {
            Some(m) => self.run::<true>(game, seed, actions, first, obs_row, m),
            None => self.run::<false>(game, seed, actions, first, obs_row, u32::MAX),
        }
    }

    /// Steps (or, without actions, just reports) rows `first..`; `obs_row` is 0 when no
    /// observations are wanted. With `BOUNDED`, a game live after `max_steps` actions is cut.
    fn run<const BOUNDED: bool>(
        &mut self,
        game: &S::Game,
        seed: u64,
        actions: Option<&[Action]>,
        first: usize,
        obs_row: usize,
        max_steps: u32,
    ) {
        let (players, num_actions) = (game.num_players(), game.num_actions());
        let words = num_actions.div_ceil(64);
        let mut legal = ActionList::new();
        // Cleared for the whole run at once: per row, a `fill` of `players` floats is a
        // `memset` call.
        self.rewards.fill(0.0);
        self.terminated.fill(false);
        self.truncated.fill(false);
        for (j, state) in self.states.iter_mut().enumerate() {
            let i = first + j;
            let rewards = &mut self.rewards[j * players..(j + 1) * players];
            if obs_row > 0 {
                prefetch(state);
            }
            if let Some(actions) = actions {
                state.apply_unchecked(game, actions[i], &mut NoEvents);
                let ended = state.is_terminal();
                let cut = BOUNDED && {
                    self.steps[j] += 1;
                    !ended && self.steps[j] >= max_steps
                };
                if ended || cut {
                    state.returns(game, rewards);
                    self.terminated[j] = ended;
                    if BOUNDED {
                        self.truncated[j] = cut;
                    }
                    *state = game.new_state(derive_seed(derive_seed(seed, i as u64), self.episodes[j]));
                    self.episodes[j] += 1;
                    if BOUNDED {
                        self.steps[j] = 0;
                    }
                }
            }
            let mover = state.current_player().expect("environments always hold a live state");
            self.current_player[j] = mover as i32;
            let mask = &mut self.legal_mask[j * num_actions..(j + 1) * num_actions];
            let bits = &mut self.legal_bits[j * words..(j + 1) * words];
            // A step clears only what the last call set (the bits record it; Python sees the
            // mask read-only), a few bytes instead of the whole `num_actions` row; a reset
            // clears the row.
            if actions.is_none() {
                mask.fill(false);
            }
            for (w, word) in bits.iter_mut().enumerate() {
                let mut b = *word;
                while b != 0 {
                    mask[w * 64 + b.trailing_zeros() as usize] = false;
                    b &= b - 1;
                }
                *word = 0;
            }
            state.legal_actions(game, &mut legal);
            for &a in &legal {
                let a = usize::from(a);
                mask[a] = true;
                bits[a / 64] |= 1 << (a % 64);
            }
            if obs_row > 0 {
                state.observation(game, mover, &mut self.observations[j * obs_row..(j + 1) * obs_row]);
            }
        }
    }
}

/// Asks the cache for every line of `value`. The observation reads parts of a state that the
/// step does not touch; asked for before the step, those misses overlap its work (measured:
/// 1.5–5 points less observation share at N = 1024).
#[inline]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = (value as *const T).cast::<i8>();
        for line in 0..std::mem::size_of::<T>().div_ceil(64) {
            // SAFETY: a prefetch is only a hint: it never faults and reads nothing back.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64 * line)) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;
    use crate::games::tekken::{Tekken, TekkenOptions};

    /// A default Tekken env of `n` rows on the calling thread, reset with `seed`.
    fn one_thread_env(n: usize, seed: Option<u64>) -> (Tekken, VecEnv<Tekken>, Outputs) {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, n, 0, Some(1));
        let mut o = Outputs::new(&game, n, true);
        env.reset(&game, seed, o.buffers());
        (game, env, o)
    }

    fn random_actions(o: &Outputs, game: &Tekken, rng: &mut Rng) -> Vec<Action> {
        o.legal_mask
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
        let mut o = Outputs::new(&game, n, true);
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
        (o.observations, reward_sum, ends)
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
        let (game, mut env, mut o) = one_thread_env(8, Some(5));
        let mut rng = Rng::new(2);
        let mut legal = ActionList::new();
        let mut obs = vec![0.0; game.observation_len()];
        for _ in 0..500 {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            for (i, state) in env.states().iter().enumerate() {
                state.legal_actions(&game, &mut legal);
                let mask: Vec<bool> = (0..game.num_actions() as Action).map(|a| legal.contains(&a)).collect();
                assert_eq!(&o.legal_mask[i * game.num_actions()..(i + 1) * game.num_actions()], &mask[..]);
                let p = state.current_player().unwrap();
                assert_eq!(o.current_player[i], p as i32);
                state.observation(&game, p, &mut obs);
                assert_eq!(&o.observations[i * obs.len()..(i + 1) * obs.len()], &obs[..]);
            }
        }
    }

    #[test]
    fn step_works_before_any_reset() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, 3, 0, None);
        let mut o = Outputs::new(&game, 3, true);
        let mut legal = ActionList::new();
        let actions: Vec<Action> = env
            .states()
            .iter()
            .map(|s| {
                s.legal_actions(&game, &mut legal);
                legal[0]
            })
            .collect();
        env.step(&game, &actions, o.buffers()).unwrap();
    }

    #[test]
    fn sampled_actions_are_legal_uniform_and_seeded() {
        let (game, mut env, mut o) = one_thread_env(4, Some(9));
        let mut counts = vec![0u32; game.num_actions()];
        let mut actions = vec![0; 4];
        for _ in 0..4000 {
            env.sample_actions(&mut actions);
            for (i, &a) in actions.iter().enumerate() {
                assert!(o.legal_mask[i * game.num_actions() + usize::from(a)], "row {i}: {a} is not legal");
            }
            counts[usize::from(actions[0])] += 1;
        }
        let legal: Vec<usize> = (0..game.num_actions()).filter(|&a| o.legal_mask[a]).collect();
        assert!(legal.len() > 1);
        for &a in &legal {
            let share = f64::from(counts[a]) / 4000.0;
            assert!((share - 1.0 / legal.len() as f64).abs() < 0.05, "action {a}: {share}");
        }
        let draw = |env: &mut VecEnv<Tekken>, o: &mut Outputs| {
            env.reset(&game, Some(9), o.buffers());
            let mut a = vec![0; 4];
            (0..20)
                .flat_map(|_| {
                    env.sample_actions(&mut a);
                    a.clone()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(&mut env, &mut o), draw(&mut env, &mut o), "a seeded reset restarts the stream");
    }

    #[test]
    fn an_illegal_action_steps_nothing() {
        let (game, mut env, mut o) = one_thread_env(4, None);
        let before = env.states().to_vec();
        let mut actions = random_actions(&o, &game, &mut Rng::new(0));
        actions[2] = 9999;
        let (i, e) = env.step(&game, &actions, o.buffers()).unwrap_err();
        assert_eq!(i, 2);
        assert!(matches!(e, GameError::IllegalAction { .. }));
        assert_eq!(env.states(), &before[..]);
    }

    /// Steps `n` rows of default Tekken with a bound of `max_steps`, random actions; returns
    /// every step's (terminated, truncated, rewards) and the env.
    fn bounded_run(
        threads: Option<usize>,
        n: usize,
        max_steps: usize,
        steps: usize,
    ) -> Vec<(Vec<bool>, Vec<bool>, Vec<f32>)> {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, n, 4, threads).with_max_steps(Some(max_steps));
        let mut o = Outputs::new(&game, n, true);
        env.reset(&game, None, o.buffers());
        let mut rng = Rng::new(6);
        (0..steps)
            .map(|_| {
                let actions = random_actions(&o, &game, &mut rng);
                env.step(&game, &actions, o.buffers()).unwrap();
                (o.terminated.clone(), o.truncated.clone(), o.rewards.clone())
            })
            .collect()
    }

    #[test]
    fn a_bound_truncates_and_resets_the_row() {
        let (n, max) = (5, 7);
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut env = VecEnv::new(&game, n, 4, Some(1)).with_max_steps(Some(max));
        assert_eq!(env.max_steps(), Some(max));
        let mut o = Outputs::new(&game, n, true);
        env.reset(&game, None, o.buffers());
        let mut rng = Rng::new(6);
        let mut legal = ActionList::new();
        let mut obs = vec![0.0; game.observation_len()];
        for step in 1..=3 * max {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            // Default Tekken games last far longer than 7 actions: every row is cut at each
            // multiple of the bound, and never terminated.
            let cut = step % max == 0;
            assert_eq!(o.truncated, vec![cut; n], "step {step}");
            assert_eq!(o.terminated, vec![false; n], "step {step}");
            assert!(o.rewards.iter().all(|&r| r == 0.0), "no result of its own: running returns, 0 here");
            for (i, state) in env.states().iter().enumerate() {
                if cut {
                    // Auto-reset: the row already shows its next game, from that game's seed.
                    // (Game 0 was made by `new`, game 1 by the `reset`.)
                    let k = (step / max) as u64 + 1;
                    assert_eq!(*state, game.new_state(derive_seed(derive_seed(4, i as u64), k)), "row {i}");
                }
                state.legal_actions(&game, &mut legal);
                for a in 0..game.num_actions() as Action {
                    assert_eq!(o.legal_mask[i * game.num_actions() + usize::from(a)], legal.contains(&a));
                }
                let p = state.current_player().unwrap();
                assert_eq!(o.current_player[i], p as i32);
                state.observation(&game, p, &mut obs);
                assert_eq!(&o.observations[i * obs.len()..(i + 1) * obs.len()], &obs[..]);
            }
        }
        // A reset starts the count again.
        env.reset(&game, None, o.buffers());
        assert_eq!(o.truncated, vec![false; n]);
        for step in 1..=max {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            assert_eq!(o.truncated, vec![step == max; n]);
        }
    }

    #[test]
    fn terminated_and_truncated_rows_are_apart() {
        // One-round Tekken with a bound near its length: some games end, some are cut.
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, ..Default::default() }).unwrap();
        let (n, max) = (64, 120);
        let mut env = VecEnv::new(&game, n, 2, Some(1)).with_max_steps(Some(max));
        let mut o = Outputs::new(&game, n, false);
        env.reset(&game, None, o.buffers());
        let mut rng = Rng::new(3);
        let mut since = vec![0usize; n];
        let (mut ended, mut cut) = (0, 0);
        for _ in 0..2000 {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            for (i, since) in since.iter_mut().enumerate() {
                *since += 1;
                assert!(!(o.terminated[i] && o.truncated[i]), "row {i} both terminated and truncated");
                assert_eq!(o.truncated[i], *since == max && !o.terminated[i], "row {i}");
                if o.terminated[i] {
                    ended += 1;
                    assert_eq!(o.rewards[2 * i] + o.rewards[2 * i + 1], 0.0);
                    assert_ne!(o.rewards[2 * i], 0.0, "a finished one-round game has a winner");
                }
                if o.truncated[i] {
                    cut += 1;
                    assert_eq!(&o.rewards[2 * i..2 * i + 2], &[0.0, 0.0]);
                }
                if o.terminated[i] || o.truncated[i] {
                    *since = 0;
                }
            }
        }
        assert!(ended > 0 && cut > 0, "{ended} ended, {cut} cut");
    }

    #[test]
    fn bounded_results_do_not_depend_on_threads() {
        let one = bounded_run(Some(1), 200, 9, 40);
        assert_eq!(one, bounded_run(Some(2), 200, 9, 40));
        assert_eq!(one, bounded_run(None, 200, 9, 40));
    }

    #[test]
    fn without_a_bound_nothing_is_truncated() {
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, ..Default::default() }).unwrap();
        let mut env = VecEnv::new(&game, 16, 3, Some(1));
        assert_eq!(env.max_steps(), None);
        let mut o = Outputs::new(&game, 16, false);
        env.reset(&game, None, o.buffers());
        let mut rng = Rng::new(1);
        for _ in 0..1000 {
            let actions = random_actions(&o, &game, &mut rng);
            env.step(&game, &actions, o.buffers()).unwrap();
            assert!(o.truncated.iter().all(|&t| !t));
        }
    }
}
