//! The bot grammar, parsed once: every place that takes a bot by name (the command line, the
//! play server, Python's `make_bot`) reads it into a [`BotSpec`], and [`BotSpec::search`] is
//! the one place a spec becomes a search.
//!
//! | spec | bot |
//! |---|---|
//! | `random` | a uniformly random legal action |
//! | `mcts:N` | N iterations of information-set MCTS, random playouts valuing its leaves |
//! | `mcts:N:heuristic` | the same, the game's heuristic valuing them |
//! | `policy[:PATH]` | a network alone: the legal action with the highest prior |
//! | `az:N[:PATH]` | the network guiding N iterations of PUCT search, its value head valuing leaves |
//! | `azp:N[:PATH]` | the network's priors, random playouts valuing the leaves |
//! | `azh:N[:PATH]` | the network's priors, the game's heuristic valuing the leaves |
//! | `azm:N:LAMBDA[:PATH]` | the network guiding N iterations, each leaf valued `(1 − λ)·` its value head `+ λ·` a random playout |
//! | `module:attr` | a bot of the user's own (built by the binding that can import it) |
//!
//! Without `PATH` a network kind names the network shipped for the game. `PATH` is the rest of
//! the spec, colons included.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::search::evaluator::{BatchEvaluator, EvaluatorChoice, LeafValues, MixWeight};
use crate::search::mcts::MctsConfig;

/// Every form, as error messages and help texts list them.
pub const GRAMMAR: &str =
    "random, mcts:N[:heuristic], policy[:PATH], az:N[:PATH], azp:N[:PATH], azh:N[:PATH], azm:N:LAMBDA[:PATH] or module:attr (your own bot)";

/// PUCT's `c` for a search guided by a network (AlphaZero's range; UCB1's is
/// [`MctsConfig::default`]'s 1.4).
pub const AZ_EXPLORATION: f32 = 1.25;

/// A bot, by the grammar above.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    Random,
    /// `mcts:N[:heuristic]`: UCB1 search, without priors.
    Mcts {
        iterations: u32,
        heuristic: bool,
    },
    /// `policy[:PATH]`; `net` is `None` for the shipped network.
    Policy {
        net: Option<String>,
    },
    /// `az`, `azp`, `azh`, `azm`: a network's priors guiding PUCT search, `values` valuing its leaves.
    Az {
        iterations: u32,
        values: LeafValues,
        net: Option<String>,
    },
    /// `module:attr` (dotted module path, then one attribute name).
    Custom {
        module: String,
        attr: String,
    },
}

/// A spec that does not parse, or cannot be built: the spec as typed, what is wrong, and the
/// grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bot spec {}: {reason}; expected one of {GRAMMAR}", quoted(.spec))]
pub struct BotSpecError {
    pub spec: String,
    pub reason: String,
}

/// The network kinds, by the leaf values they search with.
const AZ_KINDS: [(&str, LeafValues); 3] =
    [("az", LeafValues::Evaluator), ("azp", LeafValues::Playout), ("azh", LeafValues::Heuristic)];

/// `'text'`, as Python writes a string (the specs' other errors are Python's), or escaped
/// where it holds a quote or a control character.
fn quoted(text: &str) -> String {
    if text.chars().any(|c| c == '\'' || c == '\\' || c.is_control()) {
        format!("{text:?}")
    } else {
        format!("'{text}'")
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `N`: ASCII digits (Unicode digits such as "²" are not numbers here), 1 ..= u32::MAX.
fn iterations(text: &str) -> Result<u32, String> {
    text.parse::<u32>().ok().filter(|&n| n > 0 && text.bytes().all(|b| b.is_ascii_digit())).ok_or_else(|| {
        format!("N (the iterations) must be a whole number from 1 to {}, not {}", u32::MAX, quoted(text))
    })
}

/// `LAMBDA`: a decimal number in (0, 1].
fn mix_weight(text: &str) -> Result<MixWeight, String> {
    text.parse::<f32>().ok().and_then(|l| MixWeight::new(l).ok()).ok_or_else(|| {
        format!(
            "LAMBDA (the playouts' share of a leaf's value) must be a number above 0 and at most 1, not {}",
            quoted(text)
        )
    })
}

/// An empty `PATH` (`policy:`) names the shipped network, as no `PATH` does.
fn net_path(path: Option<&str>) -> Option<String> {
    path.filter(|p| !p.is_empty()).map(str::to_owned)
}

impl BotSpec {
    /// Reads a spec; the error names the spec, what is wrong and the grammar.
    pub fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
        Self::parse_parts(text).map_err(|reason| BotSpecError { spec: text.to_owned(), reason })
    }

    fn parse_parts(text: &str) -> Result<BotSpec, String> {
        let (kind, rest) = match text.split_once(':') {
            Some((kind, rest)) => (kind, Some(rest)),
            None => (text, None),
        };
        if let Some(&(_, values)) = AZ_KINDS.iter().find(|(k, _)| *k == kind) {
            let Some(rest) = rest else { return Err(format!("{kind} needs N, the iterations ({kind}:N[:PATH])")) };
            let (n, path) = match rest.split_once(':') {
                Some((n, path)) => (n, Some(path)),
                None => (rest, None),
            };
            return Ok(BotSpec::Az { iterations: iterations(n)?, values, net: net_path(path) });
        }
        if kind == "azm" {
            let mut parts = rest.unwrap_or_default().splitn(3, ':');
            let (Some(n), Some(lambda), path) = (parts.next(), parts.next(), parts.next()) else {
                return Err("azm needs N, the iterations, and LAMBDA, the playouts' share (azm:N:LAMBDA[:PATH])".into());
            };
            let (iterations, lambda) = (iterations(n)?, mix_weight(lambda)?);
            return Ok(BotSpec::Az { iterations, values: LeafValues::Mix(lambda), net: net_path(path) });
        }
        match (kind, rest) {
            ("random", None) => Ok(BotSpec::Random),
            ("random", Some(_)) => Err("random takes nothing after it".into()),
            ("policy", path) => Ok(BotSpec::Policy { net: net_path(path) }),
            ("mcts", None) => Err("mcts needs N, the iterations (mcts:N)".into()),
            ("mcts", Some(rest)) => {
                let (n, leaves) = rest.split_once(':').unwrap_or((rest, ""));
                let heuristic = match leaves {
                    // `random` names the default (random playouts).
                    "" | "random" => false,
                    "heuristic" => true,
                    other => {
                        return Err(format!(
                            "mcts's leaves are valued by random playouts or heuristic, not {}",
                            quoted(other)
                        ))
                    }
                };
                Ok(BotSpec::Mcts { iterations: iterations(n)?, heuristic })
            }
            (module, Some(attr)) if module.split('.').all(is_identifier) && is_identifier(attr) => {
                Ok(BotSpec::Custom { module: module.into(), attr: attr.into() })
            }
            (_, Some(_)) => Err("not a bot kind, nor module:attr (Python identifiers)".into()),
            (kind, None) => Err(format!("unknown bot {}", quoted(kind))),
        }
    }

    /// `random`, `mcts`, `policy`, `az`, `azp`, `azh`, `azm`, or `custom` for `module:attr`.
    pub fn kind(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Mcts { .. } => "mcts",
            BotSpec::Policy { .. } => "policy",
            BotSpec::Az { values: LeafValues::Mix(_), .. } => "azm",
            BotSpec::Az { values, .. } => AZ_KINDS.iter().find(|(_, v)| v == values).map_or("az", |(k, _)| k),
            BotSpec::Custom { .. } => "custom",
        }
    }

    /// The iterations a searching bot runs per move.
    pub fn iterations(&self) -> Option<u32> {
        match self {
            BotSpec::Mcts { iterations, .. } | BotSpec::Az { iterations, .. } => Some(*iterations),
            _ => None,
        }
    }

    /// `azm`'s λ, the playouts' share of a leaf's value.
    pub fn leaf_mix(&self) -> Option<f32> {
        match self {
            BotSpec::Az { values: LeafValues::Mix(lambda), .. } => Some(lambda.get()),
            _ => None,
        }
    }

    /// Whether the bot is made from a network (`policy`, `az`, `azp`, `azh`, `azm`).
    pub fn uses_net(&self) -> bool {
        matches!(self, BotSpec::Policy { .. } | BotSpec::Az { .. })
    }

    /// The network file named (`None`: the shipped one, or no network).
    pub fn net_path(&self) -> Option<&str> {
        match self {
            BotSpec::Policy { net } | BotSpec::Az { net, .. } => net.as_deref(),
            _ => None,
        }
    }

    /// The search this spec names, seeded with `seed` on `threads` trees (`None`: one per
    /// core), and guided by `net` for the network kinds; `Ok(None)` for the bots that do not
    /// search (`random`, `policy`, `module:attr`).
    pub fn search(
        &self,
        seed: u64,
        threads: Option<usize>,
        net: Option<Arc<dyn BatchEvaluator>>,
    ) -> Result<Option<(MctsConfig, EvaluatorChoice)>, BotSpecError> {
        let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let base = MctsConfig { seed, threads, ..MctsConfig::default() };
        Ok(match self {
            BotSpec::Random | BotSpec::Policy { .. } | BotSpec::Custom { .. } => None,
            BotSpec::Mcts { iterations, heuristic } => {
                let choice = if *heuristic { EvaluatorChoice::Heuristic } else { EvaluatorChoice::RandomRollout };
                Some((MctsConfig { iterations: *iterations, ..base }, choice))
            }
            BotSpec::Az { iterations, values, .. } => {
                let net = net.ok_or_else(|| BotSpecError {
                    spec: self.to_string(),
                    reason: "a network-guided search needs its network".into(),
                })?;
                let config = MctsConfig { iterations: *iterations, exploration: AZ_EXPLORATION, ..base };
                Some((config, EvaluatorChoice::Batch(net, *values)))
            }
        })
    }
}

impl FromStr for BotSpec {
    type Err = BotSpecError;
    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        BotSpec::parse(text)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = |net: &Option<String>| net.as_ref().map(|p| format!(":{p}")).unwrap_or_default();
        match self {
            BotSpec::Random => write!(f, "random"),
            BotSpec::Mcts { iterations, heuristic } => {
                write!(f, "mcts:{iterations}{}", if *heuristic { ":heuristic" } else { "" })
            }
            BotSpec::Policy { net } => write!(f, "policy{}", path(net)),
            BotSpec::Az { iterations, values: LeafValues::Mix(lambda), net } => {
                write!(f, "azm:{iterations}:{lambda}{}", path(net))
            }
            BotSpec::Az { iterations, net, .. } => write!(f, "{}:{iterations}{}", self.kind(), path(net)),
            BotSpec::Custom { module, attr } => write!(f, "{module}:{attr}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BotSpec, GRAMMAR};
    use crate::search::{LeafValues, MixWeight};

    fn mix(lambda: f32) -> LeafValues {
        LeafValues::Mix(MixWeight::new(lambda).unwrap())
    }

    #[test]
    fn every_form_reads_and_prints_back() {
        let cases = [
            ("random", BotSpec::Random),
            ("mcts:200", BotSpec::Mcts { iterations: 200, heuristic: false }),
            ("mcts:1000:heuristic", BotSpec::Mcts { iterations: 1000, heuristic: true }),
            ("policy", BotSpec::Policy { net: None }),
            ("policy:runs/t/net.safetensors", BotSpec::Policy { net: Some("runs/t/net.safetensors".into()) }),
            ("az:8", BotSpec::Az { iterations: 8, values: LeafValues::Evaluator, net: None }),
            (
                "az:8:C:\\nets\\a.safetensors",
                BotSpec::Az {
                    iterations: 8,
                    values: LeafValues::Evaluator,
                    net: Some("C:\\nets\\a.safetensors".into()),
                },
            ),
            ("azp:200", BotSpec::Az { iterations: 200, values: LeafValues::Playout, net: None }),
            (
                "azh:4294967295:x",
                BotSpec::Az { iterations: u32::MAX, values: LeafValues::Heuristic, net: Some("x".into()) },
            ),
            ("azm:200:0.5", BotSpec::Az { iterations: 200, values: mix(0.5), net: None }),
            ("azm:8:1", BotSpec::Az { iterations: 8, values: mix(1.0), net: None }),
            (
                "azm:30:0.25:C:\\nets\\a.safetensors",
                BotSpec::Az { iterations: 30, values: mix(0.25), net: Some("C:\\nets\\a.safetensors".into()) },
            ),
            ("mybots:first", BotSpec::Custom { module: "mybots".into(), attr: "first".into() }),
            ("pkg.sub_1:Bot", BotSpec::Custom { module: "pkg.sub_1".into(), attr: "Bot".into() }),
        ];
        for (text, spec) in cases {
            assert_eq!(BotSpec::parse(text).as_ref(), Ok(&spec), "{text}");
            assert_eq!(spec.to_string(), text);
            assert_eq!(text.parse::<BotSpec>(), Ok(spec));
        }
        // The aliases read as their canonical forms.
        assert_eq!(BotSpec::parse("mcts:5:random").unwrap().to_string(), "mcts:5");
        assert_eq!(BotSpec::parse("policy:").unwrap().to_string(), "policy");
        assert_eq!(BotSpec::parse("az:3:").unwrap().to_string(), "az:3");
        assert_eq!(BotSpec::parse("azm:3:.50:").unwrap().to_string(), "azm:3:0.5");
        assert_eq!(BotSpec::parse("azm:3:1e-1").unwrap().to_string(), "azm:3:0.1");
        assert_eq!(BotSpec::parse("azm:3:0.3").unwrap().leaf_mix(), Some(0.3));
        assert_eq!(BotSpec::parse("azm:3:0.3").unwrap().kind(), "azm");
        assert_eq!(BotSpec::parse("azp:3").unwrap().leaf_mix(), None);
    }

    #[test]
    fn a_bad_spec_says_what_is_wrong_and_what_is_expected() {
        let cases = [
            ("mcts:0", "N (the iterations) must be a whole number from 1 to 4294967295, not '0'"),
            ("mcts:lots", "N (the iterations) must be a whole number from 1 to 4294967295, not 'lots'"),
            ("mcts:²", "not '²'"),
            ("mcts:+5", "not '+5'"),
            ("mcts:4294967296", "not '4294967296'"),
            ("mcts", "mcts needs N, the iterations (mcts:N)"),
            ("mcts:10:greedy", "mcts's leaves are valued by random playouts or heuristic, not 'greedy'"),
            ("az:x", "N (the iterations) must be a whole number from 1 to 4294967295, not 'x'"),
            ("az", "az needs N, the iterations (az:N[:PATH])"),
            ("azh:0:net.safetensors", "not '0'"),
            ("azm", "azm needs N, the iterations, and LAMBDA, the playouts' share (azm:N:LAMBDA[:PATH])"),
            ("azm:200", "azm needs N, the iterations, and LAMBDA"),
            ("azm:0:0.5", "not '0'"),
            (
                "azm:200:0",
                "LAMBDA (the playouts' share of a leaf's value) must be a number above 0 and at most 1, not '0'",
            ),
            ("azm:200:1.5", "at most 1, not '1.5'"),
            ("azm:200:-0.5", "at most 1, not '-0.5'"),
            ("azm:200:NaN", "at most 1, not 'NaN'"),
            ("azm:200:inf", "at most 1, not 'inf'"),
            ("azm:200:", "at most 1, not ''"),
            ("azm:200:half:net", "at most 1, not 'half'"),
            ("random:3", "random takes nothing after it"),
            ("greedy", "unknown bot 'greedy'"),
            ("", "unknown bot ''"),
            ("human", "unknown bot 'human'"),
            ("my-bots:first", "not a bot kind, nor module:attr (Python identifiers)"),
            ("mybots:first:x", "not a bot kind, nor module:attr"),
            ("mybots.:first", "not a bot kind, nor module:attr"),
        ];
        for (text, reason) in cases {
            let message = BotSpec::parse(text).unwrap_err().to_string();
            assert!(message.starts_with(&format!("bot spec '{text}': ")), "{message}");
            assert!(message.contains(reason), "{text}: {message}");
            assert!(message.ends_with(&format!("; expected one of {GRAMMAR}")), "{message}");
        }
    }

    #[test]
    fn each_searching_spec_names_its_search() {
        use crate::search::{EvaluatorChoice, MctsConfig};
        let (config, choice) = BotSpec::parse("mcts:30:heuristic").unwrap().search(7, Some(2), None).unwrap().unwrap();
        assert_eq!((config.iterations, config.seed, config.threads, config.exploration), (30, 7, 2, 1.4));
        assert!(matches!(choice, EvaluatorChoice::Heuristic));
        for spec in ["random", "policy", "mybots:first"] {
            assert!(BotSpec::parse(spec).unwrap().search(0, Some(1), None).unwrap().is_none());
        }
        let Err(err) = BotSpec::parse("azp:5").unwrap().search(0, Some(1), None) else { panic!("azp without a net") };
        assert!(err.to_string().contains("needs its network"), "{err}");
        let default = MctsConfig::default();
        assert!(default.determinize && !default.reuse_tree && default.max_playout_steps.is_none());
    }
}
