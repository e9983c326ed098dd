use rayon::prelude::*;

use crate::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};

/// Results of a batch of playouts: `returns` is row-major `(n_games, num_players)`. A game cut
/// at the step bound is `truncated`: it has no result of its own, and its row of `returns` is
/// what `State::returns` gives at the cut (the game's running returns, 0 where it has none).
#[derive(Debug, Clone, PartialEq)]
pub struct RolloutResult {
    pub num_players: usize,
    pub returns: Vec<f32>,
    pub lengths: Vec<u32>,
    pub truncated: Vec<bool>,
}

/// Plays uniformly random legal actions from `state` until the game ends or `max_steps` actions
/// have been played; returns the number played. The playout was cut short exactly when `state`
/// is still live afterwards.
pub fn random_playout_capped<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng, max_steps: usize) -> u32 {
    let mut legal = ActionList::new();
    let max_steps = u32::try_from(max_steps).unwrap_or(u32::MAX);
    let mut steps = 0;
    while steps < max_steps && !state.is_terminal() {
        state.legal_actions(game, &mut legal);
        if legal.is_empty() {
            no_legal_action::<G>(state);
        }
        let action = legal[rng.below(legal.len() as u32) as usize];
        state.apply_unchecked(game, action, &mut NoEvents);
        steps += 1;
    }
    steps
}

/// A live position whose player to move has no legal action breaks the core contract (the
/// loader refuses such states; the rules must never reach one). Search and playouts stop there
/// with this message, naming the game and the position, rather than indexing an empty list.
#[cold]
#[inline(never)]
pub fn no_legal_action<G: Game>(state: &G::State) -> ! {
    panic!(
        "{}: a live position offers its player to move (P{}) no legal action; the position: {}",
        G::NAME,
        state.current_player().map_or("?".into(), |p| p.to_string()),
        serde_json::to_string(state).unwrap_or_default()
    )
}

/// [`random_playout_capped`] at the game's run bound, [`Game::max_game_length`] actions from
/// `state`, so a playout ends even where the rules alone may not end the game.
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng) -> u32 {
    random_playout_capped(game, state, rng, game.max_game_length())
}

/// One random game from a fresh state, cut after `max_steps` actions: the game's chance and the
/// players' choices each get a stream derived from `seed`. Returns the number of actions and
/// whether the game was cut short (truncated).
pub fn random_game<G: Game>(game: &G, seed: u64, max_steps: usize, returns: &mut [f32]) -> (u32, bool) {
    let mut state = game.new_state(seed);
    let mut rng = Rng::new(derive_seed(seed, u64::MAX));
    let steps = random_playout_capped(game, &mut state, &mut rng, max_steps);
    state.returns(game, returns);
    (steps, !state.is_terminal())
}

/// `n_games` random games on `threads` threads (all cores when `None`), each cut after
/// `max_steps` actions (`None`: the game's [`Game::max_game_length`]). Game `i` uses seed
/// `derive_seed(seed, i)`, so the results depend on the seed only, never on the thread count.
pub fn rollout_batch<G: Game>(
    game: &G,
    n_games: usize,
    seed: u64,
    threads: Option<usize>,
    max_steps: Option<usize>,
) -> RolloutResult {
    rollout_range(game, 0, n_games, seed, threads, max_steps)
}

/// Games `first..first + n_games` of the batch `rollout_batch(game, _, seed, _, max_steps)` would
/// play: splitting a batch into ranges (across processes or machines) gives the same results.
pub fn rollout_range<G: Game>(
    game: &G,
    first: u64,
    n_games: usize,
    seed: u64,
    threads: Option<usize>,
    max_steps: Option<usize>,
) -> RolloutResult {
    let players = game.num_players();
    let max_steps = max_steps.unwrap_or_else(|| game.max_game_length());
    let mut returns = vec![0.0f32; n_games * players];
    let mut lengths = vec![0u32; n_games];
    let mut truncated = vec![false; n_games];
    let work = |returns: &mut [f32], lengths: &mut [u32], truncated: &mut [bool]| {
        returns
            .par_chunks_mut(players.max(1))
            .zip(lengths.par_iter_mut().zip(truncated.par_iter_mut()))
            .enumerate()
            .with_min_len(64)
            .for_each(|(i, (ret, (len, cut)))| {
                (*len, *cut) = random_game(game, derive_seed(seed, first.wrapping_add(i as u64)), max_steps, ret)
            });
    };
    on_threads(threads, || work(&mut returns, &mut lengths, &mut truncated));
    RolloutResult { num_players: players, returns, lengths, truncated }
}

/// Runs `work` on a rayon pool of `threads` threads, or on the global pool (one per core) for
/// `None`: the batch functions' `threads` argument.
pub fn on_threads<R: Send>(threads: Option<usize>, work: impl FnOnce() -> R + Send) -> R {
    match threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build()
            .expect("a rayon pool of the requested size")
            .install(work),
        None => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tekken::{Tekken, TekkenOptions};

    #[test]
    fn ranges_reassemble_the_batch() {
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, ..Default::default() }).unwrap();
        let whole = rollout_batch(&game, 100, 7, Some(2), None);
        let a = rollout_range(&game, 0, 37, 7, Some(1), None);
        let b = rollout_range(&game, 37, 63, 7, None, None);
        assert_eq!([a.lengths, b.lengths].concat(), whole.lengths);
        assert_eq!([a.returns, b.returns].concat(), whole.returns);
        assert_eq!([a.truncated, b.truncated].concat(), whole.truncated);
    }

    #[test]
    fn games_cut_at_max_steps_are_truncated() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let full = rollout_batch(&game, 200, 3, Some(1), Some(1 << 20));
        assert!(full.truncated.iter().all(|&t| !t), "random Tekken games end");
        let cut = rollout_batch(&game, 200, 3, Some(1), Some(40));
        assert!(full.lengths.iter().all(|&l| l > 40), "every default Tekken game is longer than 40 actions");
        assert!(cut.lengths.iter().all(|&l| l == 40) && cut.truncated.iter().all(|&t| t));
        // No result of its own: the returns at the cut are the game's running returns, 0 here.
        assert!(cut.returns.iter().all(|&r| r == 0.0));
        // No bound given: the game's run bound.
        let default = rollout_batch(&game, 50, 3, Some(1), None);
        assert_eq!(default, rollout_batch(&game, 50, 3, Some(1), Some(game.max_game_length())));
        // A game that ends exactly at the bound ended: it is not truncated.
        let i = 17;
        let exact = rollout_range(&game, i, 1, 3, Some(1), Some(full.lengths[i as usize] as usize));
        assert_eq!((exact.lengths[0], exact.truncated[0]), (full.lengths[i as usize], false));
        assert_eq!(exact.returns, full.returns[2 * i as usize..2 * i as usize + 2]);
    }

    #[test]
    fn playouts_stop_at_the_cap() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let mut state = game.new_state(1);
        let steps = random_playout_capped(&game, &mut state, &mut Rng::new(2), 25);
        assert_eq!(steps, 25);
        assert!(!state.is_terminal());
        assert_eq!(random_playout_capped(&game, &mut state, &mut Rng::new(2), 0), 0);
    }
}
