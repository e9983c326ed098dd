//! Refusing allocations the machine cannot hold: Rust aborts the whole process when one fails,
//! so a large buffer asked for from Python is compared with the memory available first, and a
//! `MemoryError` names the size instead.

use pyo3::exceptions::PyMemoryError;
use pyo3::PyResult;

/// The bytes the system could still give this process (Linux's `MemAvailable` plus free swap);
/// `None` where the system does not say.
fn available() -> Option<u128> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<u128> {
        let line = info.lines().find(|l| l.starts_with(name))?;
        let kib: u128 = line[name.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
        Some(kib * 1024)
    };
    Some(field("MemAvailable:")? + field("SwapFree:").unwrap_or(0))
}

fn gib(bytes: u128) -> f64 {
    bytes as f64 / f64::from(1u32 << 30)
}

/// `Ok` when `bytes` fit in what is available (or the system does not say); else a
/// `MemoryError` that names `what` and both sizes. Also refuses sizes no address space holds.
pub fn check(what: &str, bytes: u128) -> PyResult<()> {
    let too_big = |limit: u128| {
        PyMemoryError::new_err(format!(
            "{what} needs about {:.1} GiB, and {:.1} GiB is available",
            gib(bytes),
            gib(limit)
        ))
    };
    if bytes > isize::MAX as u128 {
        return Err(too_big(isize::MAX as u128));
    }
    match available() {
        Some(limit) if bytes > limit => Err(too_big(limit)),
        _ => Ok(()),
    }
}
