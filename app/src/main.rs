//! Tabletalk in the browser: upload tables, see what each column was understood to be.
//!
//! Everything runs locally in the page; the bytes never leave the browser.

mod analyse;
mod components;
mod read_files;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(components::app::App);
}
