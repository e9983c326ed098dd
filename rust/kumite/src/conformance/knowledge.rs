//! What each seat knows, checked for any game from states reached by random and MCTS play,
//! with no knowledge of the game:
//!
//! 1. completeness: one observation vector for a seat is one information string, and the
//!    reverse; one observation for the player to move is one set of legal ids, each with one text
//!    (the observation says what every id means);
//! 2. worlds: every `determinize(s, i)` looks like `s` to seat `i` (string, vector, view, public
//!    part), passes the loader's checks (also through JSON), plays on to an end, and poses the
//!    real decision whenever seat `i` can see it (`i` to move, or the same mover);
//! 3. the shape of play: a world and the real state, carried on by the same events seat `i`
//!    sees (its own moves, public moves, a hidden move replaced by one that shows `i` the same),
//!    keep one player to move while `i` sees the same; and where they part, neither comes back
//!    to what the other shows `i` after asking a seat for decisions the other does not (whether
//!    a seat is asked, and how many decisions pass, is public);
//! 4. the public/private split: `observation(seat) == public ++ private(seat)` for every seat,
//!    the public part is the same in every world of every seat, and (public, private(seat))
//!    determine the information string.
//!
//! Chance is resolved inside the state and a world resamples it, so the two lines of check 3
//! may part for good (a card dealt, a face-down pick revealed); that is no leak, and the walk
//! stops there (`continue_world`).

use std::collections::HashMap;

use crate::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use crate::search::{Heuristic, Mcts, MctsConfig};

/// How much to check.
#[derive(Debug, Clone, Copy)]
pub struct Knowledge {
    pub seed: u64,
    pub random_games: usize,
    /// Games where every seat is an MCTS of `mcts_iterations` iterations.
    pub mcts_games: usize,
    pub mcts_iterations: u32,
    /// Worlds are drawn at every `stride`-th step of each game (every step for 1).
    pub stride: usize,
    /// Actions a world is carried on for (check 3).
    pub horizon: usize,
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge { seed: 0, random_games: 6, mcts_games: 1, mcts_iterations: 24, stride: 3, horizon: 12 }
    }
}

/// What a run checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// States reached and checked (checks 1 and 4).
    pub states: usize,
    /// Worlds drawn (checks 2 and 3).
    pub worlds: usize,
    /// Actions played in worlds alongside the real line (check 3).
    pub carried: usize,
    /// Worlds that parted from the real line in whose turn it is, every hidden pick the real
    /// one (check 3) ...
    pub partings: usize,
    /// ... and those that came back to what the real line shows after one line asked a seat
    /// for decisions the other did not.
    pub detours: usize,
}

/// Where a reached state came from, for messages.
#[derive(Clone)]
struct Reached<S> {
    state: S,
    at: String,
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn first_difference(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()))
}

/// The lines of two texts that only one has.
fn line_difference(a: &str, b: &str) -> String {
    let only = |x: &str, y: &str| x.lines().filter(|l| !y.lines().any(|m| m == *l)).collect::<Vec<_>>().join(" / ");
    format!("only in the first: {:?}; only in the second: {:?}", only(a, b), only(b, a))
}

/// Names the game and its options; every failure starts with it.
fn label<G: Game>(game: &G) -> String {
    format!("{} {}", G::NAME, game.options_json())
}

fn two_states<S: State>(a_name: &str, a: &S, b_name: &str, b: &S) -> String {
    format!("\n--- {a_name}:\n{}\n--- {b_name}:\n{}", a.to_json(), b.to_json())
}

/// The legal ids of the player to move with their texts.
fn offer<G: Game>(game: &G, state: &G::State, legal: &mut ActionList) -> Vec<(Action, String)> {
    state.legal_actions(game, legal);
    legal.iter().map(|&a| (a, state.action_to_string(game, a))).collect()
}

/// The checks, as failures name them.
const COMPLETE: &str = "check 1 (the observation is complete)";
const WORLDS: &str = "check 2 (worlds are positions the game could reach)";
const SHAPE: &str = "check 3 (no leak through the shape of play)";
const SPLIT: &str = "check 4 (the public/private split)";

/// The share of turn partings (check 3) that may come back together after a detour: a reveal
/// of what a world resampled may by chance end where the real line is (a forgetful position),
/// a leak does so every time the asked seat passes.
pub const DETOURS: f64 = 0.05;

/// Each failing check: how often it failed, and its first failure.
#[derive(Default)]
struct Failures(std::collections::BTreeMap<&'static str, (usize, String)>);

impl Failures {
    fn add(&mut self, (check, what): (&'static str, String), at: &str) {
        let entry = self.0.entry(check).or_insert_with(|| (0, format!("{at}: {what}")));
        entry.0 += 1;
    }
}

/// Plays the games and runs the four checks over every state reached. A failing check is
/// reported by its first failure, which names the game, its options, the seat, what differs and
/// the two states it differs between, and by how often it failed; every failing check is listed.
pub fn check_knowledge<G: Game>(game: &G, k: Knowledge) -> Result<Tally, String> {
    let name = label(game);
    let mut pools = Pools::new();
    let mut tally = Tally::default();
    let mut failures = Failures::default();
    let mut first_detour = None;
    for g in 0..k.random_games + k.mcts_games {
        let seed = derive_seed(k.seed, g as u64);
        let mcts = g >= k.random_games;
        let (states, actions) = play(game, seed, mcts.then_some(k.mcts_iterations));
        let kind = if mcts { "mcts" } else { "random" };
        for (t, state) in states.iter().enumerate() {
            let at = format!("{kind} game {g} (seed {seed}), step {t}");
            if let Err(e) = pools.add(game, state, &at) {
                failures.add(e, "");
            }
            tally.states += 1;
            if t % k.stride.max(1) != 0 {
                continue;
            }
            for seat in 0..game.num_players() {
                let wseed = derive_seed(seed, (t as u64) << 8 | seat as u64);
                let world = state.determinize(game, seat, wseed);
                let at = format!("{at}, world of seat {seat} (seed {wseed})");
                tally.worlds += 1;
                if let Err(e) = check_world(game, state, &world, seat, wseed) {
                    failures.add(e, &at);
                    continue;
                }
                match continue_world(game, &states[t..], &actions[t..], world, seat, k.horizon, wseed) {
                    Ok(walk) => {
                        tally.carried += walk.carried;
                        tally.partings += usize::from(walk.parted);
                        if let Some(detour) = walk.detour {
                            tally.detours += 1;
                            first_detour.get_or_insert(format!("{at}: {detour}"));
                        }
                    }
                    Err(e) => failures.add(e, &at),
                }
            }
        }
    }
    if tally.detours as f64 > DETOURS * tally.partings as f64 {
        let first = first_detour.unwrap_or_default();
        let e = format!(
            "{} of {} partings in whose turn it is came back to one sight after a detour (at most {:.0} % may); the first: {first}",
            tally.detours,
            tally.partings,
            DETOURS * 100.0
        );
        failures.0.insert(SHAPE, (tally.detours, e));
    }
    if failures.0.is_empty() {
        return Ok(tally);
    }
    Err(failures
        .0
        .iter()
        .map(|(check, (n, first))| format!("{name}: {check} failed {n} time(s); the first: {first}"))
        .collect::<Vec<_>>()
        .join("\n\n"))
}

/// One game from `seed`, random or with every seat an MCTS: the states reached (the last one
/// terminal, or cut at the game's bound) and the actions between them.
fn play<G: Game>(game: &G, seed: u64, mcts: Option<u32>) -> (Vec<G::State>, Vec<Action>) {
    let mut state = game.new_state(seed);
    let mut rng = Rng::new(derive_seed(seed, 1));
    let mut searchers: Vec<Mcts<G, Heuristic>> = (0..game.num_players())
        .map(|p| {
            let iterations = mcts.unwrap_or(1);
            Mcts::new(
                MctsConfig { iterations, seed: derive_seed(seed, 100 + p as u64), ..MctsConfig::default() },
                Heuristic,
            )
        })
        .collect();
    let mut legal = ActionList::new();
    let (mut states, mut actions) = (vec![state.clone()], Vec::new());
    while let Some(p) = state.current_player() {
        if actions.len() >= game.max_game_length() {
            break;
        }
        state.legal_actions(game, &mut legal);
        let a = match mcts {
            Some(_) if legal.len() > 1 => searchers[p].choose(game, &state, &actions),
            _ => legal[rng.below(legal.len() as u32) as usize],
        };
        state.apply_unchecked(game, a, &mut NoEvents);
        actions.push(a);
        states.push(state.clone());
    }
    (states, actions)
}

/// Everything seat `seat` gets of a state, and the public part.
#[derive(PartialEq)]
struct Seen {
    observation: Vec<u32>,
    info: String,
    public: Vec<u32>,
    public_string: String,
    private: Vec<u32>,
    private_string: String,
}

fn seen<G: Game>(game: &G, state: &G::State, seat: usize) -> Seen {
    let mut obs = vec![0.0f32; game.observation_len()];
    state.observation(game, seat, &mut obs);
    let mut public = vec![0.0f32; game.public_observation_len()];
    state.public_observation(game, &mut public);
    let mut private = vec![0.0f32; game.private_observation_len()];
    state.private_observation(game, seat, &mut private);
    Seen {
        observation: bits(&obs),
        info: state.information_state_string(game, seat),
        public: bits(&public),
        public_string: state.public_observation_string(game),
        private: bits(&private),
        private_string: state.private_observation_string(game, seat),
    }
}

/// The legal ids of the player to move with their texts.
type Offer = Vec<(Action, String)>;
/// A seat with its public vector and string and its private vector and string.
type Parts = (usize, Vec<u32>, String, Vec<u32>, String);

/// Checks 1 and 4 over every reached state: each map keeps the first state that gave a key.
struct Pools<S> {
    /// (seat, observation) -> information string.
    info_of_obs: HashMap<(usize, Vec<u32>), (String, Reached<S>)>,
    /// (seat, information string) -> observation.
    obs_of_info: HashMap<(usize, String), (Vec<u32>, Reached<S>)>,
    /// (mover, observation) -> its legal ids and their texts.
    offer_of_obs: HashMap<(usize, Vec<u32>), (Offer, Reached<S>)>,
    /// (seat, public and private parts) -> information string.
    info_of_parts: HashMap<Parts, (String, Reached<S>)>,
    legal: ActionList,
}

impl<S: State> Pools<S> {
    fn new() -> Self {
        Pools {
            info_of_obs: HashMap::new(),
            obs_of_info: HashMap::new(),
            offer_of_obs: HashMap::new(),
            info_of_parts: HashMap::new(),
            legal: ActionList::new(),
        }
    }

    fn add(&mut self, game: &S::Game, state: &S, at: &str) -> Result<(), (&'static str, String)> {
        let here = || Reached { state: state.clone(), at: at.to_string() };
        let differs = |what: String, first: &Reached<S>| {
            format!("{what}: {} and {at}{}", first.at, two_states(&first.at, &first.state, at, state))
        };
        for seat in 0..game.num_players() {
            let s = seen(game, state, seat);
            // Check 4: the observation is the public part then the seat's private part.
            let joined = [s.public.as_slice(), s.private.as_slice()].concat();
            if joined != s.observation {
                let i = first_difference(&joined, &s.observation);
                return Err((SPLIT, format!(
                    "{at}: seat {seat}'s observation is not its public part followed by its private part (index {i}; public {} + private {} values, observation {})\n{}",
                    s.public.len(),
                    s.private.len(),
                    s.observation.len(),
                    state.to_json()
                )));
            }
            // Check 1: one observation, one information string, and the reverse.
            let key = (seat, s.observation.clone());
            match self.info_of_obs.get(&key) {
                Some((info, first)) if *info != s.info => {
                    return Err((
                        COMPLETE,
                        differs(
                            format!(
                                "seat {seat} has one observation vector and two information strings ({})",
                                line_difference(info, &s.info)
                            ),
                            first,
                        ),
                    ))
                }
                Some(_) => {}
                None => {
                    self.info_of_obs.insert(key, (s.info.clone(), here()));
                }
            }
            let key = (seat, s.info.clone());
            match self.obs_of_info.get(&key) {
                Some((obs, first)) if *obs != s.observation => {
                    let i = first_difference(obs, &s.observation);
                    return Err((
                        COMPLETE,
                        differs(
                            format!("seat {seat} has one information string and two observation vectors (index {i})"),
                            first,
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    self.obs_of_info.insert(key, (s.observation.clone(), here()));
                }
            }
            // Check 4: (public, private) determine the information string.
            let key = (seat, s.public, s.public_string, s.private, s.private_string);
            match self.info_of_parts.get(&key) {
                Some((info, first)) if *info != s.info => {
                    return Err((SPLIT, differs(
                        format!(
                            "seat {seat}'s public and private parts are the same and its information strings differ ({})",
                            line_difference(info, &s.info)
                        ),
                        first,
                    )))
                }
                Some(_) => {}
                None => {
                    self.info_of_parts.insert(key, (s.info, here()));
                }
            }
            // Check 1: the mover's observation says what each legal id means.
            if state.current_player() == Some(seat) {
                let offer = offer(game, state, &mut self.legal);
                let key = (seat, s.observation);
                match self.offer_of_obs.get(&key) {
                    Some((first_offer, first)) if *first_offer != offer => {
                        let only_first: Vec<_> = first_offer.iter().filter(|x| !offer.contains(x)).collect();
                        let only_here: Vec<_> = offer.iter().filter(|x| !first_offer.contains(x)).collect();
                        return Err((COMPLETE, differs(
                            format!(
                                "seat {seat} to move has one observation and two offers: {only_first:?} only in the first, {only_here:?} only in the second"
                            ),
                            first,
                        )));
                    }
                    Some(_) => {}
                    None => {
                        self.offer_of_obs.insert(key, (offer, here()));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Check 2 (and the public part of check 4) on one world of `seat`.
fn check_world<G: Game>(
    game: &G,
    real: &G::State,
    world: &G::State,
    seat: usize,
    seed: u64,
) -> Result<(), (&'static str, String)> {
    let both = || two_states("real", real, "world", world);
    let (a, b) = (seen(game, real, seat), seen(game, world, seat));
    if a.observation != b.observation {
        let i = first_difference(&a.observation, &b.observation);
        return Err((WORLDS, format!("seat {seat}'s observation differs in its world (index {i}){}", both())));
    }
    if a.info != b.info {
        return Err((
            WORLDS,
            format!(
                "seat {seat}'s information string differs in its world ({}){}",
                line_difference(&a.info, &b.info),
                both()
            ),
        ));
    }
    if real.view(game, Some(seat)) != world.view(game, Some(seat)) {
        return Err((WORLDS, format!("seat {seat}'s view differs in its world{}", both())));
    }
    if a.public != b.public || a.public_string != b.public_string {
        return Err((
            SPLIT,
            format!(
                "the public observation differs in a world of seat {seat}: it shows what seat {seat} cannot see{}",
                both()
            ),
        ));
    }
    game.check_state(world).map_err(|e| (WORLDS, format!("the world fails the loader's check: {e}{}", both())))?;
    match game.state_from_json(&world.to_json()) {
        Ok(back) if back == *world => {}
        Ok(_) => return Err((WORLDS, format!("the world changes through JSON{}", both()))),
        Err(e) => return Err((WORLDS, format!("the loader refuses the world's JSON: {e}{}", both()))),
    }
    // The decision: the same mover, and for the seat itself (or any public decision) the same
    // offer. Another mover's offer may rest on its own hidden cards.
    if world.current_player() != real.current_player() {
        return Err((
            WORLDS,
            format!(
                "the world's player to move is {:?}, the real one {:?}{}",
                world.current_player(),
                real.current_player(),
                both()
            ),
        ));
    }
    let mut legal = ActionList::new();
    if real.current_player() == Some(seat) {
        let (x, y) = (offer(game, real, &mut legal), offer(game, world, &mut legal));
        if x != y {
            return Err((WORLDS, format!("seat {seat} to move is offered {y:?} in its world, {x:?} really{}", both())));
        }
    }
    // The world plays on to an end.
    let mut rng = Rng::new(derive_seed(seed, 2));
    let mut w = world.clone();
    let mut steps = 0;
    while let Some(p) = w.current_player() {
        if steps >= game.max_game_length() {
            if game.length_bounded_by_rules() {
                return Err((WORLDS, format!("the world does not end within max_game_length{}", both())));
            }
            break;
        }
        w.legal_actions(game, &mut legal);
        if legal.is_empty() {
            return Err((WORLDS, format!(
                "the world reaches, after {steps} random actions, a live position where P{p} has no legal action{}\n--- dead end:\n{}",
                both(),
                w.to_json()
            )));
        }
        w.apply_unchecked(game, legal[rng.below(legal.len() as u32) as usize], &mut NoEvents);
        steps += 1;
    }
    Ok(())
}

/// Check 3: carries `world` (of `seat`) along the real line `states[0] -a0-> states[1] …` for
/// up to `horizon` actions, each step by the event `seat` saw: its own action or a public one
/// (the same id with the same text), or, for an action hidden from it, a world action hidden
/// from it that shows the same. While `seat` sees the same in both lines the player to move
/// must agree. Where the lines part, by something only one of them shows (a reveal of what the
/// world resampled, a card chance dealt), the walk stops, unless the parting is only in whose
/// turn it is and every hidden pick was the real one: if a few more real decisions, or one or
/// two world decisions, bring `seat` back to seeing the same, then one line asked a seat what
/// the other did not, and the number of decisions told `seat` what it cannot see. The walk also stops where the real event cannot
/// happen in the world (a move that shows a card the world gave elsewhere), or at an end.
/// A reveal may by chance end where the other line is, so a run fails on detours only past
/// [`DETOURS`] of its partings.
fn continue_world<G: Game>(
    game: &G,
    states: &[G::State],
    actions: &[Action],
    mut world: G::State,
    seat: usize,
    horizon: usize,
    seed: u64,
) -> Result<Walk, (&'static str, String)> {
    let mut legal = ActionList::new();
    let mut rng = Rng::new(derive_seed(seed, 3));
    let mut walk = Walk::default();
    let mut events: Vec<String> = Vec::new();
    // Whether every hidden pick was the real one: only then does nothing but what stays hidden
    // from `seat` tell the lines apart.
    let mut same_picks = true;
    for (k, &a) in actions.iter().enumerate().take(horizon) {
        let (real, next) = (&states[k], &states[k + 1]);
        let Some(mover) = real.current_player() else { break };
        let text = real.action_to_string(game, a);
        let secret = real.secrecy(game, a);
        world.legal_actions(game, &mut legal);
        let step = if mover != seat && secret.hidden_from & (1 << seat) != 0 {
            // A pick hidden from `seat`: any world pick hidden from it that shows the same.
            let alike: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|&b| {
                    let s = world.secrecy(game, b);
                    s.hidden_from & (1 << seat) != 0 && s.shows == secret.shows
                })
                .collect();
            if alike.is_empty() {
                break;
            }
            events.push(format!("P{mover}: a hidden pick"));
            // The real pick where the world has it, so that what is revealed later agrees and
            // only what stays hidden differs.
            if alike.contains(&a) && world.action_to_string(game, a) == text {
                a
            } else {
                same_picks = false;
                alike[rng.below(alike.len() as u32) as usize]
            }
        } else {
            if legal.binary_search(&a).is_err() || world.action_to_string(game, a) != text {
                if mover == seat {
                    return Err((
                        SHAPE,
                        format!(
                            "after {events:?}, seat {seat}'s own action {text:?} is not offered alike in its world{}",
                            two_states("real", real, "world", &world)
                        ),
                    ));
                }
                break;
            }
            events.push(format!("P{mover}: {text}"));
            a
        };
        world.apply_unchecked(game, step, &mut NoEvents);
        let (x, y) = (seen(game, next, seat), seen(game, &world, seat));
        let same_turn = next.current_player() == world.current_player();
        if x == y && same_turn {
            continue;
        }
        if x == y {
            return Err((SHAPE, format!(
                "after the same events {events:?}, seat {seat} sees the same in the real line and its world, but P{:?} is to move really and P{:?} in the world{}",
                next.current_player(),
                world.current_player(),
                two_states("real", next, "world", &world)
            )));
        }
        if !same_turn && same_picks {
            walk.parted = true;
            walk.detour = extra_decisions(game, &states[k + 1..], &actions[k + 1..], &world, seat)
                .map(|d| format!("after the same events {events:?}, {d}"));
        }
        break;
    }
    walk.carried = events.len();
    Ok(walk)
}

/// What carrying one world found (check 3).
#[derive(Default)]
struct Walk {
    carried: usize,
    parted: bool,
    detour: Option<String>,
}

/// How many decisions to look past a parting of whose turn it is.
const DETOUR: usize = 3;

/// After the real line (`states[0]`) and a world part in whose turn it is, whether one of them
/// passes a few decisions of other seats and comes back to what the other shows `seat`, with
/// one player to move: the asking alone then told `seat` something.
fn extra_decisions<G: Game>(
    game: &G,
    states: &[G::State],
    actions: &[Action],
    world: &G::State,
    seat: usize,
) -> Option<String> {
    let target = seen(game, world, seat);
    for m in 1..=DETOUR.min(actions.len()) {
        if states[m - 1].current_player() == Some(seat) {
            break;
        }
        let r = &states[m];
        if r.current_player() == world.current_player() && seen(game, r, seat) == target {
            return Some(format!(
                "the real line asks {:?} for {m} more decision(s) that the world of seat {seat} does not, and seat {seat} then sees the same in both: whether a seat is asked shows seat {seat} what it cannot see{}",
                states[..m].iter().map(|s| s.current_player()).collect::<Vec<_>>(),
                two_states("real, before the extra decisions", &states[0], "world", world)
            ));
        }
    }
    let target = seen(game, &states[0], seat);
    let mut frontier = vec![world.clone()];
    let mut legal = ActionList::new();
    for depth in 1..DETOUR {
        let mut next = Vec::new();
        for w in &frontier {
            let Some(p) = w.current_player() else { continue };
            if p == seat {
                continue;
            }
            w.legal_actions(game, &mut legal);
            for &b in legal.iter() {
                let mut v = w.clone();
                v.apply_unchecked(game, b, &mut NoEvents);
                if v.current_player() == states[0].current_player() && seen(game, &v, seat) == target {
                    return Some(format!(
                        "the world of seat {seat} asks P{p} for {depth} decision(s) the real line does not, and seat {seat} then sees the same in both: whether a seat is asked shows seat {seat} what it cannot see{}",
                        two_states("real", &states[0], "world, before the extra decisions", world)
                    ));
                }
                next.push(v);
            }
        }
        frontier = next;
    }
    None
}
