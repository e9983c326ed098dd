//! The rules: which actions are legal, and what each one does. Everything that needs no
//! decision (revealing, symbol effects, ending strings and rounds, refills) happens inside
//! `apply` right after the decision that caused it; each symbol's effect is in `resolve.rs`.

use crate::cards::CardId;
use crate::core::{Action, ActionList, EventSink};
use crate::games::tekken::actions::{TekkenAction, MAX_HAND, TRIPLES, TRIPLES_WITHIN};
use crate::games::tekken::content::{Condition, Height, Symbol};
use crate::games::tekken::game::Tekken;
use crate::games::tekken::resolve::{Flow, Source};
use crate::games::tekken::state::{event, Event, Heat, Means, Phase, Slot, TekkenState};

impl TekkenState {
    // ---- strings -----------------------------------------------------------------------------

    fn start_string(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        self.strings = self.strings.saturating_add(1);
        let att = usize::from(self.attacker);
        // The swept fighter gets up when it gains the initiative (TK-6.4).
        self.fighters[att].knocked_down = false;
        self.string.extension_from = None;
        self.string.means = Means::None;
        self.string.awaiting_move = false;
        ev.emit(|| event("string", Some(att), "attacks".into()));
        self.continue_string(game, ev);
    }

    /// The next free slot the attacker may fill: 3, or 4 with heat active (TK-12.2).
    pub(crate) fn open_slot(&self, game: &Tekken) -> Option<usize> {
        let f = &self.fighters[usize::from(self.attacker)];
        let limit = if f.heat == Heat::Active { game.slot_limit() } else { 3 };
        f.first_empty_slot(limit)
    }

    pub(crate) fn heat_available(&self, game: &Tekken) -> bool {
        game.options.heat && self.fighters[usize::from(self.attacker)].heat == Heat::Ready
    }

    /// After a card (or at the start): play on, offer heat for a 4th slot, or end the string.
    fn continue_string(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        self.string.means = Means::None;
        let can_play = self.open_slot(game).is_some() && !self.fighters[usize::from(self.attacker)].hand.is_empty();
        if can_play || self.heat_available(game) {
            self.phase = Phase::Prepare { prepared: false };
        } else {
            self.end_string(game, ev);
        }
    }

    fn play_card(&mut self, game: &Tekken, i: usize, ev: &mut impl EventSink<Event>) {
        let att = usize::from(self.attacker);
        let def = 1 - att;
        let slot = self.open_slot(game).expect("legal play has a free slot");
        let card = self.fighters[att].hand.remove(i);
        // A defender knocked through the floor cannot punish the next attack (TK-10.4). A punish
        // token is spent only when it is what makes the card unpunishable (TKX-9).
        let defender_blind = std::mem::take(&mut self.fighters[def].cannot_punish);
        let f = &mut self.fighters[att];
        let with_token = !defender_blind && f.punish_tokens > 0;
        if with_token {
            f.punish_tokens -= 1;
        }
        let unpunishable = with_token || defender_blind;
        self.fighters[att].slots[slot] = Slot::Card { card, revealed: false, unpunishable };
        self.string.slot = slot as u8;
        ev.emit(|| {
            let how = if unpunishable { " (cannot be punished)" } else { "" };
            event("play", Some(att), format!("places a card face down in slot {}{how}", slot + 1))
        });
        if unpunishable {
            self.reveal(game, None, ev);
        } else {
            self.phase = Phase::Guess;
        }
    }

    /// Reveals the slotted card and checks the guess (TK-4.9 – TK-4.11, TK-12.3).
    fn reveal(&mut self, game: &Tekken, guess: Option<Height>, ev: &mut impl EventSink<Event>) {
        let att = usize::from(self.attacker);
        let def = 1 - att;
        let slot = usize::from(self.string.slot);
        let Slot::Card { card, unpunishable, .. } = self.fighters[att].slots[slot] else {
            unreachable!("the current slot holds the played card")
        };
        self.fighters[att].slots[slot] = Slot::Card { card, revealed: true, unpunishable };
        let def_card = game.content.card(card);
        ev.emit(|| {
            event(
                "reveal",
                Some(att),
                format!("reveals {} ({} {})", def_card.name, def_card.height.name(), def_card.colour.name()),
            )
        });
        if guess == Some(def_card.height) {
            if self.fighters[att].heat == Heat::Active {
                // Blocked under heat: the card becomes a stun, the string goes on, no token (TK-12.3 – 12.5).
                self.fighters[att].slots[slot] = Slot::Stun;
                self.fighters[att].discard.push(card);
                self.string.extension_from = None;
                ev.emit(|| event("punish", Some(def), "blocks the attack; under heat the string goes on".into()));
                self.continue_string(game, ev);
            } else {
                self.fighters[att].clear_slots();
                self.fighters[def].punish_tokens += 1;
                ev.emit(|| event("punish", Some(def), "punishes! takes the punish tile and the initiative".into()));
                self.end_string(game, ev);
            }
            return;
        }
        self.string.combos_pending = self.triggered_combos(game);
        self.string.card_done = false;
        self.string.means = Means::None;
        self.phase = Phase::Resolve;
        self.after_means(game, ev);
    }

    /// Combos whose condition the card just revealed completes (TK-8.2). A colour sequence is
    /// read from the cards played one after another up to this one: a stun in between (the slot
    /// of a card blocked under heat) breaks it, as it breaks an extension chain (TK-7.1, TKX-14).
    /// A count condition counts every card of the string that was not blocked.
    fn triggered_combos(&self, game: &Tekken) -> u8 {
        let att = usize::from(self.attacker);
        let mut colours = arrayvec::ArrayVec::<_, 4>::new();
        let mut run_start = 0;
        for slot in &self.fighters[att].slots[..=usize::from(self.string.slot)] {
            match *slot {
                Slot::Card { card, revealed: true, .. } => colours.push(game.content.card(card).colour),
                _ => run_start = colours.len(),
            }
        }
        let run = &colours[run_start..];
        let last = *colours.last().expect("a revealed card");
        let mut mask = 0;
        for (k, combo) in game.character(att).combos.iter().enumerate() {
            let met = match &combo.condition {
                Condition::Sequence(seq) => run.ends_with(seq),
                Condition::Count { colour, count } => {
                    last == *colour && colours.iter().filter(|&&c| c == *colour).count() >= usize::from(*count)
                }
            };
            if met {
                mask |= 1 << k;
            }
        }
        mask
    }

    pub(crate) fn rage_available(&self) -> bool {
        let f = &self.fighters[usize::from(self.attacker)];
        f.rage_revealed && !f.rage_used
    }

    /// With no means in progress: start the card's means at once when it is the only one left,
    /// finish the card when nothing is left, otherwise wait for the attacker's choice.
    fn after_means(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        let optional_left = self.string.combos_pending != 0 || self.rage_available();
        match (self.string.card_done, optional_left) {
            (false, false) => {
                self.string.means = Means::Card { next: 0 };
                self.run_means(game, ev);
            }
            (true, false) => self.after_card(game, ev),
            _ => {}
        }
    }

    fn after_combo_symbol(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        let Means::Combo { combo, used } = self.string.means else { return };
        let n = game.character(usize::from(self.attacker)).combos[usize::from(combo)].symbols.len();
        if used.count_ones() as usize == n {
            self.string.means = Means::None;
            self.after_means(game, ev);
        }
    }

    /// The card just resolved: its extension may connect to the next card; play on.
    fn after_card(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        self.string.extension_from = self.current_card();
        self.continue_string(game, ev);
    }

    pub(super) fn current_card(&self) -> Option<CardId> {
        match self.fighters[usize::from(self.attacker)].slots[usize::from(self.string.slot)] {
            Slot::Card { card, .. } => Some(card),
            _ => None,
        }
    }

    /// The card's symbol line followed by the previous card's extension for its height (TK-7):
    /// two slices, looked up once per `run_means` (the attacker's slots and the extension do not
    /// change while a card's symbols resolve).
    fn card_symbols<'g>(&self, game: &'g Tekken) -> (&'g [Symbol], &'g [Symbol]) {
        let Some(card) = self.current_card().map(|c| game.content.card(c)) else { return (&[], &[]) };
        let ext = self
            .string
            .extension_from
            .and_then(|prev| game.content.card(prev).extensions.iter().find(|e| e.height == card.height));
        (&card.symbols, ext.map_or(&[], |e| &e.symbols))
    }

    /// Resolves card or rage symbols in order until one needs a move choice or all are done.
    fn run_means(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        let att = usize::from(self.attacker);
        let (own, ext) = match self.string.means {
            Means::Card { .. } => self.card_symbols(game),
            _ => (&[][..], &[][..]),
        };
        loop {
            let (symbol, source) = match self.string.means {
                Means::Card { next } => {
                    let i = usize::from(next);
                    let symbol = own.get(i).or_else(|| ext.get(i - own.len())).copied();
                    (symbol, Source::Card(i))
                }
                Means::Rage { next } => {
                    let rage = &game.character(att).rage[usize::from(self.fighters[att].rage.unwrap_or(0))];
                    (rage.symbols.get(usize::from(next)).copied(), Source::Rage(usize::from(next)))
                }
                _ => unreachable!("run_means resolves card or rage"),
            };
            let Some(symbol) = symbol else {
                if matches!(source, Source::Card(_)) {
                    self.string.card_done = true;
                }
                self.string.means = Means::None;
                self.after_means(game, ev);
                return;
            };
            if !self.resolve_symbol(game, symbol, source, ev) {
                return;
            }
            self.string.means = match self.string.means {
                Means::Card { next } => Means::Card { next: next + 1 },
                Means::Rage { next } => Means::Rage { next: next + 1 },
                other => other,
            };
        }
    }

    // ---- string and round ends ---------------------------------------------------------------

    /// Discards the string's cards, lifts the stuns it suffered, refills both hands and passes
    /// the initiative (TK-3.1, TK-13, TKX-4).
    fn end_string(&mut self, game: &Tekken, ev: &mut impl EventSink<Event>) {
        let att = usize::from(self.attacker);
        let f = &mut self.fighters[att];
        f.clear_slots();
        if f.heat == Heat::Active {
            f.heat = Heat::Spent;
        }
        let hand_size = usize::from(game.options.hand_size);
        for p in [att, 1 - att] {
            self.fighters[p].refill(hand_size, &mut self.rng, p, ev);
        }
        ev.emit(|| event("string_end", Some(att), "ends the string; hands are refilled".into()));
        if game.options.round_strings.is_some_and(|limit| self.strings >= u64::from(limit)) {
            let [a, b] = [self.fighters[0].hp, self.fighters[1].hp];
            ev.emit(|| event("time", None, format!("Time! {a} HP against {b} HP")));
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.end_round(game, winner, ev);
            return;
        }
        self.attacker = 1 - self.attacker;
        self.start_string(game, ev);
    }

    /// Scores the round (a draw scores for both) and starts the next one or ends the match
    /// (TK-1.2 – TK-1.4, TKX-1).
    pub(super) fn end_round(&mut self, game: &Tekken, winner: Option<usize>, ev: &mut impl EventSink<Event>) {
        match winner {
            Some(w) => self.wins[w] += 1,
            None => self.wins = self.wins.map(|w| w + 1),
        }
        let wins = self.wins;
        ev.emit(|| match winner {
            Some(w) => event("round_end", Some(w), format!("wins round {} ({}-{})", self.round, wins[0], wins[1])),
            None => event("round_end", None, format!("Round {} is a draw ({}-{})", self.round, wins[0], wins[1])),
        });
        let target = game.options.rounds_to_win;
        let done = [wins[0] >= target, wins[1] >= target];
        if done[0] || done[1] {
            self.phase = Phase::Over;
            self.string.means = Means::None;
            self.string.awaiting_move = false;
            self.result = Some(match done {
                [true, false] => [1, -1],
                [false, true] => [-1, 1],
                _ => [0, 0],
            });
            ev.emit(|| match done {
                [true, false] => event("match_end", Some(0), "wins the match".into()),
                [false, true] => event("match_end", Some(1), "wins the match".into()),
                _ => event("match_end", None, "The match is a draw".into()),
            });
            return;
        }
        // The loser of a round opens the next; after a draw the other player opens.
        let opener = match winner {
            Some(w) => 1 - w as u8,
            None => 1 - self.opener,
        };
        self.string.means = Means::None;
        self.string.awaiting_move = false;
        self.start_round(game, opener, ev);
    }
}

pub(crate) fn legal_actions(s: &TekkenState, game: &Tekken, out: &mut ActionList) {
    out.clear();
    let push = |out: &mut ActionList, a: TekkenAction| out.push(a.encode());
    match s.phase {
        Phase::Over => {}
        Phase::ChooseRage { .. } => {
            push(out, TekkenAction::ChooseRage(0));
            push(out, TekkenAction::ChooseRage(1));
        }
        Phase::Guess => {
            for h in Height::ALL {
                push(out, TekkenAction::Guess(h));
            }
        }
        Phase::Prepare { prepared } => {
            let me = &s.fighters[usize::from(s.attacker)];
            let can_play = s.open_slot(game).is_some() && !me.hand.is_empty();
            // Copies of one card are interchangeable: only the earliest copies are offered,
            // so no two legal actions do the same thing (or read the same).
            let hand = me.hand.as_slice();
            let mut earlier_copies = [0u8; MAX_HAND];
            let mut copies = 0u8;
            for k in 0..hand.len() {
                for j in 0..k {
                    if hand[j] == hand[k] {
                        earlier_copies[k] |= 1 << j;
                    }
                }
                copies |= earlier_copies[k];
            }
            if can_play {
                for i in (0..hand.len()).filter(|&i| earlier_copies[i] == 0) {
                    push(out, TekkenAction::Play(i as u8));
                }
            }
            if !prepared && can_play {
                // Each hand card's colour and height, read once for the twenty triples.
                let looks: arrayvec::ArrayVec<_, MAX_HAND> = (hand.iter())
                    .map(|&c| {
                        let c = game.content.card(c);
                        (c.colour, c.height)
                    })
                    .collect();
                let mut within = TRIPLES_WITHIN.get(hand.len()).copied().unwrap_or(0);
                while within != 0 {
                    let i = within.trailing_zeros() as usize;
                    within &= within - 1;
                    let t = &TRIPLES[i];
                    let [Some(a), Some(b), Some(c)] = t.map(|k| looks.get(usize::from(k))) else {
                        continue;
                    };
                    let chosen = (1u8 << t[0]) | (1 << t[1]) | (1 << t[2]);
                    let canonical = copies == 0 || t.iter().all(|&k| earlier_copies[usize::from(k)] & !chosen == 0);
                    // A stance change takes three cards of one colour or of one height (TK-4.3).
                    if canonical && ((a.0 == b.0 && a.0 == c.0) || (a.1 == b.1 && a.1 == c.1)) {
                        push(out, TekkenAction::StanceChange(i as u8));
                    }
                }
                for d in s.dash_targets(game) {
                    push(out, TekkenAction::Dash(d));
                }
            }
            if !prepared && s.heat_available(game) {
                push(out, TekkenAction::Heat);
            }
            if !can_play {
                push(out, TekkenAction::EndString);
            }
        }
        Phase::Resolve => {
            if s.string.awaiting_move {
                for d in s.move_targets(game) {
                    push(out, TekkenAction::Move(d));
                }
                return;
            }
            match s.string.means {
                Means::None => {
                    if !s.string.card_done {
                        push(out, TekkenAction::ResolveCard);
                    }
                    for k in 0..8 {
                        if s.string.combos_pending & (1 << k) != 0 {
                            push(out, TekkenAction::ResolveCombo(k));
                        }
                    }
                    if s.rage_available() {
                        push(out, TekkenAction::ResolveRage);
                    }
                    if s.string.card_done {
                        push(out, TekkenAction::EndResolution);
                    }
                }
                Means::Combo { combo, used } => {
                    // Equal symbols are interchangeable: only the first unused one is offered.
                    let symbols = &game.character(usize::from(s.attacker)).combos[usize::from(combo)].symbols;
                    let unused = |i: usize| used & (1 << i) == 0;
                    for i in (0..symbols.len()).filter(|&i| unused(i)) {
                        if !(0..i).any(|j| unused(j) && symbols[j] == symbols[i]) {
                            push(out, TekkenAction::ComboSymbol(i as u8));
                        }
                    }
                    push(out, TekkenAction::ComboDone);
                }
                Means::Card { .. } | Means::Rage { .. } => {
                    unreachable!("card and rage symbols only stop to ask for a move")
                }
            }
        }
    }
    // Generated in id order; the contract is a sorted list.
    debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
}

pub(crate) fn apply(s: &mut TekkenState, game: &Tekken, action: Action, ev: &mut impl EventSink<Event>) {
    let att = usize::from(s.attacker);
    match TekkenAction::decode(action) {
        TekkenAction::ChooseRage(r) => {
            let Phase::ChooseRage { player } = s.phase else { unreachable!() };
            s.fighters[usize::from(player)].rage = Some(r);
            ev.emit(|| event("rage_choice", Some(usize::from(player)), "chooses a rage card in secret".into()));
            if player == 0 {
                s.phase = Phase::ChooseRage { player: 1 };
            } else {
                s.start_string(game, ev);
            }
        }
        TekkenAction::StanceChange(t) => {
            let triple = TRIPLES[usize::from(t)];
            let f = &mut s.fighters[att];
            let cards = triple.map(|i| f.hand.get(usize::from(i)).expect("legal triple"));
            ev.emit(|| {
                let names: Vec<_> = cards.iter().map(|&c| game.content.card(c).name.as_str()).collect();
                event("stance_change", Some(att), format!("changes stance, showing {}", names.join(", ")))
            });
            for &i in triple.iter().rev() {
                let card = f.hand.remove(usize::from(i));
                f.discard.push(card);
            }
            f.draw(3, &mut s.rng, att, ev);
            s.phase = Phase::Prepare { prepared: true };
        }
        TekkenAction::Dash(d) => {
            s.phase = Phase::Prepare { prepared: true };
            let target = s.fighters[1 - att].pos.neighbor(d);
            ev.emit(|| event("dash", Some(att), format!("dashes to ({}, {})", target.q, target.r)));
            for hex in s.dash_route(game, target) {
                if let Flow::RoundOver = s.enter(game, att, hex, ev) {
                    return;
                }
            }
        }
        TekkenAction::Heat => {
            s.fighters[att].heat = Heat::Active;
            ev.emit(|| event("heat", Some(att), "activates heat: a 4th attack slot opens".into()));
            s.fighters[att].draw(1, &mut s.rng, att, ev);
            s.phase = Phase::Prepare { prepared: true };
        }
        TekkenAction::EndString => s.end_string(game, ev),
        TekkenAction::Play(i) => s.play_card(game, usize::from(i), ev),
        TekkenAction::Guess(h) => {
            let def = s.defender();
            ev.emit(|| event("guess", Some(def), format!("guesses {}", h.name())));
            s.reveal(game, Some(h), ev);
        }
        TekkenAction::ResolveCard => {
            s.string.means = Means::Card { next: 0 };
            if let Some(card) = s.current_card() {
                ev.emit(|| event("means", Some(att), format!("resolves {}", game.content.card(card).name)));
            }
            s.run_means(game, ev);
        }
        TekkenAction::ResolveRage => {
            s.fighters[att].rage_used = true;
            s.string.means = Means::Rage { next: 0 };
            ev.emit(|| {
                let rage = &game.character(att).rage[usize::from(s.fighters[att].rage.unwrap_or(0))];
                event("means", Some(att), format!("unleashes rage: {}", rage.name))
            });
            s.run_means(game, ev);
        }
        TekkenAction::ResolveCombo(k) => {
            s.string.combos_pending &= !(1 << k);
            s.string.means = Means::Combo { combo: k, used: 0 };
            ev.emit(|| {
                event("means", Some(att), format!("triggers combo {}", game.character(att).combos[usize::from(k)].name))
            });
        }
        TekkenAction::ComboSymbol(i) => {
            let Means::Combo { combo, used } = s.string.means else { unreachable!() };
            s.string.means = Means::Combo { combo, used: used | (1 << i) };
            let symbol = game.character(att).combos[usize::from(combo)].symbols[usize::from(i)];
            if s.resolve_symbol(game, symbol, Source::Combo { combo, symbol: usize::from(i) }, ev) {
                s.after_combo_symbol(game, ev);
            }
        }
        TekkenAction::ComboDone => {
            s.string.means = Means::None;
            s.after_means(game, ev);
        }
        TekkenAction::EndResolution => s.after_card(game, ev),
        TekkenAction::Move(d) => {
            s.string.awaiting_move = false;
            let to = s.fighters[att].pos.neighbor(d);
            ev.emit(|| event("move", Some(att), format!("moves to ({}, {})", to.q, to.r)));
            if let Flow::RoundOver = s.enter(game, att, to, ev) {
                return;
            }
            match s.string.means {
                Means::Combo { .. } => s.after_combo_symbol(game, ev),
                Means::Card { next } => {
                    s.string.means = Means::Card { next: next + 1 };
                    s.run_means(game, ev);
                }
                Means::Rage { next } => {
                    s.string.means = Means::Rage { next: next + 1 };
                    s.run_means(game, ev);
                }
                Means::None => unreachable!("a move belongs to a means"),
            }
        }
    }
}
