//! Golden playthroughs: every decision, event and observation (as a hash) of a fixed seeded
//! game, compared line by line with the committed file, so any change in behaviour shows up as a
//! diff. Regenerate with `scripts/regen-golden.sh` after a deliberate rules change.

use std::fmt::Write;

use kumite::core::{derive_seed, ActionList, Game, Rng, State};
use kumite::games::tekken::{Tekken, TekkenOptions};

/// FNV-1a over the observation's bits: short, and it changes whenever any feature does.
fn hash(obs: &[f32]) -> u64 {
    obs.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, x| (h ^ u64::from(x.to_bits())).wrapping_mul(0x0100_0000_01b3))
}

fn playthrough<G: Game>(game: &G, seed: u64) -> String {
    let mut out = String::new();
    let mut state = game.new_state(seed);
    let mut rng = Rng::new(derive_seed(seed, 1));
    let mut legal = ActionList::new();
    let mut obs = vec![0.0; game.observation_len()];
    let _ = writeln!(out, "game {} options {} seed {seed}", G::NAME, game.options_json());
    let _ = writeln!(out, "{}", state.render(game));
    let mut step = 0;
    while let Some(player) = state.current_player() {
        state.legal_actions(game, &mut legal);
        let hashes: Vec<String> = (0..game.num_players())
            .map(|p| {
                state.observation(game, p, &mut obs);
                format!("{:016x}", hash(&obs))
            })
            .collect();
        let action = legal[rng.below(legal.len() as u32) as usize];
        let _ = writeln!(
            out,
            "#{step} P{player} obs {} legal {:?} -> {action} {}",
            hashes.join(" "),
            legal.as_slice(),
            state.action_to_string(game, action)
        );
        let mut events = Vec::new();
        state.apply_unchecked(game, action, &mut events);
        for e in events {
            let _ = writeln!(out, "    {e}");
        }
        step += 1;
    }
    let mut returns = vec![0.0; game.num_players()];
    state.returns(game, &mut returns);
    let _ = writeln!(out, "{}\nreturns {returns:?} after {step} actions", state.render(game));
    out
}

fn check(name: &str, text: String) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("KUMITE_REGEN_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}; run scripts/regen-golden.sh"));
    for (i, (got, want)) in text.lines().zip(want.lines()).enumerate() {
        assert_eq!(got, want, "{name} differs at line {}", i + 1);
    }
    assert_eq!(text.lines().count(), want.lines().count(), "{name}: different length");
}

#[test]
fn tekken_seed_7() {
    let game = Tekken::new(TekkenOptions::default()).unwrap();
    check("tekken_seed7.txt", playthrough(&game, 7));
}

#[test]
fn fatal_fight_seed_7() {
    use kumite::games::fatal_fight::{FatalFight, FatalFightOptions};
    let game = FatalFight::new(FatalFightOptions::default()).unwrap();
    check("fatal_fight_seed7.txt", playthrough(&game, 7));
}

#[test]
fn senjutsu_seed_7() {
    use kumite::games::senjutsu::{Senjutsu, SenjutsuOptions};
    let game = Senjutsu::new(SenjutsuOptions { players: 3, ..SenjutsuOptions::default() }).unwrap();
    check("senjutsu_seed7.txt", playthrough(&game, 7));
}

#[test]
fn ufs_seed_7() {
    use kumite::games::ufs::{Ufs, UfsOptions};
    let game = Ufs::new(UfsOptions::default()).unwrap();
    check("ufs_seed7.txt", playthrough(&game, 7));
}
