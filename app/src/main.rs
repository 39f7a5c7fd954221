//! Tabletalk in the browser: upload tables, see what each column was understood to be, accept a
//! template for the rows, and ask questions answered exactly (DataFusion in wasm) with citations.
//!
//! Everything runs locally in the page; the bytes never leave the browser.

mod analyse;
mod ask;
mod components;
mod download;
mod edge;
mod embed_cache;
mod embedding;
mod feedback;
mod i18n;
mod pool;
mod read_files;
mod search;
mod session;
mod storage;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(components::app::App);
}
