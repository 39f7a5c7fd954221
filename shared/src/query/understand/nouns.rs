//! Nouns that say what is counted rather than name a field: a unit of number columns ("How many
//! votes did Bergeron get?", "die meisten Stimmen"), and a category filled in every row that names
//! the rows themselves ("the most medals"). Read before every other stage, by re-tagging.

use crate::query::lang::Cue;
use crate::query::tagger::Tag;
use crate::query::text::fold;

use super::parser::Parser;

/// A noun that counts what a table's number columns hold ("votes", "Stimmen", "medals"): said
/// beside one of them ("How many votes did Bergeron get?"), it only names that column's unit.
fn unit_noun(w: &str) -> bool {
    matches!(
        w,
        "votes"
            | "vote"
            | "ballots"
            | "votos"
            | "vots"
            | "stimmen"
            | "points"
            | "puntos"
            | "punts"
            | "punkte"
            | "goals"
            | "goles"
            | "gols"
            | "tore"
            | "medals"
            | "medallas"
            | "medalles"
            | "medaillen"
            | "seats"
            | "escanos"
            | "escons"
            | "sitze"
            | "units"
            | "unidades"
            | "unitats"
            | "einheiten"
            | "dollars"
            | "dolares"
            | "dolars"
            | "euros"
    )
}

impl Parser<'_> {
    /// "How many votes did Bergeron get?", "In welchem Bezirk bekam Joly die meisten Stimmen?": a
    /// unit noun beside a number column the question names is that column's unit; with none named,
    /// it is the table's one total column ("How many votes were cast overall?").
    pub(super) fn read_units(&mut self) {
        // A long view repeats the wide row's other columns once per member: not read there.
        if self.cat.row_stride > 1 {
            return;
        }
        let numeric = |p: &Self, f: usize| p.is_numeric(f) && !p.cat.fields[f].yearly && !p.cat.fields[f].derived();
        let mut read = false;
        for i in 0..self.spans.len() {
            // ("Stimmen" is also a verb: whatever else it was read as, a unit noun is a unit here.)
            if !matches!(self.spans[i].tag, Tag::Unknown | Tag::Alias | Tag::Stop | Tag::Cue(_)) || !unit_noun(&fold(&self.spans[i].raw)) {
                continue;
            }
            // "the most votes", "the fewest votes": the largest (smallest) number, not the most rows.
            if let Some(m) = self.prev_content(i) {
                match self.spans[m].cue() {
                    Some(Cue::Most) => self.spans[m].tag = Tag::Cue(Cue::High),
                    Some(Cue::Least) => self.spans[m].tag = Tag::Cue(Cue::Low),
                    _ => {}
                }
            }
            let named = self.spans.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && numeric(self, fs[0])));
            if named {
                self.spans[i].tag = Tag::Stop;
                self.spans[i].used = true;
                read = true;
                continue;
            }
            let totals: Vec<usize> = (0..self.cat.fields.len())
                .filter(|&f| {
                    numeric(self, f)
                        && matches!(
                            crate::query::text::name_words(&self.cat.fields[f].name).as_slice(),
                            [w] if matches!(w.as_str(), "total" | "sum" | "all" | "gesamt" | "insgesamt")
                        )
                })
                .collect();
            // "Which candidate got the most votes?": a row noun of another kind than the rows.
            let other_rows = self.spans.iter().enumerate().any(|(k, s)| k != i && s.tag == Tag::Alias);
            if let ([t], false) = (&totals[..], other_rows) {
                let t = *t;
                self.spans[i].tag = Tag::Field(vec![t]);
                read = true;
                // "How many votes were cast?" adds the votes up; it does not count their values.
                // ("the highest total number of votes" ranks the rows by it.)
                if let Some(h) = self.prev_content(i).filter(|&h| self.spans[h].cue() == Some(Cue::HowMany)) {
                    let ranked = [Cue::High, Cue::Low, Cue::Most, Cue::Least].iter().any(|&c| self.has(c));
                    self.spans[h].tag = if ranked { Tag::Stop } else { Tag::Cue(Cue::Sum) };
                    self.spans[h].used = ranked;
                }
            }
        }
        // "votes cast", "bekam … Stimmen", "va treure … vots": the verb only says they were counted.
        const GOT: &[&str] = &[
            "cast",
            "get",
            "got",
            "gets",
            "received",
            "receive",
            "obtained",
            "obtuvo",
            "obtuvieron",
            "recibio",
            "recibieron",
            "saco",
            "treure",
            "obtenir",
            "rebre",
            "rebut",
            "bekam",
            "bekamen",
            "bekommen",
            "erhielt",
            "erhielten",
            "erhalten",
        ];
        if read {
            for s in self.spans.iter_mut().filter(|s| s.tag == Tag::Unknown && GOT.contains(&fold(&s.raw).as_str())) {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
    }
}

impl Parser<'_> {
    /// "Which country has won the most medals?", "How many countries have won a medal?": in a
    /// table whose every row holds a category (a medal per row), the category's name counted is
    /// the rows' noun, as "most rows", unless a value of it is named ("the most gold medals").
    pub(super) fn read_row_nouns(&mut self) {
        for i in 1..self.spans.len() {
            let Tag::Field(fs) = &self.spans[i].tag else { continue };
            let [f] = fs[..] else { continue };
            let fi = &self.cat.fields[f];
            if !(fi.categorical && fi.ty == crate::schema::ColumnType::Text && fi.missing == 0 && !fi.derived()) {
                continue;
            }
            let w = fold(&self.spans[i].raw);
            let Some(p) = self.prev_content(i) else { continue };
            // ("the most medals" is read as the highest: of a text field, only a count can be meant.)
            // Only a handful of values (a medal per row, not a country): "how many countries" counts
            // distinct countries, "the most medals" counts rows.
            if fi.distinct > 5 {
                continue;
            }
            // In the plural: not the field's own name ("the most common origin" asks for a value).
            let plural = w.ends_with(['s', 'n']) && !crate::query::text::name_words(&fi.name).contains(&w);
            // ("the most common origins" ranks the values: only a bare "most"/"fewest" counts rows.)
            let raw = fold(&self.spans[p].raw);
            let frequency = ["common", "frequent", "comun", "frecuent", "comu", "haufig"].iter().any(|c| raw.contains(c));
            let counted = matches!(self.spans[p].cue(), Some(Cue::Most | Cue::Least | Cue::High | Cue::Low)) && plural && !frequency;
            let p = if counted { p } else { i - 1 };
            // ("have won a medal?" ends there; "have a species greater than 5" goes on to test it.)
            let one = matches!(fold(&self.spans[p].raw).as_str(), "a" | "an" | "any" | "un" | "una" | "eine" | "einen" | "ein")
                && self.next_content(i).is_none();
            let valued = self.spans.iter().any(|s| matches!(&s.tag, Tag::Value(hs) if hs.iter().any(|h| h.field == f)));
            if !(counted || one) || valued {
                continue;
            }
            self.spans[i].tag = Tag::Alias;
            match self.spans[p].cue() {
                Some(Cue::High) => self.spans[p].tag = Tag::Cue(Cue::Most),
                Some(Cue::Low) => self.spans[p].tag = Tag::Cue(Cue::Least),
                _ => {}
            }
            if one {
                self.spans[p].tag = Tag::Stop;
                self.spans[p].used = true;
            }
            for s in self.spans.iter_mut().filter(|s| s.tag == Tag::Unknown) {
                if matches!(
                    fold(&s.raw).as_str(),
                    "won" | "win" | "wins" | "gano" | "ganaron" | "ganado" | "guanyat" | "guanyar" | "gewann" | "gewannen" | "gewonnen"
                ) {
                    s.tag = Tag::Stop;
                    s.used = true;
                }
            }
        }
    }
}
