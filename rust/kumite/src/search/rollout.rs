use rayon::prelude::*;

use crate::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};

/// Results of a batch of playouts: `returns` is row-major `(n_games, num_players)`.
#[derive(Debug, Clone, PartialEq)]
pub struct RolloutResult {
    pub num_players: usize,
    pub returns: Vec<f32>,
    pub lengths: Vec<u32>,
}

/// Plays uniformly random legal actions from `state` to the end; returns the number of actions.
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng) -> u32 {
    let mut legal = ActionList::new();
    let mut steps = 0;
    while !state.is_terminal() {
        state.legal_actions(game, &mut legal);
        let action = legal[rng.below(legal.len() as u32) as usize];
        state.apply_unchecked(game, action, &mut NoEvents);
        steps += 1;
    }
    steps
}

/// One random game from a fresh state: the game's chance and the players' choices each get a
/// stream derived from `seed`.
pub fn random_game<G: Game>(game: &G, seed: u64, returns: &mut [f32]) -> u32 {
    let mut state = game.new_state(seed);
    let mut rng = Rng::new(derive_seed(seed, u64::MAX));
    let steps = random_playout(game, &mut state, &mut rng);
    state.returns(game, returns);
    steps
}

/// `n_games` random games on `threads` threads (all cores when `None`). Game `i` uses seed
/// `derive_seed(seed, i)`, so the results depend on the seed only, never on the thread count.
pub fn rollout_batch<G: Game>(
    game: &G,
    n_games: usize,
    seed: u64,
    threads: Option<usize>,
) -> RolloutResult {
    rollout_range(game, 0, n_games, seed, threads)
}

/// Games `first..first + n_games` of the batch `rollout_batch(game, _, seed, _)` would play:
/// splitting a batch into ranges (across processes or machines) gives the same results.
pub fn rollout_range<G: Game>(
    game: &G,
    first: u64,
    n_games: usize,
    seed: u64,
    threads: Option<usize>,
) -> RolloutResult {
    let players = game.num_players();
    let mut returns = vec![0.0f32; n_games * players];
    let mut lengths = vec![0u32; n_games];
    let work = |returns: &mut [f32], lengths: &mut [u32]| {
        returns
            .par_chunks_mut(players.max(1))
            .zip(lengths.par_iter_mut())
            .enumerate()
            .with_min_len(64)
            .for_each(|(i, (ret, len))| {
                *len = random_game(game, derive_seed(seed, first.wrapping_add(i as u64)), ret)
            });
    };
    match threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build()
            .expect("a rayon pool of the requested size")
            .install(|| work(&mut returns, &mut lengths)),
        None => work(&mut returns, &mut lengths),
    }
    RolloutResult { num_players: players, returns, lengths }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tekken::{Tekken, TekkenOptions};

    #[test]
    fn ranges_reassemble_the_batch() {
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, ..Default::default() }).unwrap();
        let whole = rollout_batch(&game, 100, 7, Some(2));
        let a = rollout_range(&game, 0, 37, 7, Some(1));
        let b = rollout_range(&game, 37, 63, 7, None);
        assert_eq!([a.lengths, b.lengths].concat(), whole.lengths);
        assert_eq!([a.returns, b.returns].concat(), whole.returns);
    }
}
