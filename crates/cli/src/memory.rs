//! The memory budget of a run: `--max-memory SIZE`, or by default half of what the process may
//! use — the machine's available memory, a container's (cgroup) limit, or `ulimit -v`, the least.

use sysinfo::{CGroupLimits, System};

/// The default share of the memory the process may use.
const DEFAULT_SHARE: u64 = 2;

/// Reads a size in bytes: `4096`, `512K`, `512M`, `8G`, `1.5G` (powers of 1,024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("expected a size such as 512M or 8G, not {text:?}");
    let (number, unit) = match text.trim().char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => (&text.trim()[..at], unit),
        _ => (text.trim(), 'B'),
    };
    let scale: u64 = match unit.to_ascii_uppercase() {
        'B' => 1,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        'T' => 1 << 40,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    let bytes = value * scale as f64;
    if !(1.0..1.8e19).contains(&bytes) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// Half of the memory this process may use.
pub fn default_budget() -> u64 {
    let mut system = System::new();
    system.refresh_memory();
    let cgroup = system.cgroup_limits().as_ref().map(cgroup_room);
    [
        Some(system.available_memory()),
        cgroup,
        address_space_limit(),
    ]
    .into_iter()
    .flatten()
    .filter(|&bytes| bytes > 0)
    .min()
    .unwrap_or(u64::MAX)
        / DEFAULT_SHARE
}

/// The memory a cgroup leaves this process: its limit less its processes' resident memory.
/// Not sysinfo's `free_memory`, which counts the page cache as used (a cgroup v1 machine whose
/// cache held 16 GB of tables gave a third of its room), though the kernel hands it back.
fn cgroup_room(limits: &CGroupLimits) -> u64 {
    limits.total_memory.saturating_sub(limits.rss)
}

/// The memory this process holds now (its resident set: the program, its libraries, what it
/// built so far), where the system tells it; 0 elsewhere.
pub fn resident() -> u64 {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return 0;
    };
    let kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        });
    kib.unwrap_or(0) << 10
}

/// The soft limit of the address space (`ulimit -v`), if there is one.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max address space"))?;
    let soft = line.split_whitespace().nth(3)?;
    soft.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_units() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("8g"), Ok(8 << 30));
        assert_eq!(parse_size("1.5K"), Ok(1536));
        for bad in ["", "M", "12Q", "-1G", "0", "lots"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn this_process_holds_some_memory() {
        let held = resident();
        assert!((1 << 20..1 << 40).contains(&held), "{held}");
    }

    #[test]
    fn a_cgroup_s_page_cache_is_room() {
        let limits = CGroupLimits {
            total_memory: 24 << 30,
            free_memory: 8 << 30,
            free_swap: 0,
            rss: 1 << 30,
        };
        assert_eq!(cgroup_room(&limits), 23 << 30);
    }

    #[test]
    fn the_default_budget_is_some_memory() {
        let budget = default_budget();
        assert!((1 << 20..u64::MAX).contains(&budget), "{budget}");
    }
}
