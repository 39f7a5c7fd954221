//! A prepared dataset as one file: what the browser app keeps between visits and exports.
//!
//! It holds the uploaded files themselves (parsing them again is fast and deterministic, and the
//! exact path needs the rows), the user's description and accepted templates, and the rows'
//! vectors, which are the slow part to rebuild. Passages and the index are derived again on load.

use serde::{Deserialize, Serialize};

use crate::description::DatasetDescription;
use crate::verbalise::Passage;

/// The first bytes of every bundle, so a wrong file is named as such rather than misread.
const MAGIC: &[u8; 10] = b"TABLETALK\x01";
/// Bumped when the layout changes. Version 1 (vectors made from the passages) is still read, without
/// its vectors: they were made from other texts, so the rows are embedded again.
pub const VERSION: u16 = 2;
const VERSION_1: u16 = 1;

/// One uploaded file, byte for byte.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BundleFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The rows' vectors, in passage order, and what made them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BundleVectors {
    pub model: String,
    pub dim: usize,
    /// Where they were computed, as the page said it ("CPU (WebAssembly)", "WebGPU (…)").
    pub device: String,
    /// How many passages they cover; a mismatch on load means the template changed.
    pub passages: usize,
    /// Vectors per passage (a long row is embedded in chunks); empty: one each.
    pub chunks: Vec<u32>,
    /// `embed_text::texts_hash` of the texts embedded: another value means the rows changed.
    pub texts: u64,
    pub data: Vec<f32>,
}

impl BundleVectors {
    /// How many vectors `data` holds.
    pub fn count(&self) -> usize {
        if self.chunks.is_empty() {
            self.passages
        } else {
            self.chunks.iter().map(|&c| c as usize).sum()
        }
    }

    /// Each passage's vectors (`dim` × its chunks, one after the other), in passage order; None
    /// when the counts disagree.
    pub fn per_passage(&self) -> Option<Vec<&[f32]>> {
        if self.dim == 0 || self.data.len() != self.dim * self.count() || (!self.chunks.is_empty() && self.chunks.len() != self.passages) {
            return None;
        }
        if self.chunks.is_empty() {
            return Some(self.data.chunks_exact(self.dim).collect());
        }
        let mut out = Vec::with_capacity(self.passages);
        let mut at = 0;
        for &c in &self.chunks {
            let end = at + c as usize * self.dim;
            out.push(&self.data[at..end]);
            at = end;
        }
        Some(out)
    }
}

/// A version-1 bundle: the same but for its vectors, which are dropped.
#[derive(Deserialize)]
struct BundleV1 {
    files: Vec<BundleFile>,
    description_json: String,
    templates: Vec<String>,
    vectors: Option<VectorsV1>,
}

#[derive(Deserialize)]
struct VectorsV1 {
    _model: String,
    dim: usize,
    _device: String,
    passages: usize,
    data: Vec<f32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    pub files: Vec<BundleFile>,
    /// The description as JSON: postcard cannot carry its `serde(default)` fields across versions.
    pub description_json: String,
    /// Accepted templates, one per table in load order.
    pub templates: Vec<String>,
    pub vectors: Option<BundleVectors>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BundleError {
    #[error("{file}: not a Tabletalk export (it does not start with the Tabletalk header)")]
    NotABundle { file: String },
    #[error("{file}: made by a newer Tabletalk (format {found}; this one reads format {VERSION})")]
    Version { file: String, found: u16 },
    #[error("{file}: the export is damaged ({reason})")]
    Damaged { file: String, reason: String },
}

impl Bundle {
    pub fn new(files: Vec<BundleFile>, description: &DatasetDescription, templates: Vec<String>) -> Self {
        Bundle { files, description_json: serde_json::to_string(description).unwrap_or_else(|_| "{}".into()), templates, vectors: None }
    }

    /// The description; a damaged one becomes the empty description (the files still load).
    pub fn description(&self) -> DatasetDescription {
        serde_json::from_str(&self.description_json).unwrap_or_default()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.files.iter().map(|f| f.bytes.len()).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        // postcard into a Vec cannot fail for these types (no maps with non-string keys, no `any`).
        out.extend(postcard::to_allocvec(self).unwrap_or_default());
        out
    }

    /// Reads a bundle; `file` names it in errors.
    pub fn from_bytes(file: &str, bytes: &[u8]) -> Result<Self, BundleError> {
        let rest = bytes.strip_prefix(MAGIC.as_slice()).ok_or_else(|| BundleError::NotABundle { file: file.into() })?;
        let (version, body) = rest
            .split_at_checked(2)
            .ok_or_else(|| BundleError::Damaged { file: file.into(), reason: "it ends after the header".into() })?;
        let found = u16::from_le_bytes([version[0], version[1]]);
        let damaged = |e: postcard::Error| BundleError::Damaged { file: file.into(), reason: e.to_string() };
        if found == VERSION_1 {
            let old: BundleV1 = postcard::from_bytes(body).map_err(damaged)?;
            if let Some(v) = &old.vectors {
                // Dropped, but a damaged file is still named as damaged.
                if v.dim == 0 || v.data.len() != v.dim * v.passages {
                    return Err(BundleError::Damaged {
                        file: file.into(),
                        reason: format!("{} numbers for {} vectors of {}", v.data.len(), v.passages, v.dim),
                    });
                }
            }
            return Ok(Bundle { files: old.files, description_json: old.description_json, templates: old.templates, vectors: None });
        }
        if found != VERSION {
            return Err(BundleError::Version { file: file.into(), found });
        }
        let bundle: Bundle = postcard::from_bytes(body).map_err(damaged)?;
        if let Some(v) = &bundle.vectors {
            if v.per_passage().is_none() {
                return Err(BundleError::Damaged {
                    file: file.into(),
                    reason: format!("{} numbers for {} passages of vectors of {}", v.data.len(), v.passages, v.dim),
                });
            }
        }
        Ok(bundle)
    }

    /// Whether a name looks like an export (the picker sends these to import, not to parsing).
    pub fn is_bundle_name(name: &str) -> bool {
        name.to_ascii_lowercase().ends_with(".tabletalk")
    }
}

/// The passages as JSON Lines, the same lines `tabletalk verbalise --format jsonl` writes.
pub fn passages_jsonl(passages: &[Passage]) -> String {
    let mut out = String::new();
    for p in passages {
        if let Ok(line) = serde_json::to_string(p) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// The passages as CSV, the same columns `tabletalk verbalise --format csv` writes.
pub fn passages_csv(passages: &[Passage]) -> String {
    let mut w = crate::export::csv_writer(Vec::new());
    let _ = crate::export::write_record(&mut w, &["file", "table", "row", "columns", "text"]);
    for p in passages {
        let pr = &p.provenance;
        let _ = crate::export::write_record(&mut w, &[pr.file.as_str(), &pr.table, &pr.row.to_string(), &pr.columns.join("|"), &p.text]);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Provenance, RowRef};

    fn sample() -> Bundle {
        let mut d = DatasetDescription::default();
        d.row_aliases.push("days".into());
        let mut b = Bundle::new(
            vec![BundleFile { name: "w.csv".into(), bytes: b"date,weather\n2012-01-01,rain\n".to_vec() }],
            &d,
            vec!["On {{date}} the weather was {{weather}}.".into()],
        );
        b.vectors = Some(BundleVectors {
            model: "m".into(),
            dim: 2,
            device: "CPU".into(),
            passages: 1,
            chunks: vec![],
            texts: 7,
            data: vec![0.6, 0.8],
        });
        b
    }

    #[test]
    fn round_trips() {
        let b = sample();
        let back = Bundle::from_bytes("x.tabletalk", &b.to_bytes()).unwrap();
        assert_eq!(back, b);
        assert_eq!(back.description().row_aliases, vec!["days".to_string()]);
    }

    #[test]
    fn wrong_files_are_named() {
        let e = Bundle::from_bytes("data.csv", b"a,b\n1,2\n").unwrap_err();
        assert_eq!(e, BundleError::NotABundle { file: "data.csv".into() });
        assert!(e.to_string().starts_with("data.csv: not a Tabletalk export"));
        let mut newer = sample().to_bytes();
        newer[MAGIC.len()] = 9;
        assert!(matches!(Bundle::from_bytes("n.tabletalk", &newer), Err(BundleError::Version { found: 9, .. })));
        let full = sample().to_bytes();
        for cut in [MAGIC.len(), MAGIC.len() + 1, full.len() / 2, full.len() - 1] {
            assert!(matches!(Bundle::from_bytes("t.tabletalk", &full[..cut]), Err(BundleError::Damaged { .. })), "cut at {cut}");
        }
    }

    #[test]
    fn vectors_must_match_their_count() {
        let mut b = sample();
        b.vectors.as_mut().unwrap().passages = 3;
        assert!(matches!(Bundle::from_bytes("v.tabletalk", &b.to_bytes()), Err(BundleError::Damaged { .. })));
        // Two passages, the second in two chunks.
        let v = b.vectors.as_mut().unwrap();
        (v.passages, v.chunks, v.data) = (2, vec![1, 2], vec![0.6, 0.8, 1.0, 0.0, 0.0, 1.0]);
        let back = Bundle::from_bytes("v.tabletalk", &b.to_bytes()).unwrap();
        let per = back.vectors.as_ref().unwrap().per_passage().unwrap();
        assert_eq!(per, [&[0.6, 0.8][..], &[1.0, 0.0, 0.0, 1.0][..]]);
        b.vectors.as_mut().unwrap().chunks = vec![2, 2];
        assert!(matches!(Bundle::from_bytes("v.tabletalk", &b.to_bytes()), Err(BundleError::Damaged { .. })));
    }

    #[test]
    fn version_1_bundles_load_without_their_vectors() {
        #[derive(Serialize)]
        struct V1 {
            files: Vec<BundleFile>,
            description_json: String,
            templates: Vec<String>,
            vectors: Option<(String, usize, String, usize, Vec<f32>)>,
        }
        let b = sample();
        let old = V1 {
            files: b.files.clone(),
            description_json: b.description_json.clone(),
            templates: b.templates.clone(),
            vectors: Some(("m".into(), 2, "CPU".into(), 1, vec![0.6, 0.8])),
        };
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&VERSION_1.to_le_bytes());
        bytes.extend(postcard::to_allocvec(&old).unwrap());
        let back = Bundle::from_bytes("old.tabletalk", &bytes).unwrap();
        assert_eq!((back.files, back.templates, back.vectors), (b.files, b.templates, None));
    }

    #[test]
    fn sentence_exports_match_the_cli_formats() {
        let p = Passage {
            text: "He said \"hi\", twice.".into(),
            provenance: Provenance { file: "f.csv".into(), table: "f".into(), row: RowRef(3), columns: vec!["a".into(), "b".into()] },
        };
        let jsonl = passages_jsonl(std::slice::from_ref(&p));
        let back: Passage = serde_json::from_str(jsonl.trim_end()).unwrap();
        assert_eq!(back, p);
        let csv = passages_csv(&[p]);
        assert_eq!(csv, "\"file\",\"table\",\"row\",\"columns\",\"text\"\n\"f.csv\",\"f\",\"3\",\"a|b\",\"He said \"\"hi\"\", twice.\"\n");
    }

    #[test]
    fn sentence_csv_cannot_start_formulas() {
        // Issue 20: a cell such as `=HYPERLINK(…)` was written as it was, and ran when opened.
        let p = Passage {
            text: "-2+3+cmd|' /C calc'!A0".into(),
            provenance: Provenance { file: "=evil.csv".into(), table: "@t".into(), row: RowRef(1), columns: vec!["+a".into()] },
        };
        let csv = passages_csv(&[p]);
        let line = csv.lines().nth(1).unwrap();
        assert_eq!(line, "\"'=evil.csv\",\"'@t\",\"1\",\"'+a\",\"'-2+3+cmd|' /C calc'!A0\"");
    }

    proptest::proptest! {
        /// Arbitrary bytes after a valid header never panic.
        #[test]
        fn garbage_never_panics(body in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&VERSION.to_le_bytes());
            bytes.extend(body);
            let _ = Bundle::from_bytes("g.tabletalk", &bytes);
        }
    }
}
