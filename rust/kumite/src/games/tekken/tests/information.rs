//! The information contract: what each seat observes says what it knows and what each of its
//! action ids means, and the public part is the same for both seats.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use super::*;
use crate::core::Rng;

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn hash(v: &impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// Inserts `key -> value`, or names the first state that gave the key another value.
fn agree<V: PartialEq + std::fmt::Debug>(map: &mut HashMap<u64, (V, String)>, key: u64, value: V, at: &str) {
    if let Some((seen, first)) = map.get(&key) {
        assert_eq!(seen, &value, "\nfirst at:\n{first}\nnow at:\n{at}");
    } else {
        map.insert(key, (value, at.to_string()));
    }
}

/// Random games grouped by what a seat observes: one observation gives one information string
/// and the reverse; for the player to move, one observation offers the same ids with the same
/// texts; the public part is every seat's head and the information string is public ++ private.
fn probe(g: &Tekken, games: u64) -> usize {
    let mut by_obs: HashMap<u64, (u64, String)> = HashMap::new();
    let mut by_info: HashMap<u64, (u64, String)> = HashMap::new();
    let mut offers: HashMap<u64, (Vec<(Action, String)>, String)> = HashMap::new();
    let (mut obs, mut public, mut private) =
        (vec![0.0; g.observation_len()], vec![0.0; g.public_observation_len()], vec![0.0; g.private_observation_len()]);
    let mut legal = ActionList::new();
    let mut states = 0;
    for seed in 0..games {
        let mut s = g.new_state(seed);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..3000 {
            states += 1;
            s.public_observation(g, &mut public);
            let public_text = s.public_observation_string(g);
            for p in 0..2 {
                s.observation(g, p, &mut obs);
                s.private_observation(g, p, &mut private);
                assert_eq!(obs, [public.clone(), private.clone()].concat(), "observation = public ++ private");
                let info = s.information_state_string(g, p);
                assert_eq!(info, public_text.clone() + &s.private_observation_string(g, p));
                let (o, i) = (hash(&bits(&obs)), hash(&info));
                let at = format!("seed {seed}, P{p}\n{info}");
                agree(&mut by_obs, o, i, &at);
                agree(&mut by_info, i, o, &at);
                if s.current_player() == Some(p) {
                    s.legal_actions(g, &mut legal);
                    let offer: Vec<(Action, String)> = legal.iter().map(|&a| (a, s.action_to_string(g, a))).collect();
                    agree(&mut offers, o, offer, &at);
                }
            }
            if s.is_terminal() {
                break;
            }
            s.legal_actions(g, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(g, a, &mut crate::core::NoEvents);
        }
    }
    states
}

// Issue 56: one observation, one meaning for every action id, over random games on both
// stages, with the default hand and with the largest (where stance change picks its 3 cards).
#[test]
fn one_observation_gives_one_information_string_and_one_meaning_per_action_id() {
    for stage in ["fault_line", "moonlit_dojo"] {
        for hand_size in [3, 5] {
            let g = Tekken::new(TekkenOptions { stage: stage.into(), hand_size, ..Default::default() }).unwrap();
            let states = probe(&g, 60);
            assert!(states > 10_000, "{states} states");
        }
    }
    let timed = Tekken::new(TekkenOptions { round_strings: Some(6), rounds_to_win: 2, ..Default::default() }).unwrap();
    probe(&timed, 60);
}

// TK-4.7 「コンボボードの空き攻撃スロットに、左から右の順で裏向きで攻撃カードを1枚置く。」: the attacker
// picks a card from its hand, and the `play` ids name hand slots. Two hands holding the same
// cards in another order read differently to their owner (each slot's card is placed) and give
// `play 1` other texts; the opponent, who sees neither hand, observes the two alike.
#[test]
fn the_observation_places_each_hand_card_the_play_ids_name() {
    let g = dojo();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let mut other = s;
    other.fighters[0].hand.as_mut_slice().swap(0, 1);
    let obs = |s: &TekkenState, p: usize| {
        let mut o = vec![0.0; g.observation_len()];
        s.observation(&g, p, &mut o);
        o
    };
    assert_ne!(obs(&s, 0), obs(&other, 0));
    let play = A::Play(0).encode();
    assert_ne!(s.action_to_string(&g, play), other.action_to_string(&g, play));
    assert!(s.action_to_string(&g, play).starts_with("play Straight"), "{}", s.action_to_string(&g, play));
    assert_eq!(obs(&s, 1), obs(&other, 1));
    assert_eq!(s.information_state_string(&g, 1), other.information_state_string(&g, 1));
    // The slot the id names is read from the private block: its first card is the Straight.
    let layout = g.private_observation_layout();
    let hand = layout.iter().find(|b| b.name.starts_with("my hand")).unwrap();
    let mut private = vec![0.0; g.private_observation_len()];
    s.private_observation(&g, 0, &mut private);
    let first = usize::from(card(&g, "kaito.straight").0 - g.first_card(0));
    assert_eq!(private[hand.start + first], 1.0);
}

// The public part is written in seat order, whoever looks: both seats' observations begin with
// it, and it names every block; the private part says which seat is looking.
#[test]
fn the_public_observation_is_every_seats_head_in_seat_order() {
    let g = Tekken::new(TekkenOptions::default()).unwrap();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let n = g.public_observation_len();
    let mut public = vec![0.0; n];
    s.public_observation(&g, &mut public);
    for p in 0..2 {
        let mut o = vec![0.0; g.observation_len()];
        s.observation(&g, p, &mut o);
        assert_eq!(&o[..n], &public[..]);
        assert_eq!(o[n + p], 1.0, "my seat one-hot");
    }
    let layout = g.observation_layout();
    assert_eq!(layout.iter().map(|b| b.size).sum::<usize>(), g.observation_len());
    assert!(layout.iter().all(|b| b.size > 0));
    assert_eq!(g.private_observation_layout()[0].name, "my seat one-hot");
    assert_eq!(s.render(&g), s.public_observation_string(&g));
    assert!(!s.public_observation_string(&g).contains("Straight"));
    assert!(s.private_observation_string(&g, 0).contains("P0 hand: Straight"));
}
