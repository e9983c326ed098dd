//! Senjutsu: Battle for Japan (seed `002_32a758ac7ce695cd.txt`): 2–4 samurai on a hex
//! battlefield. Each round every samurai draws, selects a card face down, and all cards are
//! revealed; initiatives are declared, instants played, and the cards' parts resolve from the
//! highest initiative down: moves, rotations, attacks on grids relative to the samurai's facing,
//! defenses at one initiative, kamae shifts. Wounds up to the console's limit defeat a samurai;
//! the last samurai or team standing wins. Rule ids (SJ-…) refer to `docs/rules/senjutsu.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | `2` | 2..=4 samurai |
//! | `samurai` | the first `players` of `old_master, eager_student, wanderer, spear_captain` | samurai ids per seat |
//! | `decks` | presets | per seat: `null` (the samurai's preset), a samurai id (that preset, its signature cards swapped for the seat's own), or 40 card ids |
//! | `battlefield` | `"river_ford"` | `river_ford`, `temple_court`, `open_field`, or one from `content_dir` |
//! | `teams` | `null` | free-for-all, or a team number per seat (e.g. `[0, 1, 0, 1]`) |
//! | `setup` | `"choose"` | `choose`: seats place and face their samurai (SJ-4.6); `fixed`: start hexes facing the centre |
//! | `declare_order` | `"high_first"` | who declares variable initiatives first: the top of the advantage track (`high_first`) or the bottom (`low_first`) (SJX-5) |
//! | `friendly_fire` | `false` | whether attacks wound allies (SJX-9) |
//! | `content_dir` | `null` | a folder with extra `cards/*.toml`, `samurai/*.toml`, `battlefields/*.toml` |

mod actions;
pub mod content;
mod hidden;
mod listing;
mod observation;
mod resolve;
mod rules;
mod scene;
mod state;
mod text;
mod validate;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cards::{CardId, Problems};
use crate::core::{Action, ActionList, EventSink, Game, GameError, Seating, Secrecy, State, Utility};

pub use actions::{SenjutsuAction, NUM_ACTIONS};
pub use content::{CardType, Content, Instant, Op, Timing, Zone};
pub use rules::Event;
pub use state::{Defense, Exec, Item, Phase, Samurai, SenjutsuState, Stage, MAX_PLAYERS};

const DEFAULT_SAMURAI: [&str; 4] = ["old_master", "eager_student", "wanderer", "spear_captain"];

/// A deck for one seat: the samurai's preset, another samurai's preset, or 40 card ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckChoice {
    Preset(String),
    Cards(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Setup {
    Choose,
    Fixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclareOrder {
    LowFirst,
    HighFirst,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SenjutsuOptions {
    pub players: u8,
    pub samurai: Vec<String>,
    pub decks: Vec<Option<DeckChoice>>,
    pub battlefield: String,
    pub teams: Option<Vec<u8>>,
    pub setup: Setup,
    pub declare_order: DeclareOrder,
    pub friendly_fire: bool,
    pub content_dir: Option<String>,
}

impl Default for SenjutsuOptions {
    fn default() -> Self {
        SenjutsuOptions {
            players: 2,
            samurai: Vec::new(),
            decks: Vec::new(),
            battlefield: "river_ford".into(),
            teams: None,
            setup: Setup::Choose,
            declare_order: DeclareOrder::HighFirst,
            friendly_fire: false,
            content_dir: None,
        }
    }
}

/// A configured Senjutsu game: options, content, each seat's samurai and deck, the battlefield.
#[derive(Clone, Debug)]
pub struct Senjutsu {
    pub options: SenjutsuOptions,
    pub content: Arc<Content>,
    pub seats: Vec<usize>,
    pub decks: Vec<Vec<CardId>>,
    pub battlefield: usize,
    pub teams: [u8; MAX_PLAYERS],
}

fn read_content_dir(content: &mut Content, dir: &str) -> Result<(), GameError> {
    let [cards, samurai, battlefields] = crate::cards::content_folder(dir, ["cards", "samurai", "battlefields"])?;
    for (name, text) in cards {
        content.add_cards(&name, &text)?;
    }
    for (name, text) in samurai {
        content.add_samurai(&name, &text)?;
    }
    for (name, text) in battlefields {
        content.add_battlefields(&name, &text)?;
    }
    content.check_owners()
}

impl Senjutsu {
    pub fn new(options: SenjutsuOptions) -> Result<Senjutsu, GameError> {
        let check = |ok: bool, option: &str, reason: String| {
            if ok {
                Ok(())
            } else {
                Err(GameError::option(option, reason))
            }
        };
        let n = usize::from(options.players);
        check((2..=4).contains(&n), "players", "must be 2, 3 or 4".into())?;
        let mut content = Content::builtin();
        if let Some(dir) = &options.content_dir {
            read_content_dir(&mut content, dir)?;
        }
        let keys: Vec<String> = if options.samurai.is_empty() {
            DEFAULT_SAMURAI[..n].iter().map(|s| s.to_string()).collect()
        } else {
            options.samurai.clone()
        };
        check(keys.len() == n, "samurai", format!("{} samurai for {n} players", keys.len()))?;
        let known = || content.samurai.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
        let mut seats = Vec::new();
        for k in &keys {
            seats.push(
                content.samurai_by_id(k).ok_or_else(|| {
                    GameError::option("samurai", format!("unknown samurai {k:?}; known: {}", known()))
                })?,
            );
        }
        check(
            options.decks.is_empty() || options.decks.len() == n,
            "decks",
            format!("{} decks for {n} players", options.decks.len()),
        )?;
        let mut decks = Vec::new();
        for (seat, &s) in seats.iter().enumerate() {
            let deck = match options.decks.get(seat).cloned().flatten() {
                None => content.samurai[s].deck.clone(),
                Some(DeckChoice::Preset(k)) => {
                    let i = content.samurai_by_id(&k).ok_or_else(|| {
                        GameError::option("decks", format!("seat {seat}: no preset deck {k:?}; known: {}", known()))
                    })?;
                    content.preset_for(i, s).map_err(|e| GameError::option("decks", format!("seat {seat}: {e}")))?
                }
                Some(DeckChoice::Cards(list)) => content
                    .cards_by_id(&list)
                    .map_err(|unknown| GameError::option("decks", format!("seat {seat}: unknown cards {unknown:?}")))?,
            };
            content
                .validate_deck(s, &deck)
                .map_err(|e| GameError::option("decks", format!("seat {seat} ({}): {e}", content.samurai[s].id)))?;
            decks.push(deck);
        }
        let battlefield = content.battlefield_by_id(&options.battlefield).ok_or_else(|| {
            let known: Vec<_> = content.battlefields.iter().map(|b| b.id.as_str()).collect();
            GameError::option(
                "battlefield",
                format!("unknown battlefield {:?}; known: {}", options.battlefield, known.join(", ")),
            )
        })?;
        check(
            content.battlefields[battlefield].starts.len() >= n,
            "battlefield",
            format!("{} has fewer than {n} start hexes", options.battlefield),
        )?;
        let mut teams = [0, 1, 2, 3];
        if let Some(t) = &options.teams {
            check(t.len() == n, "teams", format!("{} team numbers for {n} players", t.len()))?;
            check(t.iter().all(|&x| usize::from(x) < n), "teams", format!("team numbers are 0..{n}"))?;
            let mut distinct = t.clone();
            distinct.sort_unstable();
            distinct.dedup();
            check(distinct.len() >= 2, "teams", "at least two teams".into())?;
            teams[..n].copy_from_slice(t);
        }
        const { assert!(NUM_ACTIONS <= u16::MAX as usize) };
        Ok(Senjutsu { options, content: Arc::new(content), seats, decks, battlefield, teams })
    }

    pub fn n(&self) -> usize {
        usize::from(self.options.players)
    }
    pub fn samurai(&self, seat: usize) -> &content::Samurai {
        &self.content.samurai[self.seats[seat]]
    }
    pub fn battlefield(&self) -> &content::Battlefield {
        &self.content.battlefields[self.battlefield]
    }
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        self.teams[a] != self.teams[b]
    }
}

impl Game for Senjutsu {
    type State = SenjutsuState;
    const NAME: &'static str = "senjutsu";
    common_game_methods!();

    /// A deck as the `decks` option takes 40 card ids (SJ-4.1, SJX-12), built for the samurai
    /// `character` names: its signature cards are its own. Senjutsu has no sideboard.
    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError> {
        let mut p = Problems::new("decklist");
        if !sideboard.is_empty() {
            p.add("decklist", "sideboard", "Senjutsu has no sideboard");
        }
        let samurai = match character {
            None => {
                p.add("decklist", "character", "name the samurai the deck is for (its signature cards are its own)");
                None
            }
            Some(k) => {
                let found = self.content.samurai_by_id(k);
                p.require(found.is_some(), k, "character", || format!("no samurai {k:?}"));
                found
            }
        };
        match self.content.cards_by_id(cards) {
            Err(unknown) => unknown.iter().for_each(|k| p.add(k, "cards", "no such card")),
            Ok(deck) => {
                for problem in samurai.map(|s| self.content.deck_problems(s, &deck)).unwrap_or_default() {
                    p.add("decklist", "cards", problem);
                }
            }
        }
        p.into_result()
    }

    fn num_players(&self) -> usize {
        self.n()
    }
    fn public_observation_len(&self) -> usize {
        observation::public_len(self)
    }
    /// Every round draws, an empty deck wounds, and nothing shrinks a wound count: the rules end
    /// every game within `rules::MAX_ROUNDS` rounds of at most `rules::max_round_decisions`
    /// decisions (the proof is in `docs/rules/senjutsu.md`, "Game length").
    fn length_bounded_by_rules(&self) -> bool {
        true
    }
    /// SJ-2.2: +1 for the side left standing, −1 for the others (0 for a last common fall), so
    /// two sides of equal size add up to zero; one winner among three does not.
    fn utility(&self) -> Utility {
        let teams = &self.teams[..self.n()];
        let size = |team: u8| teams.iter().filter(|&&t| t == team).count();
        let second = teams.iter().find(|&&t| t != teams[0]).map_or(0, |&t| size(t));
        if size(teams[0]) == second && 2 * second == teams.len() {
            Utility::ZeroSum
        } else {
            Utility::GeneralSum
        }
    }
    fn max_game_length(&self) -> usize {
        2 * self.n() + rules::MAX_ROUNDS * rules::max_round_decisions(self.n())
    }
    /// The samurai configured; each samurai of the content against itself; the first one on
    /// three and four seats, free-for-all, and on four seats in two teams.
    fn seatings(&self) -> Vec<Seating> {
        use serde_json::json;
        let keys: Vec<&str> = self.seats.iter().map(|&s| self.content.samurai[s].id.as_str()).collect();
        let mut out = Vec::new();
        if keys.iter().any(|k| *k != keys[0]) {
            let title = format!("{} players, {}", keys.len(), keys.join(" against "));
            out.push(Seating { mirror: false, ..Seating::mirror(title, json!({})) });
        }
        let mirror = |n: usize, k: &str, teams: bool| {
            let options = json!({
                "players": n,
                "samurai": vec![k; n],
                "decks": [],
                "teams": if teams { json!([0, 1, 0, 1]) } else { json!(null) },
            });
            let title = match (n, teams) {
                (2, _) => format!("2 players, {k} against {k}"),
                (_, false) => format!("{n} players, {k} on every seat, free-for-all"),
                (_, true) => format!("{n} players, {k} on every seat, teams 0+2 against 1+3"),
            };
            let sides = if teams { vec![0, 1, 0, 1] } else { Vec::new() };
            Seating { sides, ..Seating::mirror(title, options) }
        };
        for s in &self.content.samurai {
            out.push(mirror(2, &s.id, false));
        }
        if let Some(first) = self.content.samurai.first() {
            out.extend([mirror(3, &first.id, false), mirror(4, &first.id, false), mirror(4, &first.id, true)]);
        }
        out
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
impl State for SenjutsuState {
    type Game = Senjutsu;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn simultaneous_players(&self, game: &Senjutsu) -> u64 {
        state::simultaneous_players(self, game)
    }
    fn legal_actions(&self, game: &Senjutsu, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &Senjutsu, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, game: &Senjutsu, out: &mut [f32]) {
        let r = self.result.unwrap_or_default();
        for (o, v) in out.iter_mut().zip(&r[..game.n()]) {
            *o = f32::from(*v);
        }
    }
    fn public_observation(&self, game: &Senjutsu, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &Senjutsu, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &Senjutsu) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &Senjutsu, player: usize) -> String {
        text::private(self, game, player)
    }
    fn determinize(&self, game: &Senjutsu, observer: usize, seed: u64) -> Self {
        hidden::determinize(self, game, observer, seed)
    }
    fn secrecy(&self, game: &Senjutsu, action: Action) -> Secrecy {
        hidden::secrecy(self, game, action)
    }
    fn action_to_string(&self, game: &Senjutsu, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }
    /// Wounds weigh against the limits; a cheap leaf value for search.
    fn heuristic(&self, game: &Senjutsu, out: &mut [f32]) -> bool {
        let n = game.n();
        let health = |p: usize| {
            let s = &self.samurai[p];
            if s.defeated {
                0.0
            } else {
                1.0 - f32::from(s.wounds) / f32::from(game.samurai(p).wound_limit)
            }
        };
        for (p, v) in out.iter_mut().enumerate().take(n) {
            let mine: f32 = (0..n).filter(|&q| !game.enemies(p, q)).map(health).sum();
            let theirs: f32 = (0..n).filter(|&q| game.enemies(p, q)).map(health).sum();
            let allies = (0..n).filter(|&q| !game.enemies(p, q)).count() as f32;
            let foes = (0..n).filter(|&q| game.enemies(p, q)).count().max(1) as f32;
            *v = (mine / allies - theirs / foes).clamp(-1.0, 1.0);
        }
        true
    }
    fn view(&self, game: &Senjutsu, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &Senjutsu) -> String {
        text::information(self, game, true)
    }
    fn validate(&self, game: &Senjutsu) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
