//! Saving bytes the page made (an export) as a file the user downloads.

use js_sys::{Array, Uint8Array};
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

use crate::i18n::{current, fill};

/// Offers `bytes` as a download named `name`.
pub fn offer(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: wasm_bindgen::JsValue| fill(current().save_failed, &[("name", &name), ("error", &format!("{e:?}"))]);
    let parts = Array::of1(&Uint8Array::from(bytes));
    let props = BlobPropertyBag::new();
    props.set_type(mime);
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &props).map_err(fail)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: HtmlAnchorElement = document.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = Url::revoke_object_url(&url);
    Ok(())
}
