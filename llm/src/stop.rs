//! Stop strings over streamed text: text that might begin a stop string is held back until it
//! cannot, so streamed deltas never contain (a part of) the stop text.

/// Tracks the generated text and how much of it has been released to the client.
#[derive(Debug, Default)]
pub struct StopMatcher {
    stops: Vec<String>,
    text: String,
    released: usize,
}

/// What one push of new text gives: text safe to release, and whether a stop string matched.
#[derive(Debug, PartialEq, Eq)]
pub struct Released {
    pub text: String,
    pub stopped: bool,
}

impl StopMatcher {
    pub fn new(stops: Vec<String>) -> Self {
        let stops = stops.into_iter().filter(|s| !s.is_empty()).collect();
        Self { stops, text: String::new(), released: 0 }
    }

    /// Adds decoded text; releases what can no longer be part of a stop string.
    pub fn push(&mut self, delta: &str) -> Released {
        let search_from = self.released;
        self.text.push_str(delta);
        // The earliest stop string that occurs in the unreleased tail (a stop string wholly inside
        // released text would already have matched, and a match cannot start before `released`
        // because text is only released once no stop string can start in it).
        let hit = self.stops.iter().filter_map(|s| self.text[search_from..].find(s.as_str()).map(|i| search_from + i)).min();
        if let Some(at) = hit {
            let text = self.text[self.released..at].to_string();
            self.text.truncate(at);
            self.released = at;
            return Released { text, stopped: true };
        }
        let hold = self.partial_suffix_len();
        let upto = self.text.len() - hold;
        let text = self.text[self.released..upto].to_string();
        self.released = upto;
        Released { text, stopped: false }
    }

    /// Releases whatever was held back (generation ended without completing a stop string).
    pub fn flush(&mut self) -> String {
        let text = self.text[self.released..].to_string();
        self.released = self.text.len();
        text
    }

    /// Length in bytes of the longest suffix of the unreleased text that is a proper prefix of a
    /// stop string (always on a char boundary, as stop strings are valid UTF-8).
    fn partial_suffix_len(&self) -> usize {
        let tail = &self.text[self.released..];
        let mut best = 0;
        for stop in &self.stops {
            for (i, _) in stop.char_indices().skip(1) {
                let prefix = &stop[..i];
                if i > best && tail.ends_with(prefix) {
                    best = i;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(stops: &[&str], deltas: &[&str]) -> (String, bool) {
        let mut m = StopMatcher::new(stops.iter().map(|s| s.to_string()).collect());
        let mut out = String::new();
        for d in deltas {
            let r = m.push(d);
            out.push_str(&r.text);
            if r.stopped {
                return (out, true);
            }
        }
        out.push_str(&m.flush());
        (out, false)
    }

    #[test]
    fn no_stops_passes_through() {
        assert_eq!(run(&[], &["a", "b"]), ("ab".into(), false));
    }

    #[test]
    fn stop_split_across_deltas_is_never_released() {
        let mut m = StopMatcher::new(vec!["END".into()]);
        assert_eq!(m.push("abcE").text, "abc");
        assert_eq!(m.push("N").text, "");
        assert_eq!(m.push("D more"), Released { text: String::new(), stopped: true });
    }

    #[test]
    fn held_text_released_when_it_diverges_or_at_the_end() {
        assert_eq!(run(&["END"], &["xE", "Nx"]), ("xENx".into(), false));
        assert_eq!(run(&["END"], &["xEN"]), ("xEN".into(), false));
    }

    #[test]
    fn earliest_of_several_stops_wins() {
        assert_eq!(run(&["3", ","], &["1, 2, 3"]), ("1".into(), true));
        assert_eq!(run(&["é!"], &["caf", "é", "!x"]), ("caf".into(), true));
    }
}
