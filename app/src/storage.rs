//! The prepared dataset kept in this browser's origin-private file system (OPFS), so a reload
//! is instant: one file, written whole. OPFS rather than IndexedDB because the state is one
//! blob of bytes; `createWritable` commits on close, so a reload mid-write keeps the old copy.
//! The vector cache (`embed_cache.rs`) is a second file beside it.

use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, FileSystemDirectoryHandle, FileSystemFileHandle, FileSystemGetFileOptions, FileSystemWritableFileStream};

use crate::i18n::{current, fill};

/// The one file the app keeps.
const NAME: &str = "dataset.tabletalk";

fn reason(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| e.as_string()).unwrap_or_else(|| format!("{e:?}"))
}

async fn root() -> Result<FileSystemDirectoryHandle, String> {
    let window = web_sys::window().ok_or("no window")?;
    let dir = JsFuture::from(window.navigator().storage().get_directory())
        .await
        .map_err(|e| fill(current().no_private_storage, &[("error", &reason(e))]))?;
    Ok(dir.unchecked_into())
}

/// Replaces the kept dataset with `bytes`.
pub async fn save(bytes: &[u8]) -> Result<(), String> {
    save_file(NAME, bytes).await
}

/// Replaces the file `name` of the app's private storage with `bytes`.
pub async fn save_file(name: &str, bytes: &[u8]) -> Result<(), String> {
    let dir = root().await?;
    let options = FileSystemGetFileOptions::new();
    options.set_create(true);
    let file: FileSystemFileHandle =
        JsFuture::from(dir.get_file_handle_with_options(name, &options)).await.map_err(reason)?.unchecked_into();
    let writer: FileSystemWritableFileStream = JsFuture::from(file.create_writable()).await.map_err(reason)?.unchecked_into();
    JsFuture::from(writer.write_with_u8_array(bytes).map_err(reason)?).await.map_err(reason)?;
    JsFuture::from(writer.close()).await.map_err(reason)?;
    Ok(())
}

/// The kept dataset, if there is one.
pub async fn load() -> Result<Option<Vec<u8>>, String> {
    load_file(NAME).await
}

/// The file `name` of the app's private storage, if there is one.
pub async fn load_file(name: &str) -> Result<Option<Vec<u8>>, String> {
    let dir = root().await?;
    let file = match JsFuture::from(dir.get_file_handle(name)).await {
        Ok(f) => f.unchecked_into::<FileSystemFileHandle>(),
        // NotFoundError: nothing kept yet.
        Err(_) => return Ok(None),
    };
    let file: File = JsFuture::from(file.get_file()).await.map_err(reason)?.unchecked_into();
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(reason)?;
    Ok(Some(Uint8Array::new(&buffer).to_vec()))
}

/// Forgets the kept dataset (nothing kept is not an error).
pub async fn forget() -> Result<(), String> {
    let dir = root().await?;
    let _ = JsFuture::from(dir.remove_entry(NAME)).await;
    Ok(())
}
