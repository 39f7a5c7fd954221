//! Browser files → bytes.

use wasm_bindgen_futures::JsFuture;
use web_sys::{File, FileList};

/// One picked file, read into memory.
pub struct Picked {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The files of an `<input type=file>` or a drop, in order.
pub fn files_of(list: &FileList) -> Vec<File> {
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

/// Reads every file; a file the browser cannot read becomes an error naming it.
pub async fn read_all(files: Vec<File>) -> (Vec<Picked>, Vec<String>) {
    let mut picked = Vec::with_capacity(files.len());
    let mut errors = Vec::new();
    for file in files {
        let name = file.name();
        match JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => picked.push(Picked {
                name,
                bytes: js_sys::Uint8Array::new(&buffer).to_vec(),
            }),
            Err(e) => errors.push(format!(
                "{name}: the browser could not read the file ({e:?})"
            )),
        }
    }
    (picked, errors)
}
