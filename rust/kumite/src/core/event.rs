use serde::Serialize;

use crate::core::EffectKey;

/// One thing that happened, for play-by-play and viewers: public information only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Event {
    pub kind: &'static str,
    pub player: Option<u8>,
    pub text: String,
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.player {
            Some(p) => write!(f, "P{p} {}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}

pub fn event(kind: &'static str, player: Option<usize>, text: String) -> Event {
    Event { kind, player: player.map(|p| p as u8), text }
}

/// Where a state reports what happened while applying an action (damage, card revealed, …).
///
/// Events are built by a closure so that with [`NoEvents`] nothing is computed at all: the hot
/// path (rollouts, search) pays nothing for the play-by-play that viewers ask for.
pub trait EventSink<E> {
    fn emit(&mut self, event: impl FnOnce() -> E);
    /// A printed effect took effect (for the dead-text check, [`crate::core::EffectTally`]);
    /// the key is built only by a sink that counts.
    #[inline(always)]
    fn took_effect(&mut self, _effect: impl FnOnce() -> EffectKey) {}
}

/// Discards events without building them.
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _event: impl FnOnce() -> E) {}
}

impl<E> EventSink<E> for Vec<E> {
    fn emit(&mut self, event: impl FnOnce() -> E) {
        self.push(event());
    }
}
