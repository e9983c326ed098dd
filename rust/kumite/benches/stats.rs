//! Measurements of the games themselves rather than of speed (`report.rs` measures speed):
//! what uniformly random games look like, the largest hands and purses Fatal Fight's random
//! campaigns reach (its rules doc's "Capacities"), and Senjutsu's preset pairings. Run with
//! `cargo bench -p kumite --bench stats -- [NAME...]` (`make stats`), NAME among `random`,
//! `fatal_fight_capacity` and `senjutsu_presets`; none runs `random`.

use kumite::conformance::seats::wilson;
use kumite::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};
use kumite::games::fatal_fight::{FatalFight, FatalFightOptions};
use kumite::games::senjutsu::Senjutsu;
use kumite::games::tekken::{Tekken, TekkenOptions};
use kumite::games::ufs::{Ufs, UfsOptions};
use kumite::search::rollout::{random_playout, rollout_batch};
use kumite::search::{Heuristic, Mcts, MctsConfig};
use serde_json::json;

fn env(key: &str, default: usize) -> usize {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// "p % [lo, hi]": the share `k / n` with its Wilson 95 % interval.
fn share(k: usize, n: usize) -> String {
    let p = k as f64 / n.max(1) as f64;
    let (lo, hi) = wilson(p, n, 1.96);
    format!("{:.1} % [{:.1}, {:.1}]", 100.0 * p, 100.0 * lo, 100.0 * hi)
}

fn senjutsu(options: serde_json::Value) -> Senjutsu {
    Senjutsu::from_options(options.as_object().expect("an object of options")).expect("valid options")
}

/// Uniformly random games of every game (seed `i` and playout seed `derive_seed(i, 1)` for
/// game `i`): mean length, results by seat, and what each game's own figures say.
fn random() {
    let n = env("STATS_GAMES", 2_000) as u64;
    println!("## Uniformly random games ({n} a row)\n");
    let tekken = Tekken::new(TekkenOptions::default()).expect("default options");
    let (mut steps, mut wins, mut draws) = (0usize, [0usize; 2], 0usize);
    for i in 0..n {
        let mut s = tekken.new_state(i);
        steps += random_playout(&tekken, &mut s, &mut Rng::new(derive_seed(i, 1))) as usize;
        match s.result {
            Some([1, _]) => wins[0] += 1,
            Some([_, 1]) => wins[1] += 1,
            _ => draws += 1,
        }
    }
    println!(
        "tekken: {:.1} actions a game, seat 0 wins {wins:?} of the decided, draws {draws}",
        steps as f64 / n as f64
    );

    let ufs = Ufs::new(UfsOptions::default()).expect("default options");
    let (mut steps, mut turns, mut wins, mut draws, mut no_ko) = (0usize, 0usize, [0usize; 2], 0usize, 0usize);
    for i in 0..n {
        let mut s = ufs.new_state(i);
        steps += random_playout(&ufs, &mut s, &mut Rng::new(derive_seed(i, 1))) as usize;
        turns += s.turn as usize;
        match s.result {
            Some([1, _]) => wins[0] += 1,
            Some([_, 1]) => wins[1] += 1,
            _ => draws += 1,
        }
        no_ko += usize::from(s.sides.iter().all(|x| x.vitality > 0));
    }
    println!(
        "ufs: {:.1} actions and {:.1} turns a game, wins by seat {wins:?}, draws {draws}, ended without a KO {no_ko}",
        steps as f64 / n as f64,
        turns as f64 / n as f64
    );

    for options in
        [json!({}), json!({"players": 4}), json!({"players": 4, "teams": [0, 1, 0, 1], "battlefield": "temple_court"})]
    {
        let g = senjutsu(options.clone());
        let (mut steps, mut rounds, mut draws) = (0usize, 0usize, 0usize);
        for i in 0..n {
            let mut s = g.new_state(i);
            steps += random_playout(&g, &mut s, &mut Rng::new(derive_seed(i, 1))) as usize;
            rounds += usize::from(s.round);
            draws += usize::from(s.result.is_some_and(|r| r[0] == 0));
        }
        println!(
            "senjutsu {options}: {:.1} actions and {:.1} rounds a game, draws {}",
            steps as f64 / n as f64,
            rounds as f64 / n as f64,
            share(draws, n as usize)
        );
    }

    for (players, start_stage) in [(1, 1), (2, 1), (3, 1), (4, 1), (2, 2), (2, 3), (4, 4)] {
        let g =
            FatalFight::new(FatalFightOptions { players, start_stage, ..Default::default() }).expect("valid options");
        let (mut steps, mut stages, mut rounds, mut wins) = (0usize, 0usize, 0usize, 0usize);
        for i in 0..n {
            let mut s = g.new_state(i);
            steps += random_playout(&g, &mut s, &mut Rng::new(derive_seed(i, 1))) as usize;
            stages += usize::from(s.stage);
            rounds += usize::from(s.round);
            wins += usize::from(s.result == Some(true));
        }
        println!(
            "fatal_fight {players}p from stage {start_stage}: {:.1} actions a game, {:.2} stages cleared, {:.1} rounds in the last, {wins} won",
            steps as f64 / n as f64,
            stages as f64 / n as f64,
            rounds as f64 / n as f64
        );
    }
}

/// The largest hand, cards owned, gold (a player's and the team pool), items carried and cards
/// played in a round over random Fatal Fight campaigns of 1–4 players, after every action.
fn fatal_fight_capacity() {
    let games = env("STATS_GAMES", 2_000) as u64;
    println!("## Fatal Fight: the largest piles of {games} random campaigns\n");
    for players in 1..=4u8 {
        let g = FatalFight::new(FatalFightOptions { players, ..Default::default() }).expect("valid options");
        let (mut hand, mut owned, mut gold, mut pool, mut carried, mut played) = (0, 0, 0, 0, 0, 0);
        let mut legal = ActionList::new();
        for i in 0..games {
            let mut s = g.new_state(i);
            let mut rng = Rng::new(derive_seed(i, 1));
            for _ in 0..g.max_game_length() {
                if s.is_terminal() {
                    break;
                }
                s.legal_actions(&g, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                s.apply_unchecked(&g, a, &mut NoEvents);
                for p in &s.players[..g.n()] {
                    hand = hand.max(p.hand.len());
                    owned = owned.max(p.owned());
                    gold = gold.max(p.gold);
                    carried = carried.max(p.carried.len());
                    played = played.max(p.played.len() + p.facedown.len());
                }
                pool = pool.max(s.pool);
            }
        }
        println!("{players}p: hand {hand}, owned {owned}, gold {gold}, pool {pool}, carried {carried}, played + face down {played}");
    }
}

/// Each 2-player pairing of distinct samurai with their presets, both seat orders pooled:
/// `SJ_RANDOM_GAMES` uniformly random games (20,000) and `SJ_MCTS_GAMES` games (0) of
/// information-set MCTS with the heuristic leaf value at `SJ_MCTS_ITERATIONS` (200) a decision,
/// per ordered pairing. To screen a retune without rebuilding, copy a preset into a
/// `content_dir` under a new id and measure it with `kumite balance`.
fn senjutsu_presets() {
    let (random_games, mcts_games, iterations) =
        (env("SJ_RANDOM_GAMES", 20_000), env("SJ_MCTS_GAMES", 0), env("SJ_MCTS_ITERATIONS", 200));
    println!("## Senjutsu's preset pairings (win shares with 95 % intervals, both seat orders)\n");
    let ids = ["old_master", "eager_student", "wanderer", "spear_captain"];
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            // Wins of a, wins of b, draws; over both seat orders.
            let (mut random, mut searched) = ([0usize; 3], [0usize; 3]);
            for flip in [false, true] {
                let g = senjutsu(json!({"samurai": if flip { [b, a] } else { [a, b] }}));
                let tally = |t: &mut [usize; 3], ret: &[f32]| {
                    let (ra, rb) = if flip { (ret[1], ret[0]) } else { (ret[0], ret[1]) };
                    t[if ra > 0.0 {
                        0
                    } else if rb > 0.0 {
                        1
                    } else {
                        2
                    }] += 1;
                };
                if random_games > 0 {
                    let res = rollout_batch(&g, random_games, 1, None, None);
                    res.returns.chunks(2).for_each(|row| tally(&mut random, row));
                }
                for seed in 0..mcts_games as u64 {
                    let mut s = g.new_state(seed);
                    let mut bots: Vec<_> = (0..2u64)
                        .map(|p| {
                            let config = MctsConfig {
                                iterations: iterations as u32,
                                seed: seed * 8 + p,
                                ..MctsConfig::default()
                            };
                            Mcts::new(config, Heuristic)
                        })
                        .collect();
                    let mut history = Vec::new();
                    while let Some(p) = s.current_player() {
                        let x = bots[p].choose(&g, &s, &history);
                        s.apply_unchecked(&g, x, &mut NoEvents);
                        history.push(x);
                    }
                    let mut ret = vec![0.0; 2];
                    s.returns(&g, &mut ret);
                    tally(&mut searched, &ret);
                }
            }
            for (what, t) in [("random", random), ("mcts", searched)] {
                let total: usize = t.iter().sum();
                if total > 0 {
                    println!(
                        "{what} {a} vs {b}, {total} games: {a} {} | {b} {} | draws {}",
                        share(t[0], total),
                        share(t[1], total),
                        share(t[2], total)
                    );
                }
            }
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the names are the other arguments.
    let names: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let names = if names.is_empty() { vec!["random".to_string()] } else { names };
    for name in &names {
        match name.as_str() {
            "random" => random(),
            "fatal_fight_capacity" => fatal_fight_capacity(),
            "senjutsu_presets" => senjutsu_presets(),
            other => {
                eprintln!("unknown measurement {other:?}: random, fatal_fight_capacity or senjutsu_presets");
                std::process::exit(2);
            }
        }
        println!();
    }
}
