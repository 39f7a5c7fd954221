//! Per-client request limits: a fixed one-minute window per client address, counted in this
//! isolate's memory. Cheap and without a round trip, but per isolate: a client spread over many
//! isolates gets more. Deployments that need a global limit add Cloudflare's rate-limiting
//! binding in front (docs/decisions.md, issue 6).

use std::cell::RefCell;
use std::collections::HashMap;

/// Forget old windows once this many clients are tracked, so memory stays bounded.
const MAX_CLIENTS: usize = 10_000;

thread_local! {
    static WINDOWS: RefCell<HashMap<String, (u64, u32)>> = RefCell::new(HashMap::new());
}

/// Counts one request of `client` at `now_ms`; false when it is over `per_minute` (0: no limit).
pub fn allow(client: &str, per_minute: u32, now_ms: u64) -> bool {
    if per_minute == 0 {
        return true;
    }
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
        entry.1 += 1;
        entry.1 <= per_minute
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn windows() {
        assert!(super::allow("a", 2, 0));
        assert!(super::allow("a", 2, 1));
        assert!(!super::allow("a", 2, 2));
        assert!(super::allow("b", 2, 2));
        assert!(super::allow("a", 2, 60_000));
        assert!(super::allow("a", 0, 60_001));
    }
}
