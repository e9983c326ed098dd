//! Printed effects, for the dead-text check: every symbol, ability and text effect of every card
//! of a game's content, and a sink that counts the ones that took effect.
//!
//! A game lists its printed effects ([`crate::core::Game::printed_effects`]) and, where its rules
//! resolve one and it changes the game (a strike that deals damage, a push that moves, a text
//! effect whose condition held), reports it to the event sink ([`EventSink::took_effect`]). The
//! report is built by a closure, like an event, so play without the check pays nothing.

use std::collections::HashMap;

use serde::Serialize;

use crate::core::EventSink;

/// Names one printed effect: the card (a stable label the game chooses, unique in its content)
/// and the effect's place on it, counted from 0 in printed order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct EffectKey {
    pub card: String,
    pub index: u8,
}

impl EffectKey {
    pub fn new(card: impl Into<String>, index: usize) -> EffectKey {
        EffectKey { card: card.into(), index: u8::try_from(index).unwrap_or(u8::MAX) }
    }
}

/// One printed effect and how it reads on the card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrintedEffect {
    #[serde(flatten)]
    pub key: EffectKey,
    pub text: String,
}

/// Lists a card's effects in printed order.
pub fn print_effects(out: &mut Vec<PrintedEffect>, card: &str, texts: impl IntoIterator<Item = String>) {
    out.extend(texts.into_iter().enumerate().map(|(i, text)| PrintedEffect { key: EffectKey::new(card, i), text }));
}

/// Counts the effects that took effect; ignores events.
#[derive(Clone, Debug, Default)]
pub struct EffectTally {
    pub counts: HashMap<EffectKey, u64>,
}

impl<E> EventSink<E> for EffectTally {
    fn emit(&mut self, _event: impl FnOnce() -> E) {}
    fn took_effect(&mut self, effect: impl FnOnce() -> EffectKey) {
        *self.counts.entry(effect()).or_insert(0) += 1;
    }
}
