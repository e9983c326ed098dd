/// How secret a legal action of the player to move is ([`crate::core::State::secrecy`]): the
/// players who must not learn that this action, rather than another one, was picked, and what
/// picking it shows them at once (a partial reveal, such as the three cards a stance change
/// shows). The rest stays hidden until the rules reveal it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Secrecy {
    /// The players (a bit mask, never the mover) the pick is hidden from.
    pub hidden_from: u64,
    /// What the pick shows those players now: two secret actions showing the same value must
    /// look alike to them, two showing different values must not.
    pub shows: u64,
}

impl Secrecy {
    /// Every player sees which action was picked.
    pub const PUBLIC: Secrecy = Secrecy { hidden_from: 0, shows: 0 };

    /// Hidden from every player but `mover` at a table of `players`, showing `shows`.
    pub fn from_others(mover: usize, players: usize, shows: u64) -> Secrecy {
        let all = if players >= 64 { u64::MAX } else { (1u64 << players) - 1 };
        Secrecy { hidden_from: all & !(1 << mover), shows }
    }

    pub fn is_public(self) -> bool {
        self.hidden_from == 0
    }
}
