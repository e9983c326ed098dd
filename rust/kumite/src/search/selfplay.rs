//! Self-play for training a policy-value network: every seat searched by the same PUCT search
//! guided by the network, recording at each decision the observation of the player to move,
//! its legal mask, the search's visit distribution and its value of the position for the player
//! to move; every position's outcome target is the game's final returns. With an [`Opponent`],
//! a share of the games seat a fixed search (`mcts:N`) in one seat, whose decisions are played
//! and not recorded: the learner meets a player that punishes what its own games never do.
//! Games run in parallel on all cores, and each depends only on the seed and its index, so the
//! data is the same whatever the thread count.

use std::sync::Arc;

use rayon::prelude::*;

use crate::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use crate::search::bot_spec::BotSpec;
use crate::search::evaluator::{BatchEvaluator, EvaluatorChoice, LeafValues};
use crate::search::mcts::{Mcts, MctsConfig, RootRule};
use crate::search::rollout::on_threads;

#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    pub games: usize,
    /// Search iterations per decision.
    pub simulations: u32,
    pub seed: u64,
    /// `None`: one per core.
    pub threads: Option<usize>,
    /// A game still live after this many actions is cut and reported truncated (its positions
    /// get value targets of 0 and the `truncated` flag): `None`, the game's `max_game_length`.
    pub max_steps: Option<usize>,
    /// For each seat's first decisions up to this many in all, the move is drawn in proportion
    /// to the visits (exploration); afterwards the most visited move is played.
    pub temperature_moves: usize,
    /// PUCT's `c`.
    pub exploration: f32,
    /// The search's root rule. Under Gumbel the played action is the halving's survivor (its
    /// noise explores, so `temperature_moves` is not read) and the policy target is the
    /// improved policy; under PUCT the target is the visit shares.
    pub root: RootRule,
    /// What values the leaves: the network's value head (without a network, random playouts),
    /// or, the priors kept, random playouts or the game's heuristic.
    pub leaf_values: LeafValues,
    /// A fixed search that takes one seat in a share of the games (`None`: every game is
    /// self-play).
    pub opponent: Option<Opponent>,
}

/// A search outside the learner (`mcts:N` or `mcts:N:heuristic`) that plays one seat in a share
/// of the self-play games: game `i` has it when `⌊(i + 1)·share⌋ > ⌊i·share⌋` (evenly spread,
/// the same games whatever the thread count), in seat `k mod players` for the `k`-th such game.
/// Built by [`Opponent::new`] only, so its spec is always a search without a network.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponent {
    spec: BotSpec,
    share: f64,
}

impl Opponent {
    /// Refuses a spec that is not a search without a network, or a share outside (0, 1].
    pub fn new(spec: BotSpec, share: f64) -> Result<Opponent, String> {
        if !matches!(spec, BotSpec::Mcts { .. }) {
            return Err(format!("'{spec}' is not a search without a network (mcts:N or mcts:N:heuristic)"));
        }
        if !(share > 0.0 && share <= 1.0) {
            return Err(format!("its share of the games is above 0 and at most 1, not {share}"));
        }
        Ok(Opponent { spec, share })
    }

    /// The seat the opponent takes in game `index`, if it plays that game.
    pub fn seat(&self, index: usize, players: usize) -> Option<usize> {
        let before = (index as f64 * self.share).floor();
        let plays = ((index as f64 + 1.0) * self.share).floor() > before;
        plays.then_some(before as usize % players.max(1))
    }
}

impl Default for SelfplayConfig {
    fn default() -> Self {
        SelfplayConfig {
            games: 1,
            simulations: 64,
            seed: 0,
            threads: None,
            max_steps: None,
            temperature_moves: 30,
            exploration: 1.25,
            root: RootRule::Puct,
            leaf_values: LeafValues::Evaluator,
            opponent: None,
        }
    }
}

/// Training data, row-major: one row per recorded decision, and per game its outcome.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfplayData {
    pub observations: Vec<f32>,
    pub masks: Vec<bool>,
    pub policy: Vec<f32>,
    pub values: Vec<f32>,
    /// The search's value of the position for the player to move: the visit-weighted mean of
    /// its root actions' values (a target with less noise than the outcome, for trainers that
    /// mix the two).
    pub root_value: Vec<f32>,
    pub player: Vec<i32>,
    pub game: Vec<i32>,
    pub truncated: Vec<bool>,
    pub game_returns: Vec<f32>,
    /// Per game, every seat's heuristic value (`State::heuristic`) of its last position before
    /// the end: where its last action was chosen, or where it was cut. A target that says how
    /// far a lost or level game got (a shaped value, as trainers may mix it in); the returns
    /// where the game has no heuristic.
    pub game_heuristic: Vec<f32>,
    pub game_truncated: Vec<bool>,
    pub game_length: Vec<i32>,
    /// Search iterations run in all (for the speed figures).
    pub simulations: u64,
}

impl SelfplayData {
    pub fn rows(&self) -> usize {
        self.player.len()
    }
    fn append(&mut self, mut other: SelfplayData) {
        self.observations.append(&mut other.observations);
        self.masks.append(&mut other.masks);
        self.policy.append(&mut other.policy);
        self.values.append(&mut other.values);
        self.root_value.append(&mut other.root_value);
        self.player.append(&mut other.player);
        self.game.append(&mut other.game);
        self.truncated.append(&mut other.truncated);
        self.game_returns.append(&mut other.game_returns);
        self.game_heuristic.append(&mut other.game_heuristic);
        self.game_truncated.append(&mut other.game_truncated);
        self.game_length.append(&mut other.game_length);
        self.simulations += other.simulations;
    }
}

/// Plays `cfg.games` games of self-play with `evaluator` (a [`crate::search::net::Net`]: its
/// priors, and its values unless `cfg.leaf_values` says otherwise), or before there is one
/// ([`None`]) with uniform priors and playouts' or the heuristic's values ([`EvaluatorChoice::guided`]).
pub fn selfplay<G: Game>(game: &G, evaluator: Option<Arc<dyn BatchEvaluator>>, cfg: &SelfplayConfig) -> SelfplayData {
    let games = on_threads(cfg.threads, || {
        (0..cfg.games).into_par_iter().map(|i| one_game(game, evaluator.clone(), cfg, i)).collect::<Vec<_>>()
    });
    let mut out = SelfplayData::default();
    for g in games {
        out.append(g);
    }
    out
}

fn one_game<G: Game>(
    game: &G,
    evaluator: Option<Arc<dyn BatchEvaluator>>,
    cfg: &SelfplayConfig,
    index: usize,
) -> SelfplayData {
    let game_seed = derive_seed(cfg.seed, index as u64);
    let config = MctsConfig {
        iterations: cfg.simulations.max(1),
        exploration: cfg.exploration,
        threads: 1,
        seed: game_seed,
        root: cfg.root,
        ..MctsConfig::default()
    };
    let opponent = cfg.opponent.as_ref().and_then(|o| {
        let seat = o.seat(index, game.num_players())?;
        let (config, choice) = o
            .spec
            .search(derive_seed(game_seed, 1), Some(1), None)
            .ok()
            .flatten()
            .expect("Opponent::new admits only mcts specs, which search without a network");
        Some((seat, Mcts::new(config, choice)))
    });
    let search = Mcts::new(config, EvaluatorChoice::guided(evaluator, cfg.leaf_values));
    play(game, search, opponent, cfg, index, game_seed)
}

fn play<G: Game>(
    game: &G,
    mut search: Mcts<G, EvaluatorChoice>,
    mut opponent: Option<(usize, Mcts<G, EvaluatorChoice>)>,
    cfg: &SelfplayConfig,
    index: usize,
    game_seed: u64,
) -> SelfplayData {
    let (actions, players, obs_len) = (game.num_actions(), game.num_players(), game.observation_len());
    let mut rng = Rng::new(derive_seed(game_seed, u64::MAX));
    let mut state = game.new_state(game_seed);
    let bound = cfg.max_steps.unwrap_or_else(|| game.max_game_length());
    let mut history: Vec<Action> = Vec::new();
    let mut legal = ActionList::new();
    let mut out = SelfplayData::default();
    let mut decisions = 0;
    // The heuristic of the position before each action: the last one is the game's.
    let mut heuristic = vec![0.0f32; players];
    let mut has_heuristic = true;
    while !state.is_terminal() && history.len() < bound {
        let Some(player) = state.current_player() else { break };
        state.legal_actions(game, &mut legal);
        if legal.is_empty() {
            crate::search::rollout::no_legal_action::<G>(&state);
        }
        let action = if legal.len() == 1 {
            // A forced move teaches nothing and needs no search.
            legal[0]
        } else if let Some((_, other)) = opponent.as_mut().filter(|(seat, _)| *seat == player) {
            // The opponent's move: played, not learned from.
            let stats = other.search(game, &state, &history);
            out.simulations += stats.iterations;
            stats.best
        } else {
            let stats = search.search(game, &state, &history);
            out.simulations += stats.iterations;
            let total: u32 = stats.visits.iter().sum();
            let row = out.policy.len();
            out.policy.resize(row + actions, 0.0);
            for (&a, &p) in stats.actions.iter().zip(&stats.policy) {
                out.policy[row + usize::from(a)] = p;
            }
            let at = out.observations.len();
            out.observations.resize(at + obs_len, 0.0);
            state.observation(game, player, &mut out.observations[at..]);
            let m = out.masks.len();
            out.masks.resize(m + actions, false);
            for &a in &legal {
                out.masks[m + usize::from(a)] = true;
            }
            out.player.push(player as i32);
            let weighted: f32 = stats.visits.iter().zip(&stats.values).map(|(&n, &v)| n as f32 * v).sum();
            out.root_value.push(if total > 0 { weighted / total as f32 } else { 0.0 });
            decisions += 1;
            if cfg.root == RootRule::Puct && decisions <= cfg.temperature_moves && total > 0 {
                let mut pick = rng.below(total);
                let mut chosen = stats.best;
                for (&a, &v) in stats.actions.iter().zip(&stats.visits) {
                    if pick < v {
                        chosen = a;
                        break;
                    }
                    pick -= v;
                }
                // Only an action legal in this world (a determinized search may visit others).
                if legal.contains(&chosen) {
                    chosen
                } else {
                    stats.best
                }
            } else {
                stats.best
            }
        };
        if has_heuristic {
            has_heuristic = state.heuristic(game, &mut heuristic);
        }
        state.apply_unchecked(game, action, &mut NoEvents);
        history.push(action);
    }
    let truncated = !state.is_terminal();
    let mut returns = vec![0.0f32; players];
    if !truncated {
        state.returns(game, &mut returns);
    } else if has_heuristic {
        has_heuristic = state.heuristic(game, &mut heuristic);
    }
    if !has_heuristic || (!truncated && history.is_empty()) {
        heuristic.copy_from_slice(&returns);
    }
    let rows = out.player.len();
    for _ in 0..rows {
        out.values.extend_from_slice(&returns);
    }
    out.game = vec![index as i32; rows];
    out.truncated = vec![truncated; rows];
    out.game_returns = returns;
    out.game_heuristic = heuristic;
    out.game_truncated = vec![truncated];
    out.game_length = vec![history.len() as i32];
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{one_game, selfplay, Opponent, SelfplayConfig};
    use crate::core::Game;
    use crate::games::senjutsu::{Senjutsu, SenjutsuOptions};
    use crate::games::tekken::{Tekken, TekkenOptions};
    use crate::search::net::tests::net_bytes;
    use crate::search::net::Net;
    use crate::search::BotSpec;

    #[test]
    fn the_data_is_the_same_whatever_the_thread_count() {
        let game = Tekken::new(TekkenOptions { rounds_to_win: 1, hp: 7, ..Default::default() }).unwrap();
        let shape = [game.observation_len(), game.num_actions(), 2, 8, 1];
        let net = Net::from_bytes(&net_bytes(shape, "tekken", &game.fingerprint(), |k, i| {
            ((i * 7 + k.len()) % 13) as f32 / 40.0 - 0.15
        }))
        .unwrap();
        let cfg = |threads| SelfplayConfig {
            games: 3,
            simulations: 24,
            seed: 5,
            threads: Some(threads),
            max_steps: Some(300),
            ..Default::default()
        };
        let one = selfplay(&game, Some(Arc::new(net.clone())), &cfg(1));
        let two = selfplay(&game, Some(Arc::new(net)), &cfg(2));
        assert_eq!(one, two);
        let rows = one.rows();
        assert!(rows > 10);
        assert_eq!(one.observations.len(), rows * game.observation_len());
        assert_eq!(one.masks.len(), rows * game.num_actions());
        for (p, m) in one.policy.chunks(game.num_actions()).zip(one.masks.chunks(game.num_actions())) {
            assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            assert!(p.iter().zip(m).all(|(&x, &legal)| legal || x == 0.0), "visits only on legal actions");
        }
        assert_eq!(one.game_length.len(), 3);
        // A truncated game's positions carry no result.
        for (g, &cut) in one.game_truncated.iter().enumerate() {
            let values = &one.game_returns[g * 2..g * 2 + 2];
            assert!(!cut || values == [0.0, 0.0]);
        }
    }

    #[test]
    fn selfplay_before_a_network_plays_whole_games() {
        // Uniform priors with zero values left the search nothing to prefer: Tekken's games then
        // looped to the run's bound. Playout values end them.
        let tekken = Tekken::new(TekkenOptions::default()).unwrap();
        let cfg = SelfplayConfig { games: 2, simulations: 16, seed: 1, threads: Some(1), ..Default::default() };
        let data = selfplay(&tekken, None, &cfg);
        assert!(data.game_truncated.iter().all(|&t| !t), "{:?}", data.game_length);
        let game = Senjutsu::new(SenjutsuOptions::default()).unwrap();
        let cfg = SelfplayConfig { games: 2, simulations: 8, seed: 1, threads: Some(1), ..Default::default() };
        let data = selfplay(&game, None, &cfg);
        assert!(data.game_truncated.iter().all(|&t| !t) && data.rows() > 20);
        // Each position's value target is its game's result, for every seat.
        for (row, &g) in data.game.iter().enumerate() {
            let g = g as usize;
            assert_eq!(data.values[row * 2..row * 2 + 2], data.game_returns[g * 2..g * 2 + 2]);
        }
    }

    #[test]
    fn a_games_heuristic_is_that_of_its_last_position_before_the_end() {
        // A finished game's is the heuristic where its last action was chosen: the same games
        // cut one action earlier end there, and report the heuristic where they were cut.
        use crate::games::fatal_fight::{FatalFight, FatalFightOptions};
        let game = FatalFight::new(FatalFightOptions { players: 2, ..Default::default() }).unwrap();
        let cfg = |max_steps| SelfplayConfig {
            games: 3,
            simulations: 8,
            seed: 2,
            threads: Some(1),
            max_steps,
            leaf_values: crate::search::evaluator::LeafValues::Heuristic,
            ..Default::default()
        };
        let whole = selfplay(&game, None, &cfg(None));
        assert_eq!(whole.game_heuristic.len(), 3 * 2);
        for g in 0..3 {
            assert!(!whole.game_truncated[g], "game {g} finished");
            let length = whole.game_length[g] as usize;
            let cut = one_game(&game, None, &cfg(Some(length - 1)), g);
            assert!(cut.game_truncated[0] && cut.game_length[0] as usize == length - 1);
            assert_eq!(whole.game_heuristic[g * 2..g * 2 + 2], cut.game_heuristic[..]);
            // Fatal Fight's heuristic is the team's progress, the same for every seat, within
            // the returns' range; these campaigns are lost, and got further than nothing.
            let h = &cut.game_heuristic;
            assert!(h[0] == h[1] && (-1.0..=1.0).contains(&h[0]), "{h:?}");
            assert!(whole.game_returns[g * 2] == -1.0 && h[0] > -1.0, "game {g}: {h:?}");
        }
    }

    #[test]
    fn an_opponent_plays_its_share_of_the_games_and_only_the_learner_is_recorded() {
        // Half the games, evenly spread, the opponent's seat alternating.
        let opponent = Opponent::new(BotSpec::parse("mcts:20").unwrap(), 0.5).unwrap();
        let seats: Vec<_> = (0..6).map(|i| opponent.seat(i, 2)).collect();
        assert_eq!(seats, [None, Some(0), None, Some(1), None, Some(0)]);
        let every = Opponent::new(BotSpec::parse("mcts:20").unwrap(), 1.0).unwrap();
        assert_eq!((0..4).map(|i| every.seat(i, 3)).collect::<Vec<_>>(), [Some(0), Some(1), Some(2), Some(0)]);
        assert!(Opponent::new(BotSpec::parse("az:20").unwrap(), 0.5).is_err());
        assert!(Opponent::new(BotSpec::parse("mcts:20").unwrap(), 0.0).is_err());
        assert!(Opponent::new(BotSpec::parse("mcts:20").unwrap(), 1.5).is_err());

        let game = Senjutsu::new(SenjutsuOptions::default()).unwrap();
        let cfg = |threads| SelfplayConfig {
            games: 4,
            simulations: 8,
            seed: 3,
            threads: Some(threads),
            opponent: Some(opponent.clone()),
            ..Default::default()
        };
        let data = selfplay(&game, None, &cfg(1));
        assert_eq!(data, selfplay(&game, None, &cfg(2)), "the same games whatever the thread count");
        let seats_of = |g: i32| {
            let mut seen = [false; 2];
            for (&p, _) in data.player.iter().zip(&data.game).filter(|&(_, &x)| x == g) {
                seen[p as usize] = true;
            }
            seen
        };
        // Games 1 and 3 seat the opponent in seats 0 and 1: only the other seat has rows.
        assert_eq!(
            [seats_of(0), seats_of(1), seats_of(2), seats_of(3)],
            [[true, true], [false, true], [true, true], [true, false]]
        );
        assert!(data.game_truncated.iter().all(|&t| !t));
        for (row, &g) in data.game.iter().enumerate() {
            let g = g as usize;
            assert_eq!(data.values[row * 2..row * 2 + 2], data.game_returns[g * 2..g * 2 + 2]);
        }
    }
}
