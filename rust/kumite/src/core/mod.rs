//! The game API shared by every game: the `Game` / `State` traits, actions, errors, events and
//! the seeded RNG. It imports nothing else of the crate.

mod action;
mod effects;
mod error;
mod event;
mod game;
mod info;
mod observation;
mod options;
mod problem;
mod rng;
pub mod scene;
mod seating;
mod secrecy;
mod text;

pub use action::{Action, ActionList, MAX_LEGAL_ACTIONS};
pub use effects::{print_effects, EffectKey, EffectTally, PrintedEffect};
pub use error::{CardProblem, GameError};
pub use event::{event, Event, EventSink, NoEvents};
pub use game::{content_entry, Game, State, Utility};
pub use info::{
    BalancePlan, BalanceTable, Campaign, Conformance, GameInfo, KnowledgeRun, Mark, Options, SecretsRun, Setting,
};
pub use observation::{flag, record_layout, seat_after, ObsSection, ObsWriter};
pub use options::parse_options;
pub use problem::{Problem, ProblemKind, ProblemList};
pub use rng::{derive_seed, Rng};
pub use seating::{SeatEdge, Seating};
pub use secrecy::Secrecy;
pub use text::{count, returns_text};
