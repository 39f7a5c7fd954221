//! Per-client limits: a fixed one-minute window of *units* per client key, counted in this
//! isolate's memory. A request costs one unit and every call it makes to the LLM backend one more
//! (a refinement of 200 fields is 200 or more), so the limit bounds the backend's work, not only
//! the requests. Cheap and without a round trip, but per isolate: a client spread over many
//! isolates gets more. Deployments that need a global limit add Cloudflare's rate-limiting
//! binding in front (docs/decisions.md, issue 6).
//!
//! The key is never taken from a header the client chooses: see [`crate::access::client_key`].

use std::cell::RefCell;
use std::collections::HashMap;

/// Forget old windows once this many clients are tracked, so memory stays bounded.
const MAX_CLIENTS: usize = 10_000;

thread_local! {
    static WINDOWS: RefCell<HashMap<String, (u64, u32)>> = RefCell::new(HashMap::new());
}

fn with_count<T>(client: &str, now_ms: u64, f: impl FnOnce(&mut u32) -> T) -> T {
    let window = now_ms / 60_000;
    WINDOWS.with(|w| {
        let mut w = w.borrow_mut();
        if w.len() > MAX_CLIENTS {
            w.retain(|_, (win, _)| *win == window);
        }
        let entry = w.entry(client.to_string()).or_insert((window, 0));
        if entry.0 != window {
            *entry = (window, 0);
        }
        f(&mut entry.1)
    })
}

/// Spends `units` of `client` at `now_ms`; false (and nothing spent) when that would go over
/// `per_minute` (0: no limit).
pub fn spend(client: &str, units: u32, per_minute: u32, now_ms: u64) -> bool {
    if per_minute == 0 {
        return true;
    }
    with_count(client, now_ms, |n| {
        let after = n.saturating_add(units);
        if after > per_minute {
            return false;
        }
        *n = after;
        true
    })
}

/// Spends `units` even past the limit (work already done, e.g. the backend calls a Durable
/// Object reports), so the next request of this client is refused.
pub fn charge(client: &str, units: u32, per_minute: u32, now_ms: u64) {
    if per_minute > 0 && units > 0 {
        with_count(client, now_ms, |n| *n = n.saturating_add(units));
    }
}

/// Units `client` has left this minute (`u32::MAX` without a limit).
pub fn remaining(client: &str, per_minute: u32, now_ms: u64) -> u32 {
    if per_minute == 0 {
        return u32::MAX;
    }
    with_count(client, now_ms, |n| per_minute.saturating_sub(*n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        assert!(spend("a", 1, 2, 0));
        assert!(spend("a", 1, 2, 1));
        assert!(!spend("a", 1, 2, 2));
        assert!(spend("b", 1, 2, 2));
        assert!(spend("a", 1, 2, 60_000));
        assert!(spend("a", 1, 0, 60_001));
    }

    #[test]
    fn units() {
        assert!(spend("c", 3, 5, 0));
        assert_eq!(remaining("c", 5, 0), 2);
        assert!(!spend("c", 3, 5, 0), "3 more would be 6 of 5: refused, nothing spent");
        assert_eq!(remaining("c", 5, 0), 2);
        charge("c", 4, 5, 0);
        assert_eq!(remaining("c", 5, 0), 0);
        assert!(!spend("c", 1, 5, 0));
        assert_eq!(remaining("c", 0, 0), u32::MAX);
    }
}
