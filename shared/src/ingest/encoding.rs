//! Text encoding sniffing: UTF-8 (with or without BOM), UTF-16 LE/BE, else a legacy single-byte
//! encoding (chardetng's guess, normally Windows-1252, a superset of Latin-1). Binary files are refused.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

use crate::error::{IngestError, Location, Warning};

/// What sniffing decided, with the BOM length to skip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sniffed {
    pub encoding: &'static Encoding,
    pub bom_len: usize,
}

/// Magic numbers of binary formats people upload by mistake.
fn binary_kind(bytes: &[u8]) -> Option<&'static str> {
    const MAGIC: &[(&[u8], &str)] = &[
        (b"%PDF", "a PDF document"),
        (b"\x89PNG", "a PNG image"),
        (b"GIF8", "a GIF image"),
        (b"\xFF\xD8\xFF", "a JPEG image"),
        (b"PK\x03\x04", "a zip archive (rename .xlsx/.docx files to their real extension)"),
        (b"\x1F\x8B", "a gzip archive"),
        (b"\xD0\xCF\x11\xE0", "an old binary Office file (.xls/.doc); save it as .xlsx/.docx or CSV"),
        (b"\x7FELF", "an executable"),
        (b"SQLite format 3", "an SQLite database"),
    ];
    MAGIC.iter().find(|(m, _)| bytes.starts_with(m)).map(|(_, k)| *k)
}

/// Decides the encoding from the first bytes (a prefix is enough; 64 KiB is plenty).
pub fn sniff(file: &str, head: &[u8]) -> Result<Sniffed, IngestError> {
    if head.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    if head.starts_with(b"\xEF\xBB\xBF") {
        return Ok(Sniffed { encoding: UTF_8, bom_len: 3 });
    }
    if head.starts_with(b"\xFF\xFE") {
        return Ok(Sniffed { encoding: UTF_16LE, bom_len: 2 });
    }
    if head.starts_with(b"\xFE\xFF") {
        return Ok(Sniffed { encoding: UTF_16BE, bom_len: 2 });
    }
    if let Some(kind) = binary_kind(head) {
        return Err(IngestError::Binary { file: file.to_string(), reason: format!("it is {kind}") });
    }
    // UTF-16 without BOM: ASCII text leaves every other byte zero.
    let sample = &head[..head.len().min(4096)];
    let pairs = sample.len() / 2;
    if pairs >= 2 {
        let even_zero = sample.iter().step_by(2).filter(|&&b| b == 0).count();
        let odd_zero = sample.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
        if odd_zero * 10 >= pairs * 3 && even_zero * 10 < pairs {
            return Ok(Sniffed { encoding: UTF_16LE, bom_len: 0 });
        }
        if even_zero * 10 >= pairs * 3 && odd_zero * 10 < pairs {
            return Ok(Sniffed { encoding: UTF_16BE, bom_len: 0 });
        }
    }
    let control = sample.iter().filter(|&&b| b == 0 || (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)) || b == 0x7F).count();
    if control * 100 > sample.len() || sample.contains(&0) {
        return Err(IngestError::Binary {
            file: file.to_string(),
            reason: format!("{control} control bytes in the first {} bytes", sample.len()),
        });
    }
    match std::str::from_utf8(head) {
        Ok(_) => Ok(Sniffed { encoding: UTF_8, bom_len: 0 }),
        // A cut in the middle of a multi-byte character at the end of the prefix is still UTF-8.
        Err(e) if e.error_len().is_none() => Ok(Sniffed { encoding: UTF_8, bom_len: 0 }),
        Err(_) => {
            if mostly_utf8(head) {
                return Ok(Sniffed { encoding: UTF_8, bom_len: 0 });
            }
            let mut det = chardetng::EncodingDetector::new();
            det.feed(head, true);
            let guess = det.guess(None, false);
            let enc = if guess == UTF_8 { WINDOWS_1252 } else { guess };
            Ok(Sniffed { encoding: enc, bom_len: 0 })
        }
    }
}

/// Valid multi-byte sequences outnumber the invalid bytes: a UTF-8 file with a few broken bytes.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let mut valid_multi = 0usize;
    let mut invalid = 0usize;
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                valid_multi += s.chars().filter(|c| c.len_utf8() > 1).count();
                break;
            }
            Err(e) => {
                let (ok, tail) = rest.split_at(e.valid_up_to());
                valid_multi += std::str::from_utf8(ok).map(|s| s.chars().filter(|c| c.len_utf8() > 1).count()).unwrap_or(0);
                match e.error_len() {
                    Some(n) => {
                        invalid += 1;
                        rest = &tail[n..];
                    }
                    None => break,
                }
            }
        }
    }
    valid_multi > invalid
}

/// Decodes a whole file to text; broken UTF-8 bytes become U+FFFD with a warning naming line and column.
/// "not UTF-8; read as X", saying where the first byte that is not UTF-8 is, so the user can
/// find what made the guess.
pub(crate) fn not_utf8(file: &str, bytes: &[u8], encoding: &'static Encoding) -> Warning {
    let at = match std::str::from_utf8(bytes) {
        Err(e) if e.error_len().is_some() => {
            let before = &bytes[..e.valid_up_to()];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
            format!(" (the first such byte is at line {line}, byte {col} of the line)")
        }
        _ => String::new(),
    };
    Warning::new(Location::file(file), format!("not UTF-8{at}; read as {}", encoding.name()))
}

pub fn decode<'a>(file: &str, bytes: &'a [u8], warnings: &mut Vec<Warning>) -> Result<Cow<'a, str>, IngestError> {
    let sniffed = sniff(file, &bytes[..bytes.len().min(64 * 1024)])?;
    let body = &bytes[sniffed.bom_len..];
    if sniffed.encoding == UTF_8 {
        return match std::str::from_utf8(body) {
            Ok(s) => Ok(Cow::Borrowed(s)),
            Err(e) => {
                let before = &body[..e.valid_up_to()];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let col = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
                warnings.push(Warning::new(
                    Location::file(file),
                    format!("invalid UTF-8 at line {line}, byte {col} of the line (and maybe later); replaced with U+FFFD"),
                ));
                Ok(Cow::Owned(String::from_utf8_lossy(body).into_owned()))
            }
        };
    }
    let (text, _, had_errors) = sniffed.encoding.decode(bytes);
    if sniffed.encoding != UTF_16LE && sniffed.encoding != UTF_16BE {
        warnings.push(not_utf8(file, body, sniffed.encoding));
    }
    if had_errors {
        warnings.push(Warning::new(
            Location::file(file),
            format!("some bytes are not valid {}; replaced with U+FFFD", sniffed.encoding.name()),
        ));
    }
    Ok(Cow::Owned(text.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(bytes: &[u8]) -> (String, usize) {
        let mut w = Vec::new();
        let s = decode("f.csv", bytes, &mut w).unwrap().into_owned();
        (s, w.len())
    }

    #[test]
    fn encodings() {
        assert_eq!(dec(b"a,b\n1,2\n"), ("a,b\n1,2\n".into(), 0));
        assert_eq!(dec(b"\xEF\xBB\xBFname\nZo\xC3\xAB\n").0, "name\nZoë\n");
        let utf16le: Vec<u8> = "\u{feff}name\nZoë\n".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(dec(&utf16le).0, "name\nZoë\n");
        let utf16be_nobom: Vec<u8> = "name,city\nZoë,Köln\n".encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        assert_eq!(dec(&utf16be_nobom).0, "name,city\nZoë,Köln\n");
        let (s, w) = dec(b"name;city\nJos\xE9;M\xE1laga\nFran\xE7ois;N\xEEmes\n");
        assert_eq!(s, "name;city\nJosé;Málaga\nFrançois;Nîmes\n");
        assert_eq!(w, 1);
        let (s, w) = dec("name\nZoë\nKöln\nMünchen\n\u{00e9}t\u{00e9}\n"
            .as_bytes()
            .iter()
            .chain(b"bad\xFF\n")
            .copied()
            .collect::<Vec<u8>>()
            .as_slice());
        assert!(s.ends_with("bad\u{FFFD}\n"));
        assert_eq!(w, 1);
    }

    #[test]
    fn binary_and_empty_are_refused() {
        let mut w = Vec::new();
        assert!(matches!(decode("x.csv", b"", &mut w), Err(IngestError::Empty { .. })));
        assert!(matches!(decode("x.csv", b"%PDF-1.4 ...", &mut w), Err(IngestError::Binary { .. })));
        let garbage: Vec<u8> = (0..2000u32).map(|i| (i.wrapping_mul(2654435761) >> 24) as u8).collect();
        assert!(matches!(decode("x.csv", &garbage, &mut w), Err(IngestError::Binary { .. })));
    }
}
