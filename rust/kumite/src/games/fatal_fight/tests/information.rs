//! The information contract (docs "## Observation"): a random-play probe that groups reached
//! positions, and the worlds `determinize` makes of them, by a seat's observation and requires one
//! information string, and for the player to move the same legal ids with the same texts, per
//! observation; and the public/private split.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::*;
use crate::core::{Action, Rng};

fn hash(x: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// What one seat's observation must determine: its information string, and for the player to
/// move its legal ids and their texts.
fn meaning(g: &FatalFight, s: &FatalFightState, seat: usize) -> (String, Vec<(Action, String)>) {
    let mut out = ActionList::new();
    let mut acts = Vec::new();
    if s.current_player() == Some(seat) {
        s.legal_actions(g, &mut out);
        acts = out.iter().map(|&a| (a, s.action_to_string(g, a))).collect();
    }
    (s.information_state_string(g, seat), acts)
}

/// An observation writer: the game's, or another one to hold against the probe.
type Write = fn(&FatalFightState, &FatalFight, usize, &mut [f32]);

/// Per seat and observation: the meaning's hash, the first position's render and meaning.
type ByObs = HashMap<(usize, u64), (u64, String, (String, Vec<(Action, String)>))>;

struct Probe<'a> {
    g: &'a FatalFight,
    write: Write,
    /// Also check the public/private split and that one information string gives one observation.
    contract: bool,
    by_obs: ByObs,
    by_info: HashMap<(usize, u64), u64>,
    /// Seat-positions that met an observation first seen in another position.
    shared: usize,
}

impl Probe<'_> {
    /// Checks the seats of `s` (`only`: the one seat a determinized world is for).
    fn check(&mut self, s: &FatalFightState, only: Option<usize>) {
        let g = self.g;
        let (len, public_len) = (g.observation_len(), g.public_observation_len());
        let (mut obs, mut joined, mut public) = (vec![0.0; len], vec![0.0; len], vec![0.0; public_len]);
        let position = s.render(g);
        for seat in (0..g.n()).filter(|&seat| only.is_none_or(|o| o == seat)) {
            (self.write)(s, g, seat, &mut obs);
            let m = meaning(g, s, seat);
            if self.contract {
                s.public_observation(g, &mut joined[..public_len]);
                s.private_observation(g, seat, &mut joined[public_len..]);
                public.copy_from_slice(&joined[..public_len]);
                assert_eq!(obs, joined, "observation = public ++ private");
                assert_eq!(&obs[..public_len], &public[..], "the public part is every seat's");
                let text = format!("{}{}", s.public_observation_string(g), s.private_observation_string(g, seat));
                assert_eq!(m.0, text, "information string = public ++ private");
            }
            let bits: Vec<u32> = obs.iter().map(|x| x.to_bits()).collect();
            let vh = hash(&bits);
            if self.contract {
                let first = *self.by_info.entry((seat, hash(&m.0))).or_insert(vh);
                assert_eq!(first, vh, "seat {seat}: one information string, two observations:\n{}", m.0);
            }
            let mh = hash(&m);
            let entry = self.by_obs.entry((seat, vh)).or_insert_with(|| (mh, position.clone(), m.clone()));
            self.shared += usize::from(entry.1 != position);
            assert!(
                entry.0 == mh,
                "seat {seat}: one observation, two meanings\n{}\n{:?}\n---\n{}\n{:?}\n--- positions\n{}\n---\n{position}",
                entry.2 .0,
                entry.2 .1,
                m.0,
                m.1,
                entry.1,
            );
        }
    }
}

/// Plays `plays` random games for each of `chances` chance seeds and checks every reached
/// position and, for each seat, a world `determinize` makes of it for that seat: every seat's
/// observation must give one information string, and the player to move one list of legal ids
/// and texts; with `contract`, the public part is every seat's, the observation and the string
/// are public ++ private, and one information string gives one observation. Returns how many
/// seat-positions met an observation first seen in another position (the comparisons made).
fn probe_with(g: &FatalFight, chances: u64, plays: u64, max_steps: usize, write: Write, contract: bool) -> usize {
    let mut probe = Probe { g, write, contract, by_obs: HashMap::new(), by_info: HashMap::new(), shared: 0 };
    let mut out = ActionList::new();
    for seed in 0..chances {
        for play in 0..plays {
            let mut s = g.new_state(seed);
            let mut rng = Rng::new(1000 + play);
            for step in 0..max_steps {
                probe.check(&s, None);
                for seat in 0..g.n() {
                    probe.check(&s.determinize(g, seat, seed << 20 | (step as u64)), Some(seat));
                }
                if s.is_terminal() {
                    break;
                }
                s.legal_actions(g, &mut out);
                let a = out[rng.below(out.len() as u32) as usize];
                s.apply_unchecked(g, a, &mut NoEvents);
            }
        }
    }
    probe.shared
}

fn probe(g: &FatalFight, chances: u64, plays: u64, max_steps: usize) -> usize {
    probe_with(g, chances, plays, max_steps, |s, g, seat, out| s.observation(g, seat, out), true)
}

#[test]
fn one_observation_gives_one_information_string_and_one_meaning_of_the_actions() {
    for players in 1..=4 {
        let shared = probe(&game(players), 60, 2, 150);
        eprintln!("{players} players: {shared} seat-positions shared an observation with another position");
        assert!(shared > 1000, "the probe compares positions: {shared}");
        for start_stage in [2, 4] {
            let g = FatalFight::new(FatalFightOptions {
                players,
                start_stage,
                final_boss_variant: start_stage == 4,
                ..Default::default()
            })
            .unwrap();
            probe(&g, 10, 2, 150);
        }
    }
}

/// The state of game `seed` after `steps` random actions (fewer if it ends).
fn replay(g: &FatalFight, seed: u64, steps: usize) -> FatalFightState {
    let mut s = g.new_state(seed);
    let mut rng = Rng::new(seed + 1);
    let mut out = ActionList::new();
    for _ in 0..steps {
        if s.is_terminal() {
            break;
        }
        s.legal_actions(g, &mut out);
        let a = out[rng.below(out.len() as u32) as usize];
        s.apply_unchecked(g, a, &mut NoEvents);
    }
    s
}

/// The cost of writing one observation: random positions of
/// 2-player games, each written for both seats. Run with `--ignored --nocapture`.
#[test]
#[ignore]
fn observation_timing() {
    let g = game(2);
    let states: Vec<FatalFightState> =
        (0..40).flat_map(|seed| [20, 60, 120, 200].map(|steps| replay(&g, seed, steps))).collect();
    let time = |len: usize, write: Write| {
        let mut obs = vec![0.0; len];
        let reps = 2000;
        let t = std::time::Instant::now();
        let mut sum = 0.0f32;
        for _ in 0..reps {
            for s in &states {
                for seat in 0..2 {
                    write(s, &g, seat, &mut obs);
                    sum += obs[seat];
                }
            }
        }
        let per = t.elapsed().as_nanos() as f64 / (reps * states.len() * 2) as f64;
        eprintln!("observation_len {len}: {per:.0} ns per observation ({sum})");
    };
    time(g.observation_len(), |s, g, seat, out| s.observation(g, seat, out));
}
