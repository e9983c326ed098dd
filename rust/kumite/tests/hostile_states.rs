//! The loader's guarantee, tested: every state `state_from_json` accepts plays on. Real mid-game
//! states of every game are mutated one field at a time (numbers set to boundary and random
//! values, arrays lengthened, shortened and shuffled, enum strings swapped, values moved between
//! zones and players); each mutant the loader accepts is played on, at random with an MCTS
//! search choosing every `SEARCH_EVERY`th action, checking after every action that nothing
//! panics, that a live state has a legal action, and that the state it reaches writes JSON the
//! loader accepts again. Seeded, so every run checks the same cases.
//!
//! `make test` plays each mutant `PLAY_STEPS` actions on; the hostile round (`make hostile`,
//! `KUMITE_HOSTILE_SECONDS=S` each test) plays every mutant to its end, or to the run's bound
//! (`max_game_length`), with fresh seeds round after round until `S` seconds have passed.

use std::panic::{catch_unwind, AssertUnwindSafe};

use std::time::{Duration, Instant};

use kumite::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};
use kumite::games::fatal_fight::FatalFight;
use kumite::games::senjutsu::Senjutsu;
use kumite::games::tekken::Tekken;
use kumite::games::ufs::Ufs;
use kumite::search::{Mcts, MctsConfig, RandomRollout};
use serde_json::{json, Map, Value};

/// Mutants per game configuration and round, actions played on from each accepted one in
/// `make test`, and how often (in actions) a search chooses instead of the random player.
const MUTANTS: usize = 3000;
const PLAY_STEPS: usize = 200;
const SEARCH_EVERY: usize = 32;
const SEARCH_ITERATIONS: u32 = 8;

/// The hostile round's time per test, from `KUMITE_HOSTILE_SECONDS`; `None` in `make test`.
fn round_seconds() -> Option<Duration> {
    let text = std::env::var("KUMITE_HOSTILE_SECONDS").ok()?;
    let secs: u64 =
        text.parse().unwrap_or_else(|_| panic!("KUMITE_HOSTILE_SECONDS={text:?} is not a number of seconds"));
    Some(Duration::from_secs(secs))
}

/// A position in a JSON document: object keys and array indices from the root.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn path_text(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

fn walk(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(Step::Key(k.clone()));
                walk(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Step::Index(i));
                walk(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

fn get<'a>(v: &'a Value, path: &[Step]) -> &'a Value {
    path.iter().fold(v, |v, s| match s {
        Step::Key(k) => &v[k.as_str()],
        Step::Index(i) => &v[*i],
    })
}

const BOUNDARY: [i64; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 33, 127, 200, 254, 255];
const LARGE: [u64; 7] = [256, 9999, 32767, 65534, 65535, 65536, u32::MAX as u64];

fn number(rng: &mut Rng, old: &Value) -> Value {
    match rng.below(6) {
        0 => json!(BOUNDARY[rng.below(BOUNDARY.len() as u32) as usize]),
        1 => json!(LARGE[rng.below(LARGE.len() as u32) as usize]),
        2 => json!(-(rng.below(3) as i64) - 1),
        3 => json!(rng.below(40)),
        _ => {
            let x = old.as_i64().unwrap_or(0);
            json!(if rng.below(2) == 0 { x + 1 } else { x - 1 })
        }
    }
}

/// One field-level change to `doc`; returns what it did, or `None` when the chosen spot does
/// not take that kind of change.
fn mutate(doc: &mut Value, rng: &mut Rng, paths: &[Vec<Step>], strings: &[String]) -> Option<String> {
    let path = &paths[rng.below(paths.len() as u32) as usize];
    let where_ = path_text(path);
    let kind = rng.below(8);
    let target = at(doc, path);
    match (kind, &*target) {
        // Cards (or any values) moved from one array to another: between zones and players.
        (7, Value::Array(a)) if !a.is_empty() => {
            let i = rng.below(a.len() as u32) as usize;
            let item = target.as_array_mut()?.remove(i);
            let arrays: Vec<&Vec<Step>> = paths.iter().filter(|p| matches!(get(doc, p), Value::Array(_))).collect();
            let to = arrays[rng.below(arrays.len() as u32) as usize].clone();
            let dest = at(doc, &to).as_array_mut()?;
            let j = rng.below(dest.len() as u32 + 1) as usize;
            dest.insert(j, item);
            Some(format!("moved {where_}[{i}] to {}[{j}]", path_text(&to)))
        }
        (_, Value::Number(_)) => {
            let new = number(rng, target);
            *target = new.clone();
            Some(format!("{where_} = {new}"))
        }
        (_, Value::Bool(b)) => {
            *target = json!(!b);
            Some(format!("{where_} flipped"))
        }
        (_, Value::String(_)) if !strings.is_empty() => {
            let s = strings[rng.below(strings.len() as u32) as usize].clone();
            *target = json!(s);
            Some(format!("{where_} = {s:?}"))
        }
        (_, Value::Null) => {
            *target = json!(rng.below(4));
            Some(format!("{where_} = number instead of null"))
        }
        (0..=1, Value::Array(a)) if !a.is_empty() => {
            let i = rng.below(a.len() as u32) as usize;
            let copy = a[i].clone();
            target.as_array_mut()?.push(copy);
            Some(format!("{where_} lengthened by a copy of [{i}]"))
        }
        (2..=3, Value::Array(a)) if !a.is_empty() => {
            let i = rng.below(a.len() as u32) as usize;
            target.as_array_mut()?.remove(i);
            Some(format!("{where_}[{i}] removed"))
        }
        (4, Value::Array(a)) if a.len() > 1 => {
            let a = target.as_array_mut()?;
            rng.shuffle(a);
            Some(format!("{where_} shuffled"))
        }
        (5, Value::Array(a)) if !a.is_empty() => {
            target.as_array_mut()?.clear();
            Some(format!("{where_} emptied"))
        }
        (6, Value::Object(_)) | (6, Value::Array(_)) => {
            // An enum variant swapped for another value of the document (a variant with data).
            let other = paths[rng.below(paths.len() as u32) as usize].clone();
            let value = get(doc, &other).clone();
            if !value.is_object() {
                return None;
            }
            *at(doc, path) = value;
            Some(format!("{where_} = the value at {}", path_text(&other)))
        }
        (_, Value::Object(m)) if m.is_empty() => None,
        _ => {
            if rng.below(4) == 0 {
                *target = Value::Null;
                Some(format!("{where_} = null"))
            } else {
                None
            }
        }
    }
}

fn strings_of(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Object(m) => {
            // Keys too: externally tagged enum variants are keys.
            for (k, x) in m {
                out.push(k.clone());
                strings_of(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| strings_of(x, out)),
        _ => {}
    }
}

/// Real positions of `game`: random games from several seeds, each stopped at a random depth
/// (sometimes at its end).
fn positions<G: Game>(game: &G, count: usize, seed: u64) -> Vec<G::State> {
    let mut legal = ActionList::new();
    (0..count)
        .map(|i| {
            let s = derive_seed(seed, i as u64);
            let mut rng = Rng::new(s);
            let mut state = game.new_state(s);
            let depth = rng.below(400) as usize;
            for _ in 0..depth {
                if state.is_terminal() {
                    break;
                }
                state.legal_actions(game, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                state.apply_unchecked(game, a, &mut NoEvents);
            }
            state
        })
        .collect()
}

/// Plays `state` on for at most `steps` actions (random, a search every `SEARCH_EVERY`th),
/// checking the guarantee; the first violation as text.
fn play_on<G: Game>(game: &G, mut state: G::State, rng: &mut Rng, steps: usize) -> Result<(), String> {
    let mut legal = ActionList::new();
    let mut obs = vec![0.0f32; game.observation_len()];
    let mut returns = vec![0.0f32; game.num_players()];
    for step in 0..steps.min(game.max_game_length()) {
        state.legal_actions(game, &mut legal);
        let current = state.current_player();
        if current.is_some() == legal.is_empty() {
            return Err(format!("step {step}: live state without a legal action, or terminal with one"));
        }
        for p in 0..game.num_players() {
            state.observation(game, p, &mut obs);
            let _ = state.information_state_string(game, p);
        }
        let _ = state.render(game);
        state.returns(game, &mut returns);
        if returns.iter().any(|r| !r.is_finite() || r.abs() > 1.0) {
            return Err(format!("step {step}: returns {returns:?}"));
        }
        let text = state.to_json();
        let again =
            game.state_from_json(&text).map_err(|e| format!("step {step}: reached state does not load: {e}"))?;
        if again != state {
            return Err(format!("step {step}: the JSON round trip changed the state"));
        }
        let Some(p) = current else { return Ok(()) };
        if step % 16 == 0 {
            let d = state.determinize(game, p, step as u64);
            d.validate(game).map_err(|e| format!("step {step}: determinized state invalid: {e}"))?;
        }
        let a = if step % SEARCH_EVERY == 0 {
            let config =
                MctsConfig { iterations: SEARCH_ITERATIONS, seed: u64::from(rng.next_u32()), ..MctsConfig::default() };
            let best = Mcts::new(config, RandomRollout).choose(game, &state, &[]);
            if legal.binary_search(&best).is_err() {
                return Err(format!("step {step}: the search chose {best}, not a legal action"));
            }
            best
        } else {
            legal[rng.below(legal.len() as u32) as usize]
        };
        state.apply_unchecked(game, a, &mut NoEvents);
    }
    Ok(())
}

fn panic_text(e: Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

/// Mutates positions of `game` and plays on every accepted mutant; panics listing the
/// violations found. In the hostile round, round after round with fresh seeds until its time
/// has passed, each mutant played to its end.
fn check_game<G: Game>(game: &G, seed: u64) {
    let Some(budget) = round_seconds() else {
        return check_round(game, seed, PLAY_STEPS);
    };
    let start = Instant::now();
    let mut round = 0;
    while start.elapsed() < budget {
        check_round(game, derive_seed(seed, round), usize::MAX);
        round += 1;
    }
    eprintln!("{} {}: {round} rounds in {:.0?}", G::NAME, game.options_json(), start.elapsed());
}

fn check_round<G: Game>(game: &G, seed: u64, steps: usize) {
    let mut rng = Rng::new(seed);
    let states = positions(game, 24, seed);
    let docs: Vec<Value> = states.iter().map(|s| serde_json::from_str(&s.to_json()).unwrap()).collect();
    let (mut accepted, mut rejected) = (0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    let mut tried = 0;
    while tried < MUTANTS {
        let k = rng.below(docs.len() as u32) as usize;
        let mut doc = docs[k].clone();
        let mut paths = Vec::new();
        walk(&doc, &mut Vec::new(), &mut paths);
        let mut strings = Vec::new();
        strings_of(&doc, &mut strings);
        strings.sort();
        strings.dedup();
        let Some(what) = mutate(&mut doc, &mut rng, &paths, &strings) else { continue };
        tried += 1;
        let text = doc.to_string();
        let play_seed = rng.next_u32();
        let outcome = catch_unwind(AssertUnwindSafe(|| match game.state_from_json(&text) {
            Err(_) => Ok(false),
            Ok(state) => play_on(game, state, &mut Rng::new(u64::from(play_seed)), steps).map(|()| true),
        }));
        match outcome {
            Ok(Ok(true)) => accepted += 1,
            Ok(Ok(false)) => rejected += 1,
            Ok(Err(e)) => failures.push(format!("position {k}, {what}: {e}{}", keep(G::NAME, &text, play_seed))),
            Err(p) => failures.push(format!(
                "position {k}, {what}: panic: {}{}",
                panic_text(p),
                keep(G::NAME, &text, play_seed)
            )),
        }
    }
    eprintln!("{} {}: {accepted} mutants accepted and played on, {rejected} rejected", G::NAME, game.options_json());
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} accepted states that fail:\n{}", failures.len(), failures.join("\n"));
}

/// Writes a failing mutant where a reader can load it, and says where and with which seed its
/// play went on.
fn keep(game: &str, text: &str, play_seed: u32) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile_states");
    let path = dir.join(format!("{game}-{play_seed}.json"));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, text)) {
        Ok(()) => format!(" (the mutant: {}, played on with Rng::new({play_seed}))", path.display()),
        Err(e) => format!(" (the mutant could not be written to {}: {e})", path.display()),
    }
}

fn quiet_panics() {
    std::panic::set_hook(Box::new(|_| {}));
}

fn options(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

#[test]
fn tekken_accepted_states_play_on() {
    quiet_panics();
    check_game(&Tekken::from_options(&Map::new()).unwrap(), 1);
}

#[test]
fn senjutsu_accepted_states_play_on() {
    quiet_panics();
    check_game(&Senjutsu::from_options(&Map::new()).unwrap(), 2);
    check_game(&Senjutsu::from_options(&options(json!({"players": 4}))).unwrap(), 3);
}

#[test]
fn fatal_fight_accepted_states_play_on() {
    quiet_panics();
    check_game(&FatalFight::from_options(&Map::new()).unwrap(), 4);
    check_game(&FatalFight::from_options(&options(json!({"players": 4}))).unwrap(), 5);
}

#[test]
fn ufs_accepted_states_play_on() {
    quiet_panics();
    check_game(&Ufs::from_options(&Map::new()).unwrap(), 6);
}
