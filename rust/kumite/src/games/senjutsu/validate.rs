//! Every loader check: a state read from JSON must hold a reachable position's zones and ranges,
//! be one the rules can continue from (each phase holds what its actions read, seats name
//! players, initiatives are the content's), and keep every counter where play cannot wrap it.

use crate::cards::{check_conserved, CardId};
use crate::core::ProblemKind::{Conservation, Flow, Misplaced, OutOfRange, UnknownId};
use crate::core::{GameError, ProblemList, State};
use crate::games::senjutsu::content::{CardType, Timing, Zone, MAX_PARTS};
use crate::games::senjutsu::game::{DeclareOrder, Senjutsu};
use crate::games::senjutsu::state::{
    Phase, SenjutsuState, Stage, BLEEDING_CARDS, NO_CHOICE, NO_INIT, STUN_CARDS, WOUND_CARDS, ZONE_NONE,
};

/// The highest initiative any card or part of the content names.
fn max_initiative(game: &Senjutsu) -> u8 {
    let c = &game.content;
    c.cards
        .iter()
        .flat_map(|k| {
            k.initiative.iter().copied().chain(k.parts.iter().filter_map(|p| match p.timing {
                Timing::At(x) => Some(x),
                _ => None,
            }))
        })
        .max()
        .unwrap_or(0)
}

fn flow(s: &SenjutsuState, game: &Senjutsu, bad: &mut ProblemList) {
    // The flow checks read the content by the state's card ids and seats: only once those hold.
    if !bad.is_empty() {
        return;
    }
    let n = game.n();
    let c = &game.content;
    let top = max_initiative(game);
    if let Some(r) = s.result {
        if r.iter().any(|v| !(-1..=1).contains(v)) || r[n..].iter().any(|&v| v != 0) {
            bad.add(
                OutOfRange,
                "result",
                format!("result {r:?}: each player's return is -1, 0 or 1, and 0 for seats not in the game"),
            );
        }
    }
    let init_ok = |x: u8| x == NO_INIT || x <= top;
    // Every round each samurai standing draws a card or takes a wound (docs "Game length"), so
    // the rounds left are at most the largest deck plus wounds to go: the round plus that must
    // stay within the counter. Play only lowers the sum, so every state reached loads again.
    let left = (0..n)
        .filter(|&p| !s.samurai[p].defeated)
        .map(|p| s.samurai[p].deck.len() + usize::from(game.samurai(p).wound_limit.saturating_sub(s.samurai[p].wounds)))
        .max()
        .unwrap_or(0);
    if s.phase != Phase::Over && usize::from(s.round) + left > usize::from(u16::MAX) {
        bad.add(
            OutOfRange,
            "round",
            format!("round {} with up to {left} rounds to go would run the round counter past {}", s.round, u16::MAX),
        );
    }
    for (p, sam) in s.samurai.iter().enumerate() {
        if !init_ok(sam.init) || !init_ok(sam.instant_init) {
            bad.add(
                OutOfRange,
                format!("samurai[{p}].init"),
                format!(
                    "samurai[{p}].init {} / instant_init {}: an initiative above the content's highest {top}",
                    sam.init, sam.instant_init
                ),
            );
        }
        // SJ-5.2, SJ-13.5: a revealed card (or an instant) resolves at one of its own initiatives;
        // unset only while a dual card waits for its declaration or on a card that has none (an
        // instant whose parts keep time with another card), and a card not yet revealed has none.
        // A dual selected card's wait is checked by phase below; a dual instant waits only in its
        // own instant declaration.
        let own = |card: Option<CardId>, init: u8, shown: bool, waits: bool| match card
            .and_then(|k| c.cards.get(usize::from(k.0)))
        {
            Some(k) if shown => {
                if init == NO_INIT {
                    k.initiative.is_empty() || (k.is_dual() && waits)
                } else {
                    k.initiative.contains(&init)
                }
            }
            _ => init == NO_INIT,
        };
        let instant_waits = matches!(s.phase, Phase::InstantDeclare(q) if usize::from(q) == p);
        if !own(sam.played, sam.init, sam.revealed, true) || !own(sam.instant, sam.instant_init, true, instant_waits) {
            bad.add(
                Flow,
                format!("samurai[{p}].init"),
                format!(
                    "samurai[{p}].init {} / instant_init {}: a revealed card's initiative is one of its own, unset only \
                     while a dual card waits for its declaration or on a card that has none (SJ-5.2, SJ-13.5), \
                     and none before the reveal",
                    sam.init, sam.instant_init
                ),
            );
        }
        for (k, d) in sam.defenses.iter().enumerate() {
            if d.speed > top {
                bad.add(
                    OutOfRange,
                    format!("samurai[{p}].defenses[{k}].speed"),
                    format!(
                        "samurai[{p}].defenses[{k}].speed {} is above the content's highest initiative {top}",
                        d.speed
                    ),
                );
            }
            // One record per initiative and evade symbol, so the list's capacity holds every one.
            if sam.defenses[..k].iter().any(|x| x.speed == d.speed && x.evade == d.evade) {
                bad.add(
                    Flow,
                    format!("samurai[{p}].defenses[{k}]"),
                    format!("samurai[{p}].defenses[{k}] repeats an initiative and evade symbol of an earlier record"),
                );
            }
        }
        if sam.revealed && sam.played.is_none() {
            bad.add(Flow, format!("samurai[{p}].revealed"), format!("samurai[{p}].revealed without a card played"));
        }
        if sam.wounds == u8::MAX {
            bad.add(
                OutOfRange,
                format!("samurai[{p}].wounds"),
                format!("samurai[{p}].wounds is at the limit {}", u8::MAX),
            );
        }
    }
    // Each samurai's waiting parts: its card's and its instant's, and two later parts per evade
    // card, so later evades still fit (`MAX_ITEMS`).
    for (p, sam) in s.samurai.iter().enumerate() {
        let waiting = s.items.iter().filter(|it| usize::from(it.player) == p).count();
        let most = 2 * MAX_PARTS + sam.evades.len() * (MAX_PARTS - 1);
        if waiting > most {
            bad.add(
                OutOfRange,
                "items",
                format!("items: {waiting} parts of samurai {p}, more than its cards in play have ({most})"),
            );
        }
    }
    for (i, it) in s.items.iter().enumerate() {
        if it.init > top {
            bad.add(
                OutOfRange,
                format!("items[{i}].init"),
                format!("items[{i}].init {} is above the content's highest initiative {top}", it.init),
            );
        }
    }
    for (i, e) in s.stack.iter().enumerate() {
        // An evade card with two values below the blocked attack's waits for its declaration.
        let declaring = e.stage == Stage::Declare && e.init == NO_INIT;
        // A part at the bottom, then evade attacks at strictly falling initiatives (SJ-7.7): what
        // bounds the stack.
        let below = i.checked_sub(1).map(|j| s.stack[j].init);
        let nested = match below {
            None => !e.evade,
            Some(b) => e.evade && if declaring { e.left == b } else { e.init < b },
        };
        if !nested {
            bad.add(
                Flow,
                format!("stack[{i}]"),
                format!(
                    "stack[{i}]: the bottom is a card's part and each later entry an evade attack below the one before"
                ),
            );
        }
        if e.init > top && !declaring {
            bad.add(
                OutOfRange,
                format!("stack[{i}].init"),
                format!("stack[{i}].init {} is above the content's highest initiative {top}", e.init),
            );
        }
        if let Some(q) = (n..e.pushes.len()).find(|&q| e.pushes[q] != 0) {
            bad.add(
                OutOfRange,
                format!("stack[{i}].pushes[{q}]"),
                format!("stack[{i}].pushes[{q}]: seat {q} is not one of the {n} players"),
            );
        }
        if u32::from(e.evaders) >> n != 0 {
            bad.add(
                OutOfRange,
                format!("stack[{i}].evaders"),
                format!("stack[{i}].evaders {:#b} names a seat beyond the {n} players", e.evaders),
            );
        }
        let Some(card) = c.cards.get(usize::from(e.card.0)) else { continue };
        let Some(part) = card.parts.get(usize::from(e.part)) else { continue };
        let bonus = card.bonus.iter().map(|(_, ops)| ops.len()).sum::<usize>();
        if usize::from(e.op) > part.ops.len() + bonus {
            bad.add(
                OutOfRange,
                format!("stack[{i}].op"),
                format!("stack[{i}].op {} is past the part's {} actions and bonus actions", e.op, part.ops.len()),
            );
        }
        if e.zone != ZONE_NONE && e.zone > Zone::Resolve as u8 {
            bad.add(OutOfRange, format!("stack[{i}].zone"), format!("stack[{i}].zone {} is not a kamae zone", e.zone));
        }
        let choosing = e.choice != NO_CHOICE;
        if choosing && e.stage == Stage::Choose {
            bad.add(
                Flow,
                format!("stack[{i}].choice"),
                format!("stack[{i}]: a choice is made (choice {}) while the stage still asks for it", e.choice),
            );
        }
        if matches!(e.stage, Stage::Move | Stage::Kamae) && e.left == 0 {
            bad.add(
                Flow,
                format!("stack[{i}].left"),
                format!("stack[{i}].left is 0 while stage {:?} asks for a step", e.stage),
            );
        }
    }
    let live = s.phase != Phase::Over;
    let setup = matches!(s.phase, Phase::Place(_) | Phase::Face(_));
    if live && setup != (s.round == 0) {
        bad.add(
            Flow,
            "phase",
            format!("phase {:?} in round {}: set-up comes before round 1, and only then", s.phase, s.round),
        );
    }
    let quiet = s.items.is_empty() && s.stack.is_empty();
    let round_start =
        quiet && s.samurai.iter().all(|x| x.played.is_none() && x.instant.is_none() && x.evades.is_empty());
    let seat = |p: u8| usize::from(p).min(n.saturating_sub(1));
    // SJ-13.5: a revealed dual-initiative card waits for its declaration; past the declarations
    // every one is declared, or its parts would be scheduled at no initiative.
    let undeclared = |q: usize| {
        let x = &s.samurai[q];
        !x.defeated
            && x.revealed
            && x.init == NO_INIT
            && x.played.and_then(|k| c.cards.get(usize::from(k.0))).is_some_and(|k| k.is_dual())
    };
    match s.phase {
        Phase::Declare(p) => {
            let order = s.by_advantage(game.options.declare_order == DeclareOrder::LowFirst);
            let before = order.iter().take_while(|&&q| q != seat(p));
            if let Some(q) = before.copied().find(|&q| undeclared(q)) {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase declare: samurai {q} declares before samurai {p} (SJ-13.5) and has not"),
                );
            }
        }
        Phase::Instant(_) | Phase::InstantDeclare(_) | Phase::Resolve(_) => {
            if let Some(q) = (0..n).find(|&q| undeclared(q)) {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase {:?}: samurai {q} has not declared its card's initiative (SJ-13.5)", s.phase),
                );
            }
        }
        _ => {}
    }
    // SJ-1.5, SJ-13.4: every selected card is revealed at once, before any declaration.
    if matches!(s.phase, Phase::Declare(_) | Phase::Instant(_) | Phase::InstantDeclare(_) | Phase::Resolve(_)) {
        if let Some(q) = (0..n).find(|&q| s.samurai[q].played.is_some() && !s.samurai[q].revealed) {
            bad.add(
                Flow,
                format!("samurai[{q}].revealed"),
                format!(
                    "phase {:?}: samurai {q}'s selected card is still face down, but all are revealed together (SJ-13.4)",
                    s.phase
                ),
            );
        }
    }
    match s.phase {
        Phase::Place(p) => {
            if s.samurai[seat(p)].placed || !round_start {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase place: samurai {p} must still be unplaced, with nothing in play"),
                );
            }
        }
        Phase::Face(p) => {
            if !s.samurai[seat(p)].placed || !round_start {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase face: samurai {p} must just have been placed, with nothing in play"),
                );
            }
        }
        Phase::Select(p) => {
            let p = seat(p);
            let ok = quiet
                && s.samurai
                    .iter()
                    .enumerate()
                    .all(|(q, x)| x.instant.is_none() && !x.revealed && (x.defeated || x.played.is_some() == (q < p)));
            if !ok {
                bad.add(Flow, "phase", format!("phase select: the samurai before seat {p} have selected a card face down, the others not, and nothing is revealed or resolving"));
            }
        }
        Phase::Declare(p) => {
            let x = &s.samurai[seat(p)];
            let dual = x.played.and_then(|k| c.cards.get(usize::from(k.0))).is_some_and(|k| k.is_dual());
            if !quiet || !x.revealed || !dual || x.init != NO_INIT {
                bad.add(Flow, "phase", format!("phase declare: samurai {p} must have revealed a dual-initiative card not yet declared, with nothing resolving"));
            }
        }
        Phase::InstantDeclare(p) => {
            let x = &s.samurai[seat(p)];
            let dual = x.instant.and_then(|k| c.cards.get(usize::from(k.0))).is_some_and(|k| k.is_dual());
            if !quiet || !dual || x.instant_init != NO_INIT {
                bad.add(Flow, "phase", format!("phase instant_declare: samurai {p} must have played a dual-initiative instant not yet declared, with nothing resolving"));
            }
        }
        Phase::Instant(p) => {
            if !quiet || s.samurai[seat(p)].instant.is_some() {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase instant: samurai {p} has played no instant yet, and nothing is resolving"),
                );
            }
        }
        Phase::Discard(p) => {
            let x = &s.samurai[seat(p)];
            if !round_start || x.hand_count(game) <= usize::from(game.samurai(seat(p)).hand_limit) {
                bad.add(
                    Flow,
                    "phase",
                    format!(
                        "phase discard: samurai {p} must be above its hand limit after the round, with nothing in play"
                    ),
                );
            }
        }
        Phase::Resolve(_) => {
            if s.stack.last().is_some_and(|e| e.stage == Stage::Fresh) {
                bad.add(Flow, "phase", "phase resolve: the resolving part waits for no decision (stage fresh)");
            }
        }
        Phase::Over => {}
    }
}
/// The invariants of a reachable position, for states read from JSON.
pub(crate) fn validate(state: &SenjutsuState, game: &Senjutsu) -> Result<(), GameError> {
    problems(state, game).into_result()
}

/// Every problem of a state read from JSON.
pub(crate) fn problems(state: &SenjutsuState, game: &Senjutsu) -> ProblemList {
    let mut bad = ProblemList::new();
    let c = &game.content;
    let n = game.n();
    let board = &game.battlefield().board;
    if state.samurai.len() != n {
        bad.add(OutOfRange, "samurai", format!("{} samurai for {n} players", state.samurai.len()));
        return bad;
    }
    // A seat of 32 or more is out of range (a plain shift would wrap it onto a real seat).
    let seen = state.advantage.iter().fold(0u32, |m, &p| m | 1u32.checked_shl(u32::from(p)).unwrap_or(u32::MAX));
    if state.advantage.len() != n || seen != (1 << n) - 1 {
        bad.add(OutOfRange, "advantage", "the advantage track is not a permutation of the players");
    }
    let valid = |x: CardId| usize::from(x.0) < c.cards.len();
    let mut stuns_out = 0usize;
    let mut wounds = [0usize; 2];
    for p in 0..n {
        let s = &state.samurai[p];
        if state.cards_of(p).any(|x| !valid(x)) {
            bad.add(UnknownId, format!("samurai[{p}]"), format!("P{p} holds an unknown card id"));
            continue;
        }
        // The core card and stun cards come and go by their own rules (checked below).
        let ability = state.cards_of(p).filter(|&x| !matches!(c.card(x).ty, CardType::Core | CardType::Stun));
        check_conserved(
            &mut bad,
            format!("samurai[{p}]"),
            p,
            "ability cards across all zones",
            ability,
            game.decks[p].iter().copied(),
        );
        let core = game.samurai(p).core;
        if state.cards_of(p).filter(|&x| x == core).count() != 1 {
            bad.add(Conservation, format!("samurai[{p}]"), format!("P{p} must hold its core card exactly once"));
        }
        if state.cards_of(p).any(|x| c.card(x).ty == CardType::Core && x != core) {
            bad.add(Misplaced, format!("samurai[{p}]"), format!("P{p} holds another samurai's core card"));
        }
        // SJ-4.7, SJ-13.8: the core card is dealt to the hand and returns to it after each round,
        // and stun cards go to the hand (SJ-11.1) and back to the supply once played: neither is
        // ever in the deck, a discard pile, an instant or an evade. The core card in the hand is
        // what keeps a selection always possible.
        let pooled =
            s.deck.iter().chain(s.discard.iter()).chain(s.hidden.iter()).chain(s.evades.iter()).chain(s.instant);
        if let Some(x) = pooled.into_iter().find(|&x| x == core || x == c.stun) {
            bad.add(Misplaced, format!("samurai[{p}]"), format!(
                "P{p}'s {} is in its deck, a discard pile, an instant or an evade: the core card and stun cards are only ever in the hand or selected",
                c.card(x).name
            ));
        }
        stuns_out += state.cards_of(p).filter(|&x| x == c.stun).count();
        if usize::from(s.kamae) >= game.samurai(p).tree.nodes.len() {
            bad.add(OutOfRange, format!("samurai[{p}].kamae"), format!("P{p}: kamae node out of range"));
        }
        if s.bleeding > s.wounds {
            bad.add(OutOfRange, format!("samurai[{p}].bleeding"), format!("P{p}: more bleeding cards than wounds"));
        }
        wounds[1] += usize::from(s.bleeding);
        wounds[0] += usize::from(s.wounds - s.bleeding.min(s.wounds));
        if s.placed && !board.is_open(s.pos) {
            bad.add(Misplaced, format!("samurai[{p}].pos"), format!("P{p} stands off the open battlefield"));
        }
        if s.placed && usize::from(s.start) >= game.battlefield().starts.len() {
            bad.add(OutOfRange, format!("samurai[{p}].start"), format!("P{p}: start index out of range"));
        }
        let beaten =
            s.wounds >= game.samurai(p).wound_limit || s.stuns(game) >= usize::from(game.samurai(p).hand_limit);
        if beaten && !s.defeated {
            bad.add(Flow, format!("samurai[{p}].defeated"), format!("P{p} should be defeated"));
        }
        // Wounds never heal, and a defeated samurai's hand no longer changes: only the two
        // defeats of the seed make a samurai defeated.
        if s.defeated && !beaten {
            bad.add(
                Flow,
                format!("samurai[{p}].defeated"),
                format!("P{p} is defeated below its wound limit and without a hand of stun cards"),
            );
        }
        for q in 0..p {
            let o = &state.samurai[q];
            if s.placed && o.placed && !s.defeated && !o.defeated && s.pos == o.pos {
                bad.add(Misplaced, format!("samurai[{p}].pos"), format!("P{p} and P{q} share a hex"));
            }
        }
    }
    // The supplies count the box's cards left; substitutes stand in beyond them (SJX-10).
    let left = |total: u8, out: usize| usize::from(total).saturating_sub(out);
    if usize::from(state.supply[2]) != left(STUN_CARDS, stuns_out) {
        bad.add(Conservation, "supply", "stun cards are not conserved");
    }
    if usize::from(state.supply[0]) != left(WOUND_CARDS, wounds[0]) {
        bad.add(Conservation, "supply", "wound cards are not conserved");
    }
    if usize::from(state.supply[1]) != left(BLEEDING_CARDS, wounds[1]) {
        bad.add(Conservation, "supply", "bleeding wound cards are not conserved");
    }
    if let Some(p) = state.current_player() {
        if p >= n || state.samurai[p].defeated {
            bad.add(Flow, "phase", "the player to move is out of range or defeated");
        }
    }
    if (state.phase == Phase::Over) != state.result.is_some() {
        bad.add(Flow, "result", "a result exactly when the game is over");
    }
    for it in &state.items {
        if !valid(it.card) || usize::from(it.part) >= c.card(it.card).parts.len() || usize::from(it.player) >= n {
            bad.add(UnknownId, "items", "a scheduled part does not exist");
        }
    }
    for e in &state.stack {
        if !valid(e.card)
            || usize::from(e.part) >= c.card(e.card).parts.len()
            || usize::from(e.player) >= n
            || usize::from(e.who) >= n
        {
            bad.add(UnknownId, "stack", "a resolving part does not exist");
        }
    }
    for e in state.stack.iter().filter(|e| e.stage == Stage::Declare && usize::from(e.card.0) < c.cards.len()) {
        if !c.card(e.card).initiative.iter().any(|&x| x < e.left) {
            bad.add(Flow, "stack", "an evade card declares an initiative it does not have");
        }
    }
    if matches!(state.phase, Phase::Resolve(_)) && state.stack.is_empty() {
        bad.add(Flow, "phase", "resolving with nothing to resolve");
    }
    flow(state, game, &mut bad);
    bad
}
