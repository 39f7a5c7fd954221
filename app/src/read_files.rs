//! Browser files → bytes, refusing files too large for a browser tab before reading them.

use tabletalk_shared::bundle::BundleFile;
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, FileList};

use crate::i18n::{current, fill};

/// The largest file the page reads. Parsing holds the bytes, the table and the query engine's
/// copy at once; past this a tab on an ordinary laptop runs out of memory instead of answering.
pub const MAX_FILE_BYTES: f64 = 100.0 * 1024.0 * 1024.0;

/// The files of an `<input type=file>` or a drop, in order.
pub fn files_of(list: &FileList) -> Vec<File> {
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

/// Reads every file; a file the browser cannot read, or one too large, becomes an error naming it.
pub async fn read_all(files: Vec<File>) -> (Vec<BundleFile>, Vec<String>) {
    let mut picked = Vec::with_capacity(files.len());
    let mut errors = Vec::new();
    for file in files {
        let name = file.name();
        if file.size() > MAX_FILE_BYTES {
            let size = format!("{:.0}", file.size() / 1_048_576.0);
            let max = format!("{:.0}", MAX_FILE_BYTES / 1_048_576.0);
            errors.push(fill(current().file_too_large, &[("name", &name), ("size", &size), ("max", &max)]));
            continue;
        }
        match JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => picked.push(BundleFile { name, bytes: js_sys::Uint8Array::new(&buffer).to_vec() }),
            Err(e) => errors.push(fill(current().file_unreadable, &[("name", &name), ("error", &format!("{e:?}"))])),
        }
    }
    (picked, errors)
}
