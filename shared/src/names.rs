//! Names made from file names. A leaf: readers, metadata and the query path all name tables this way.

/// The file name without folders and without its last extension: the default table name
/// ("data/book.xlsx" → "book", "y.v2.csv" → "y.v2"). A name that is all extension (".hidden")
/// or has none stays whole.
pub fn stem(file: &str) -> &str {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    match base.rfind('.') {
        Some(i) if i > 0 => &base[..i],
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::stem;

    #[test]
    fn stems() {
        assert_eq!(stem("data/book.xlsx"), "book");
        assert_eq!(stem(r"C:\x\y.v2.xlsx"), "y.v2");
        assert_eq!(stem(".hidden"), ".hidden");
        assert_eq!(stem("noext"), "noext");
        assert_eq!(stem("dir.d/noext"), "noext");
        assert_eq!(stem("trailing."), "trailing");
        assert_eq!(stem(""), "");
    }
}
