//! Refusing allocations the machine cannot hold: Rust aborts the whole process when one fails,
//! so a large buffer asked for from Python is compared with the memory available first, and a
//! `MemoryError` names the size instead.

use pyo3::exceptions::PyMemoryError;
use pyo3::PyResult;

/// The bytes the system could still give this process: the least of Linux's `MemAvailable`
/// plus free swap, what the address-space limit (`ulimit -v`) leaves above the process's
/// current size, and what its cgroup's memory limit leaves (a container's); `None` where the
/// system says nothing. An address-space limit makes an allocation fail, and Rust aborts the
/// process on a failed allocation, so a buffer is checked against every one of them.
fn available() -> Option<u128> {
    [physical(), address_space(), cgroup()].into_iter().flatten().min()
}

/// A `name: value kB` field of a /proc file, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u128> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u128 = line[name.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

fn physical() -> Option<u128> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    Some(kib_field(&info, "MemAvailable:")? + kib_field(&info, "SwapFree:").unwrap_or(0))
}

fn address_space() -> Option<u128> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits.lines().find(|l| l.starts_with("Max address space"))?.split_whitespace().nth(3)?;
    let limit: u128 = soft.parse().ok()?; // "unlimited" does not parse: no limit
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    Some(limit.saturating_sub(kib_field(&status, "VmSize:")?))
}

fn cgroup() -> Option<u128> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    // cgroup v2 ("0::/path": memory.max, memory.current), else v1's memory controller.
    let (dir, max, current) = match groups.lines().find_map(|l| l.strip_prefix("0::")) {
        Some(path)
            if std::path::Path::new("/sys/fs/cgroup")
                .join(path.trim_start_matches('/'))
                .join("memory.max")
                .exists() =>
        {
            (format!("/sys/fs/cgroup/{}", path.trim_start_matches('/')), "memory.max", "memory.current")
        }
        _ => {
            let path = groups.lines().find_map(|l| l.split_once(":memory:").map(|(_, p)| p))?;
            (
                format!("/sys/fs/cgroup/memory/{}", path.trim_start_matches('/')),
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        }
    };
    let read = |file: &str| std::fs::read_to_string(format!("{dir}/{file}")).ok()?.trim().parse::<u128>().ok();
    Some(read(max)?.saturating_sub(read(current).unwrap_or(0)))
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
