use std::fmt::{Debug, Display};

use serde::{de::DeserializeOwned, Serialize};

use crate::core::{
    record_layout, Action, ActionList, EventSink, GameError, GameInfo, NoEvents, ObsSection, PrintedEffect, Seating,
    Secrecy,
};

/// FNV-1a, 64 bits: a stable hash (std's `DefaultHasher` may change between Rust releases).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// How the returns of a finished game relate: what OpenSpiel's `GameType.Utility` declares and
/// the conformance suite checks on every game it plays (a game still running returns zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Utility {
    /// The returns add up to zero (two sides, or two teams of the same size).
    ZeroSum,
    /// Every player gets the same return (a cooperative game).
    Identical,
    /// Anything else (e.g. one winner among three or more).
    GeneralSum,
}

impl Utility {
    /// Whether `returns` (of a game that has ended or not) are what this utility allows.
    pub fn holds(self, returns: &[f32]) -> bool {
        match self {
            Utility::ZeroSum => returns.iter().sum::<f32>().abs() <= 1e-4,
            Utility::Identical => returns.windows(2).all(|w| w[0] == w[1]),
            Utility::GeneralSum => true,
        }
    }
}

/// A game's immutable configuration and content (options, card database, boards). Built once,
/// shared by reference; states never copy card text out of it.
pub trait Game: Send + Sync + Sized + 'static {
    type State: State<Game = Self>;

    /// What the game says about itself (`core::GameInfo`), written in its `game.rs`.
    const INFO: GameInfo;
    /// The registry name, e.g. `"tekken"`.
    const NAME: &'static str = Self::INFO.name;

    fn num_players(&self) -> usize;
    /// Size of the dense action space; every action id is below it.
    fn num_actions(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }
    /// `(low, high)`: every value of every observation lies in `low..=high` (what a Gymnasium
    /// `Box` declares). Most features are in 0..=1; the bounds come from the widest one of the
    /// game's encoding, by its type or capacity. The conformance suite checks them.
    fn observation_bounds(&self) -> (f32, f32);
    /// The observation's named blocks in order, as the game's observation writer marks them
    /// (read from the writer at a new game's first observation; the layout does not depend on
    /// the position). The documentation's observation tables are generated from this.
    fn observation_layout(&self) -> Vec<ObsSection> {
        let public = self.public_observation_layout();
        let at = self.public_observation_len();
        let private = self.private_observation_layout().into_iter().map(|s| ObsSection { start: s.start + at, ..s });
        public.into_iter().chain(private).collect()
    }
    /// The length of [`State::public_observation`]: the head of every observation, the same
    /// for every seat.
    fn public_observation_len(&self) -> usize;
    /// The length of [`State::private_observation`]: the rest of the observation.
    fn private_observation_len(&self) -> usize {
        self.observation_len() - self.public_observation_len()
    }
    /// The public observation's named blocks (read from its writer, like the full layout).
    fn public_observation_layout(&self) -> Vec<ObsSection> {
        let state = self.new_state(0);
        let mut out = vec![0.0; self.public_observation_len()];
        record_layout(out.len(), || state.public_observation(self, &mut out))
    }
    /// The private observation's named blocks, starting at 0 (seat 0's; every seat's alike).
    fn private_observation_layout(&self) -> Vec<ObsSection> {
        let state = self.new_state(0);
        let mut out = vec![0.0; self.private_observation_len()];
        record_layout(out.len(), || state.private_observation(self, 0, &mut out))
    }
    /// The number of actions after which a run (a rollout, a search playout, an episode) cuts a
    /// game short and reports it truncated. It is the run's bound, not a rule: where
    /// [`Game::length_bounded_by_rules`] holds, the rules end every game within it; otherwise the
    /// rules alone may not end a game, and a game cut here has no result of its own.
    fn max_game_length(&self) -> usize;
    /// Whether the rules alone end every game within [`Game::max_game_length`] actions (the game's
    /// rules document says why). The conformance suite treats a longer game as a defect when this
    /// holds, and as a truncated run when it does not.
    fn length_bounded_by_rules(&self) -> bool;
    /// How the players' returns relate ([`Utility`]); the conformance suite checks it.
    fn utility(&self) -> Utility;
    /// `(least, greatest)`: every return of every player lies in between (what OpenSpiel's
    /// `min_utility` and `max_utility` declare); the conformance suite checks it.
    fn return_bounds(&self) -> (f32, f32) {
        (-1.0, 1.0)
    }
    /// The options the game was built with, defaults filled in.
    fn options_json(&self) -> serde_json::Value;
    /// The content the game was built with (built in and from `content_dir`), by kind, in
    /// content order: `{"characters": [{"id", "name", "text"}, …], "stages": […], …}`. The ids
    /// are what options and decklists name; the text says what the entry is, in a line.
    fn content_listing(&self) -> serde_json::Value;
    /// Every printed effect of the cards in play (each symbol, ability, text effect), in content
    /// order: what the dead-text check (`conformance::dead_text`) expects to see take effect.
    fn printed_effects(&self) -> Vec<PrintedEffect> {
        Vec::new()
    }
    /// Checks a decklist of card ids against the game's construction rules and its loaded
    /// content, as the `decks` option would take it: `character` is the character or samurai it
    /// is built for, where the rules tie a deck to one. Every problem found is reported at once
    /// (`GameError::CardData`). A game without decklists refuses, naming the `decks` option.
    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError> {
        let _ = (cards, sideboard, character);
        Err(GameError::option("decks", format!("{} has no decklists to check", Self::NAME)))
    }
    /// Builds a game from a JSON object of options; an unknown option is an error.
    fn from_options(options: &serde_json::Map<String, serde_json::Value>) -> Result<Self, GameError>;

    /// A hash (16 hex digits) of everything a trained network depends on: the game's name,
    /// options and content, its action and observation sizes and layout, and its behaviour: the
    /// actions, legal-action sets and observations of a few seeded random games, so a change of
    /// rules that alters play changes it too. A network records the fingerprint it was trained
    /// on, and one made for another fingerprint is refused.
    fn fingerprint(&self) -> String {
        let mut h = Fnv::default();
        h.write(Self::NAME.as_bytes());
        h.write(self.options_json().to_string().as_bytes());
        h.write(self.content_listing().to_string().as_bytes());
        for n in [self.num_actions(), self.num_players(), self.observation_len()] {
            h.write(&n.to_le_bytes());
        }
        for s in self.observation_layout() {
            h.write(s.name.as_bytes());
            h.write(&s.size.to_le_bytes());
        }
        let mut obs = vec![0.0f32; self.observation_len()];
        let mut legal = ActionList::new();
        for seed in 0..4u64 {
            let mut state = self.new_state(seed);
            let mut rng = crate::core::Rng::new(seed);
            for step in 0..1000 {
                if state.is_terminal() {
                    break;
                }
                state.legal_actions(self, &mut legal);
                let Some(player) = state.current_player() else { break };
                if step % 8 == 0 {
                    state.observation(self, player, &mut obs);
                    obs.iter().for_each(|x| h.write(&x.to_bits().to_le_bytes()));
                }
                legal.iter().for_each(|a| h.write(&a.to_le_bytes()));
                let action = legal[rng.below(legal.len() as u32) as usize];
                state.apply_unchecked(self, action, &mut NoEvents);
            }
            let mut returns = vec![0.0f32; self.num_players()];
            if state.is_terminal() {
                state.returns(self, &mut returns);
            }
            returns.iter().for_each(|x| h.write(&x.to_bits().to_le_bytes()));
        }
        format!("{:016x}", h.0)
    }

    /// The seatings the seat-fairness check measures: the mirrors of this game's content (the
    /// same character on every seat; for 2 players and, where the game has them, 3–4 with and
    /// without teams), each with the edge its rules give a seat, and other seatings worth a
    /// row in the table. None by default (a cooperative game, whose seats share one result).
    fn seatings(&self) -> Vec<Seating> {
        Vec::new()
    }

    /// The initial state; all chance inside the game is drawn from `seed`.
    fn new_state(&self, seed: u64) -> Self::State;

    /// Everything a loaded state must hold: the game's own invariants (`State::validate`), then
    /// what those cannot see but the legal actions can: a live state offers one. Every game's
    /// loader runs it, and the conformance suite on every state it reaches.
    fn check_state(&self, state: &Self::State) -> Result<(), GameError> {
        state.validate(self)?;
        if let Some(p) = state.current_player() {
            let mut legal = ActionList::new();
            state.legal_actions(self, &mut legal);
            if legal.is_empty() {
                return Err(GameError::deserialization(format!("the player to move (P{p}) has no legal action")));
            }
        }
        Ok(())
    }

    /// Reads a state written by [`State::to_json`] (or edited by hand) and checks that it is a
    /// position this game can reach: zones hold each card once, values are in range.
    fn state_from_json(&self, text: &str) -> Result<Self::State, GameError> {
        let state: Self::State = serde_json::from_str(text).map_err(|e| GameError::deserialization(e.to_string()))?;
        self.check_state(&state)?;
        Ok(state)
    }
}

/// A position: plain data, cheap to clone, no heap allocation on `legal_actions` / `apply`.
/// Chance is resolved inside (its own seeded RNG), so there are no chance nodes to drive.
pub trait State: Clone + PartialEq + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    type Game: Game<State = Self>;
    /// What happened while applying an action, for play-by-play and viewers.
    type Event: Display + Serialize;

    /// The player to act, or `None` when the game is over.
    fn current_player(&self) -> Option<usize>;
    /// The players whose next decisions the rules make simultaneous (a bit mask), starting with
    /// the player to move: each of them decides once, in seat order, none sees the others'
    /// choices, and none's legal actions depend on them. A parallel environment collects their
    /// actions at once. By default only the player to move.
    fn simultaneous_players(&self, _game: &Self::Game) -> u64 {
        self.current_player().map_or(0, |p| 1 << p)
    }
    fn is_terminal(&self) -> bool {
        self.current_player().is_none()
    }
    /// Fills `out` with the legal actions, sorted ascending (empty when terminal).
    fn legal_actions(&self, game: &Self::Game, out: &mut ActionList);
    /// Applies an action known to be legal (search and rollouts generate it themselves).
    fn apply_unchecked(&mut self, game: &Self::Game, action: Action, events: &mut impl EventSink<Self::Event>);

    /// Applies `action` if it is legal; otherwise returns an error and leaves the state as it was.
    fn apply(&mut self, game: &Self::Game, action: Action) -> Result<(), GameError> {
        self.check_legal(game, action)?;
        self.apply_unchecked(game, action, &mut NoEvents);
        Ok(())
    }

    fn check_legal(&self, game: &Self::Game, action: Action) -> Result<(), GameError> {
        let mut legal = ActionList::new();
        self.legal_actions(game, &mut legal);
        if legal.binary_search(&action).is_ok() {
            return Ok(());
        }
        let text = if (action as usize) < game.num_actions() {
            self.action_to_string(game, action)
        } else {
            format!("outside 0..{}", game.num_actions())
        };
        Err(GameError::IllegalAction { action: action.into(), text, legal: legal.to_vec() })
    }

    /// Final (or, for games that define them, running) returns per player, written into `out`.
    fn returns(&self, game: &Self::Game, out: &mut [f32]);

    /// The observation of `player`: only what that player may know, `game.observation_len()` long.
    /// It is [`State::public_observation`] followed by [`State::private_observation`] of `player`.
    fn observation(&self, game: &Self::Game, player: usize, out: &mut [f32]) {
        let (public, private) = out.split_at_mut(game.public_observation_len());
        self.public_observation(game, public);
        self.private_observation(game, player, private);
    }
    /// What the table shows every seat alike (seats in table order, never from a viewer's
    /// side): `game.public_observation_len()` long, identical for all players.
    fn public_observation(&self, game: &Self::Game, out: &mut [f32]);
    /// What `player` alone knows beyond the public part (its hand, its face-down choices, the
    /// cards it chose to bury): `game.private_observation_len()` long.
    fn private_observation(&self, game: &Self::Game, player: usize, out: &mut [f32]);
    /// The public observation as text, identical for every seat.
    fn public_observation_string(&self, game: &Self::Game) -> String;
    /// The private observation of `player` as text; with the public string it determines
    /// [`State::information_state_string`].
    fn private_observation_string(&self, game: &Self::Game, player: usize) -> String;
    /// A string that is equal for two states exactly when `player` cannot tell them apart: the
    /// public string, then the player's private one.
    fn information_state_string(&self, game: &Self::Game, player: usize) -> String {
        self.public_observation_string(game) + &self.private_observation_string(game, player)
    }
    /// A state that `observer` cannot tell from this one, with everything hidden from it (other
    /// hands, deck orders, face-down cards, future chance) resampled from `seed`.
    fn determinize(&self, game: &Self::Game, observer: usize, seed: u64) -> Self;
    /// [`State::determinize`] written over `out`, whose storage a game may reuse: the search
    /// draws a determinization every iteration, and building one and moving it in copies a
    /// large state twice more. The same state as `determinize` for the same arguments.
    fn determinize_into(&self, game: &Self::Game, observer: usize, seed: u64, out: &mut Self) {
        *out = self.determinize(game, observer, seed);
    }

    /// How secret the legal `action` of the player to move is: whom the rules hide the pick
    /// from (a face-down selection, a secret choice), and what it shows them at once. Public by
    /// default. The conformance suite checks every declared secret: the other legal actions must
    /// leave those players' observations, information states, views and determinizations
    /// exactly as this one does, up to what it shows.
    fn secrecy(&self, _game: &Self::Game, _action: Action) -> Secrecy {
        Secrecy::PUBLIC
    }

    fn action_to_string(&self, game: &Self::Game, action: Action) -> String;
    /// A text drawing of the position for people.
    fn render(&self, game: &Self::Game) -> String;

    /// What `viewer` may see of the position, as structured data for drawing (the browser
    /// viewer, `docs/viewer.md`): `None` is the all-seeing spectator, `Some(p)` shows only what
    /// player `p` may know, like [`State::information_state_string`]. The default is a text
    /// view of that drawing, so a game without a board drawing still shows something; games
    /// override it with the scene vocabulary of `docs/viewer.md` (board, players, zones).
    fn view(&self, game: &Self::Game, viewer: Option<usize>) -> serde_json::Value {
        let text = match viewer {
            None => self.render(game),
            Some(p) => self.information_state_string(game, p),
        };
        serde_json::json!({ "kind": "text", "text": text })
    }

    /// A cheap estimate of the final returns, written into `out`; `false` when the game has none
    /// (search then falls back to random playouts).
    fn heuristic(&self, _game: &Self::Game, _out: &mut [f32]) -> bool {
        false
    }

    /// Checks the invariants a state read from JSON must hold; lists what is wrong.
    fn validate(&self, game: &Self::Game) -> Result<(), GameError>;

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("states serialise to JSON")
    }
}

/// One entry of [`Game::content_listing`].
pub fn content_entry(id: &str, name: &str, text: impl Into<String>) -> serde_json::Value {
    serde_json::json!({ "id": id, "name": name, "text": text.into() })
}
