//! The page's words in English, Spanish, Catalan and German: one typed [`Texts`] per language, so a
//! missing translation is a compile error rather than a key that shows up on the page.
//!
//! The language comes from `?lang=xx`, else the choice remembered in localStorage (the header's
//! Language select), else `navigator.language`, else English; it is a reactive `RwSignal<Lang>` in
//! Leptos context ([`provide_lang`] in `App`). Values (cell values, file names, errors) are always
//! filled in as text by [`fill`] and shown as text nodes, never as markup.
//!
//! ```ignore
//! use crate::i18n::{fill, t, tr, use_lang};
//! // A fixed text, reactive (follows the Language select):
//! view! { <h2>{t(|x| x.possible_joins)}</h2> }
//! // A text with values: `{name}` placeholders.
//! view! { <p>{tr(move |x| fill(x.rows_of_file, &[("file", &file)]))}</p> }
//! // Outside a view, e.g. in an event handler: read the language once, untracked.
//! let lang = use_lang(); // in the component body, where the context is
//! let on_click = move |_| status.set(lang.get_untracked().texts().reading_files);
//! ```
//! A new text: add a field to [`Texts`] and a value in each of `EN`, `ES`, `CA` and `DE`.

use std::cell::Cell;
use std::fmt::Display;

use leptos::prelude::*;

/// The languages of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Es,
    Ca,
    De,
}

/// localStorage key of the language chosen in the header.
const STORAGE_KEY: &str = "tabletalk.lang";

impl Lang {
    /// In the order of the header's select.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Es, Lang::Ca, Lang::De];

    /// The BCP 47 code (`<html lang>`, `?lang=`, localStorage).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Ca => "ca",
            Lang::De => "de",
        }
    }

    /// The language's own name, as the select offers it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Ca => "Català",
            Lang::De => "Deutsch",
        }
    }

    /// `es`, `es-ES`, `ca_ES`, `DE-at` …: the language of a tag by its primary subtag; None for others.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the URL's `?lang=`, the remembered choice and the browser's language that is
    /// one of ours; else English.
    pub fn choose(url: Option<&str>, remembered: Option<&str>, browser: Option<&str>) -> Lang {
        [url, remembered, browser].into_iter().flatten().find_map(Lang::from_tag).unwrap_or(Lang::En)
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Es => &ES,
            Lang::Ca => &CA,
            Lang::De => &DE,
        }
    }
}

/// `template` with each `{name}` replaced by its value from `values`, in one pass (a value that
/// itself contains `{name}` stays as it is). Unknown or unclosed placeholders are kept.
pub fn fill(template: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| values.iter().find(|(k, _)| *k == &after[..close]).map(|(_, v)| (close, v)));
        match value {
            Some((close, v)) => {
                out.push_str(&v.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `1234567` → "1,234,567" (or "1.234.567", as `t.thousands` says).
pub fn thousands(t: &Texts, n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push_str(t.thousands);
        }
        out.push(c);
    }
    out
}

/// A decimal number as already formatted with a dot ("1.5"), with the language's decimal mark.
pub fn decimal(t: &Texts, formatted: &str) -> String {
    formatted.replace('.', t.decimal)
}

/// The page's language in context; a fresh English signal where none was provided.
#[derive(Clone, Copy)]
struct LangContext(RwSignal<Lang>);

thread_local! {
    /// The language last set, for code that runs outside any component (see [`current`]).
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Chooses the language (URL, localStorage, browser), provides it as context, and keeps
/// `<html lang>` in step with it. Call once, at the top of `App`.
pub fn provide_lang() -> RwSignal<Lang> {
    let w = web_sys::window();
    let url = w
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|s| web_sys::UrlSearchParams::new_with_str(&s).ok())
        .and_then(|p| p.get("lang"));
    let remembered = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let browser = w.as_ref().and_then(|w| w.navigator().language());
    let lang = RwSignal::new(Lang::choose(url.as_deref(), remembered.as_deref(), browser.as_deref()));
    set_document_lang(lang.get_untracked());
    Effect::new(move |_| set_document_lang(lang.get()));
    provide_context(LangContext(lang));
    lang
}

/// The header's choice: shown at once, and remembered in this browser.
pub fn set_lang(lang: RwSignal<Lang>, chosen: Lang) {
    lang.set(chosen);
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, chosen.code());
    }
}

/// The page's language signal (from [`provide_lang`]); call it in a component's body.
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<LangContext>().map(|c| c.0).unwrap_or_else(|| RwSignal::new(CURRENT.with(Cell::get)))
}

/// The current texts as a signal (reactive: follows the Language select).
#[allow(dead_code)] // API for the components not moved over yet
pub fn texts() -> Signal<&'static Texts> {
    let lang = use_lang();
    Signal::derive(move || lang.get().texts())
}

/// A fixed text, reactive, for `view!`: `{t(|x| x.upload_tables)}` or `aria-label=t(|x| x.choose_one)`.
pub fn t(pick: fn(&'static Texts) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || pick(lang.get().texts())
}

/// A computed text, reactive, for `view!`: `{tr(move |x| fill(x.rows_of_file, &[("file", &file)]))}`.
pub fn tr<T: 'static>(make: impl Fn(&'static Texts) -> T + Send + Sync + 'static) -> impl Fn() -> T + Send + Sync + 'static {
    let lang = use_lang();
    move || make(lang.get().texts())
}

/// The texts of the language set last, untracked: for code with no component around it (a
/// `Session` method, a spawned task). Inside components prefer [`t`]/[`tr`]/[`use_lang`].
pub fn current() -> &'static Texts {
    CURRENT.with(Cell::get).texts()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn set_document_lang(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// Every text of the page in one language. `{name}` marks a value filled in by [`fill`].
pub struct Texts {
    // Numbers.
    /// Between groups of three digits.
    pub thousands: &'static str,
    /// The decimal mark.
    pub decimal: &'static str,

    // The page.
    /// The Language select's accessible name (it keeps "Language" in every language).
    pub language: &'static str,
    pub tagline: &'static str,
    pub opening_kept: &'static str,
    pub reading_files: &'static str,
    pub preparing: &'static str,

    // The file picker. `upload_tables` in English is a contract (scripts and tests find the input by it).
    pub upload_tables: &'static str,
    pub drop_hint: &'static str,

    // The upload's report.
    pub errors: &'static str,
    pub warnings: &'static str,
    /// `{n}`
    pub tables_loaded: &'static str,
    pub possible_joins: &'static str,
    /// `{rows}`
    pub table_rows: &'static str,
    pub read_transposed: &'static str,
    pub col_column: &'static str,
    pub col_type: &'static str,
    pub col_categorical: &'static str,
    pub col_distinct: &'static str,
    pub col_missing: &'static str,
    pub col_examples: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub ty_integer: &'static str,
    pub ty_decimal: &'static str,
    pub ty_date: &'static str,
    pub ty_datetime: &'static str,
    pub ty_boolean: &'static str,
    pub ty_identifier: &'static str,
    pub ty_text: &'static str,
    pub nested_list: &'static str,
    pub nested_list_of_objects: &'static str,
    pub nested_object: &'static str,

    // The template. `accept_template` in English is a contract.
    pub template_heading: &'static str,
    pub template_hint: &'static str,
    pub accept_template: &'static str,
    pub template_accepted: &'static str,
    /// `{name}`: the table.
    pub template_for: &'static str,
    /// `{error}`
    pub template_error: &'static str,
    /// `{n}`
    pub preview_title: &'static str,
    pub preview_stale: &'static str,

    // Questions. `question` and `ask` in English are contracts.
    pub ask: &'static str,
    pub question: &'static str,
    pub question_placeholder: &'static str,
    pub working: &'static str,
    pub sql: &'static str,
    pub choose_one: &'static str,
    pub ranked_hybrid: &'static str,
    pub ranked_words: &'static str,
    /// `{error}`
    pub ranked_words_because: &'static str,
    /// `{row}`, `{file}`
    pub show_row: &'static str,
    /// `{file}`
    pub rows_of_file: &'static str,
    /// `{row}`
    pub row_n: &'static str,
    /// `{score}`: a retrieved passage's score (the ranking line says which kind).
    pub passage_score: &'static str,
    /// `{table}`, `{columns}`: where a retrieved passage comes from.
    pub passage_source: &'static str,
    /// The top-k slider's label.
    pub top_k: &'static str,
    pub clear_history: &'static str,
    pub history_cleared: &'static str,
    /// The badge on an answer whose SQL a language model wrote (checked, but not the rule-based path).
    pub approximate: &'static str,
    pub approximate_hint: &'static str,
    pub helpful: &'static str,
    pub unhelpful: &'static str,
    pub vote_saved: &'static str,
    /// `{id}`: the published collection the vote went to.
    pub vote_sent: &'static str,
    /// `{error}`
    pub vote_not_sent: &'static str,
    /// `{title}`, `{y}`, `{x}`
    pub chart_label: &'static str,
    /// `{n}`, `{total}`
    pub chart_first: &'static str,

    // The data view.
    /// `{table}`
    pub data_heading: &'static str,
    /// `{file}`, `{from}`, `{to}`, `{total}`
    pub data_meta: &'static str,
    /// `{table}`
    pub rows_of_table: &'static str,
    pub row: &'static str,

    // Search by meaning.
    pub search_by_meaning: &'static str,
    pub rows_embedded: &'static str,
    pub cancel: &'static str,
    pub embed_again: &'static str,
    /// `{error}`
    pub embed_failed: &'static str,
    /// `{device}`
    pub embedding_on: &'static str,
    /// `{device}`, `{why}`
    pub embedding_on_fallback: &'static str,
    /// `{device}`
    pub embedding_on_asked: &'static str,
    /// `{model}`
    pub loading_model: &'static str,
    /// `{model}`, `{files}`
    pub loading_model_files: &'static str,
    /// `{done}`, `{total}`, `{percent}`
    pub embedding_rows: &'static str,
    /// `{rate}`, `{left}`
    pub rate_left: &'static str,
    /// `{count}`, `{time}`, `{rate}`, `{workers}`
    pub ready_embedded: &'static str,
    /// `{count}`, `{device}`
    pub ready_restored: &'static str,
    pub ready_cached: &'static str,
    pub vectors_made_from: &'static str,
    pub vectors_left_out: &'static str,
    pub vectors_from_passages: &'static str,
    /// `{done}`, `{total}`
    pub cancelled: &'static str,
    pub one_worker: &'static str,
    /// `{n}`
    pub workers: &'static str,

    // The kept dataset and where it came from.
    /// The name the kept dataset goes by in the core's messages ("…: not a Tabletalk export").
    pub kept_dataset_name: &'static str,
    /// Where a dataset came from when it is the kept one, at the start of a message: "this browser: …".
    pub this_browser: &'static str,
    pub nothing_loaded: &'static str,
    /// `{error}`
    pub prepare_failed: &'static str,
    /// `{from}`, `{error}`
    pub kept_template_unfit: &'static str,
    /// `{from}`, `{error}`
    pub kept_vectors_unusable: &'static str,
    /// `{error}`
    pub forget_failed: &'static str,
    /// `{name}`, `{size}`, `{max}` (MB)
    pub file_too_large: &'static str,
    /// `{name}`, `{error}`
    pub file_unreadable: &'static str,
    /// `{name}`, `{error}`
    pub save_failed: &'static str,
    /// `{error}`
    pub no_private_storage: &'static str,

    // The embedding workers' failures (shown inside `embed_failed`).
    pub embedder_stopped: &'static str,
    /// `{error}`
    pub worker_could_not_start: &'static str,
    /// `{error}`
    pub worker_stopped: &'static str,
    /// `{error}`
    pub worker_unreachable: &'static str,
    /// `{error}`
    pub worker_unreadable: &'static str,
    /// `{count}`, `{dim}`
    pub worker_vectors_without_data: &'static str,
    /// `{a}`, `{b}`
    pub workers_disagree: &'static str,
    pub nothing_to_embed: &'static str,
    /// `{vectors}`, `{dim}`, `{rows}`
    pub vectors_for_rows: &'static str,
    /// `{row}`, `{file}`, `{error}`
    pub row_of_file_error: &'static str,

    // The edge. `edge_address` in English is a contract.
    pub edge_address: &'static str,
    /// The button that confirms the typed address: data is sent only to a confirmed edge.
    pub use_edge: &'static str,
    pub stop_using_edge: &'static str,
    /// Under the address: what leaves the page and when ({edge}), or that nothing does yet.
    pub edge_sends: &'static str,
    pub edge_not_chosen: &'static str,
    pub edge_draft_not_used: &'static str,
    pub no_edge_address: &'static str,
    /// `{address}`
    pub edge_address_scheme: &'static str,
    /// `{address}`, `{error}`
    pub edge_unreachable: &'static str,
    /// `{what}`, `{error}`
    pub edge_unexpected: &'static str,
    /// `{what}`, `{status}`, `{message}`
    pub edge_answered: &'static str,
    /// `{table}`
    pub refining_template_of: &'static str,
    /// `{id}`
    pub publishing_id: &'static str,
    pub vectors_mismatch: &'static str,
    /// `{id}`
    pub sending_vote_to: &'static str,
    pub asking_the_model: &'static str,
    pub writing_sql: &'static str,
    pub model_failed: &'static str,
    pub sql_failed: &'static str,
    pub passages_read: &'static str,
    pub unsupported: &'static str,
    pub generated_by: &'static str,
    pub no_local_storage: &'static str,

    // Refining the template. `refine_llm` in English is a contract.
    pub refine_llm: &'static str,
    pub refine_asking: &'static str,
    /// `{table}`
    pub refine_fell_back: &'static str,
    /// `{table}`, `{refined}`, `{asked}`
    pub refine_rewrote: &'static str,

    // Keeping, exporting and publishing. `publish` and `publish_token` in English are contracts.
    pub keep_heading: &'static str,
    pub export_dataset: &'static str,
    pub export_jsonl: &'static str,
    pub export_csv: &'static str,
    pub forget_dataset: &'static str,
    pub export_hint: &'static str,
    pub accept_template_first: &'static str,
    pub keeping: &'static str,
    /// `{size}`
    pub kept_with_vectors: &'static str,
    /// `{size}`
    pub kept_without_vectors: &'static str,
    pub opened_here_with_vectors: &'static str,
    pub opened_here_again: &'static str,
    /// `{from}`: the imported file.
    pub opened_with_vectors: &'static str,
    /// `{from}`: the imported file.
    pub opened_again: &'static str,
    /// `{error}`
    pub keep_failed: &'static str,
    pub publish_heading: &'static str,
    pub publish_hint: &'static str,
    pub collection_id: &'static str,
    pub title: &'static str,
    pub publish_token: &'static str,
    pub publish: &'static str,
    pub not_embedded_yet: &'static str,
    pub enter_token: &'static str,
    pub building_collection: &'static str,
    /// `{sent}`, `{total}`, `{percent}`
    pub uploading: &'static str,
    /// `{id}`, `{passages}`, `{tables}`
    pub published: &'static str,

    // The schema editor. `type_of` in English is a contract.
    pub edit_summary: &'static str,
    /// `{column}`
    pub type_of: &'static str,
    /// `{column}`
    pub name_shown_for: &'static str,
    /// `{column}`
    pub synonyms_for: &'static str,
    /// `{column}`
    pub translations_of: &'static str,
    pub synonyms_placeholder: &'static str,
    pub translations_placeholder: &'static str,
    /// After the checkbox, so it starts with a space.
    pub transpose_label: &'static str,
    pub col_name_shown: &'static str,
    pub col_synonyms: &'static str,
    pub col_translations: &'static str,
    pub join_these: &'static str,
    pub row_is_called: &'static str,
    pub row_aliases_placeholder: &'static str,
    pub composed_label: &'static str,
    pub groups_label: &'static str,
    pub apply: &'static str,
    /// After the Apply button, so it starts with a space.
    pub apply_hint: &'static str,
}

impl Texts {
    /// A column type's name (`ColumnType::as_str`) in this language; unknown ones as they are.
    pub fn type_name<'a>(&self, ty: &'a str) -> &'a str {
        match ty {
            "integer" => self.ty_integer,
            "decimal" => self.ty_decimal,
            "date" => self.ty_date,
            "datetime" => self.ty_datetime,
            "boolean" => self.ty_boolean,
            "identifier" => self.ty_identifier,
            "text" => self.ty_text,
            other => other,
        }
    }

    /// A nested JSON field's shape ("list", "list_of_objects", "object") in this language.
    pub fn nested_name(&self, shape: &str) -> String {
        match shape {
            "list" => self.nested_list.into(),
            "list_of_objects" => self.nested_list_of_objects.into(),
            "object" => self.nested_object.into(),
            other => other.replace('_', " "),
        }
    }
}

pub const EN: Texts = Texts {
    thousands: ",",
    decimal: ".",

    language: "Language",
    tagline: "Ask questions of your research tables. Files stay in your browser unless you choose an edge and act (see Edge address).",
    opening_kept: "Opening the dataset kept in this browser…",
    reading_files: "Reading files…",
    preparing: "Preparing the tables for questions…",

    upload_tables: "Upload tables",
    drop_hint: "or drop CSV, TSV, JSON, JSON Lines, Excel or Word files here",

    errors: "Errors",
    warnings: "Warnings",
    tables_loaded: "{n} table(s) loaded",
    possible_joins: "Possible joins",
    table_rows: "{rows} rows",
    read_transposed: "read transposed (headers in the first column)",
    col_column: "Column",
    col_type: "Type",
    col_categorical: "Categorical",
    col_distinct: "Distinct",
    col_missing: "Missing",
    col_examples: "Examples",
    yes: "yes",
    no: "no",
    ty_integer: "integer",
    ty_decimal: "decimal",
    ty_date: "date",
    ty_datetime: "datetime",
    ty_boolean: "boolean",
    ty_identifier: "identifier",
    ty_text: "text",
    nested_list: "list",
    nested_list_of_objects: "list of objects",
    nested_object: "object",

    template_heading: "Template",
    template_hint: "Each row is read as these sentences; {{Name}} is a column's value. Edit the text, check the preview, then accept it.",
    accept_template: "Accept template",
    template_accepted: "Accepted: ask your questions below.",
    template_for: "Template for {name}",
    template_error: "Template error: {error}",
    preview_title: "Preview: the first {n} rows",
    preview_stale: " (of the last text without errors)",

    ask: "Ask",
    question: "Question",
    question_placeholder: "How many rows have …? What is the average …?",
    working: "Working on it…",
    sql: "SQL",
    choose_one: "Choose one",
    ranked_hybrid: "Rows ranked by meaning and words (hybrid search).",
    ranked_words: "Rows ranked by words (BM25); search by meaning is not ready.",
    ranked_words_because: "Rows ranked by words (BM25): the question could not be embedded ({error}).",
    show_row: "Show row {row} of {file}",
    rows_of_file: "Rows of {file}:",
    row_n: "row {row}",
    passage_score: "score {score}",
    passage_source: "{table} · columns: {columns}",
    top_k: "Rows to retrieve",
    clear_history: "Clear history",
    history_cleared: "The questions and answers were cleared.",
    approximate: "Approximate",
    approximate_hint: "A language model wrote this SQL: it was checked to be a read-only query, but check that it asks what you meant.",
    helpful: "Helpful",
    unhelpful: "Not helpful",
    vote_saved: "Thanks, saved in this browser.",
    vote_sent: "Thanks, saved in this browser and sent to the edge (collection {id}).",
    vote_not_sent: "Saved in this browser; the edge did not take it: {error}",
    chart_label: "{title}: {y} by {x}",
    chart_first: " (first {n} of {total})",

    data_heading: "Data: {table}",
    data_meta: "{file} · rows {from}–{to} of {total}",
    rows_of_table: "Rows of {table}",
    row: "Row",

    search_by_meaning: "Search by meaning",
    rows_embedded: "Rows embedded",
    cancel: "Cancel",
    embed_again: "Embed again",
    embed_failed: "Embedding failed: {error}. Questions still work; retrieval ranks rows by words (BM25) only.",
    embedding_on: "Embedding on: {device}",
    embedding_on_fallback: "Embedding on: {device}. WebGPU not used: {why}",
    embedding_on_asked: "Embedding on: {device}, as asked",
    loading_model: "Loading the embedding model ({model})…",
    loading_model_files: "Loading the embedding model ({model}): {files}…",
    embedding_rows: "Embedding rows: {done} of {total} ({percent}%)",
    rate_left: "{rate} rows/s · about {left} left",
    ready_embedded: "Ready: {count} rows embedded in {time} ({rate} rows/s, {workers}). Questions that are not exact are ranked by meaning and words.",
    ready_cached: "Ready: {count} rows ({cached} vectors from this browser's cache, {embedded} embedded in {time}). Questions that are not exact are ranked by meaning and words.",
    vectors_made_from: "Vectors are made from {columns}.",
    vectors_left_out: "Left to words and exact answers: {columns} (measurements).",
    vectors_from_passages: "No column names or describes the rows: the start of each row's sentences is embedded.",
    ready_restored: "Ready: {count} rows' vectors restored (embedded earlier on {device}). Questions that are not exact are ranked by meaning and words.",
    cancelled: "Cancelled after {done} of {total} rows. Retrieval ranks rows by words (BM25) only.",
    one_worker: "1 worker",
    workers: "{n} workers in parallel",

    kept_dataset_name: "the dataset kept in this browser",
    this_browser: "this browser",
    nothing_loaded: "nothing is loaded",
    prepare_failed: "The tables could not be prepared for questions: {error}",
    kept_template_unfit: "{from}: the kept template no longer fits the tables ({error})",
    kept_vectors_unusable: "{from}: the kept vectors could not be used ({error}); embedding again",
    forget_failed: "The browser could not forget the kept dataset: {error}",
    file_too_large: "{name}: {size} MB is more than this browser app reads ({max} MB per file). Split the file, or use the `tabletalk` command line, which streams files of any size.",
    file_unreadable: "{name}: the browser could not read the file ({error})",
    save_failed: "the browser could not save {name} ({error})",
    no_private_storage: "this browser offers no private storage ({error})",

    embedder_stopped: "the embedder was stopped",
    worker_could_not_start: "the embedding worker could not start: {error}",
    worker_stopped: "the embedding worker stopped: {error}",
    worker_unreachable: "could not reach the embedding worker: {error}",
    worker_unreadable: "the embedding worker sent something unreadable: {error}",
    worker_vectors_without_data: "the embedding worker sent {count} vectors without their {dim}-value data",
    workers_disagree: "workers disagree on the model's dimension ({a} and {b})",
    nothing_to_embed: "nothing to embed",
    vectors_for_rows: "{vectors} vectors of {dim} numbers for {rows} rows",
    row_of_file_error: "row {row} of {file}: {error}",

    edge_address: "Edge address",
    use_edge: "Use this edge",
    stop_using_edge: "Stop using it",
    edge_sends: "Data leaves this page only for {edge}, and only when you act: Refine with the LLM sends each table's column names, types and first row; Publish sends the tables, their sentences and vectors; a question the page cannot answer itself sends the question with up to 20 of the rows it found, or the column names with up to five sample values each (for SQL); a vote on a published answer sends the question, the answer and its row numbers.",
    edge_not_chosen: "No edge is in use: nothing leaves this page. Type an address and click “Use this edge” to send data to it.",
    edge_draft_not_used: "“{address}” is not in use: nothing is sent to it until you click “Use this edge”.",
    no_edge_address: "No edge is in use: type the address of the Tabletalk edge (for example http://127.0.0.1:8787) and click “Use this edge”.",
    edge_address_scheme: "The edge address \"{address}\" must start with http:// or https://.",
    edge_unreachable: "The edge at {address} cannot be reached ({error}). Check that it is running and that it allows this page's origin (ALLOWED_ORIGINS).",
    edge_unexpected: "{what}: the edge's answer is not what this app expects ({error}).",
    edge_answered: "{what}: the edge answered {status}: {message}",
    refining_template_of: "Refining the template of {table}",
    publishing_id: "Publishing {id}",
    vectors_mismatch: "The rows' vectors do not match the sentences; wait for embedding to finish.",
    sending_vote_to: "Sending the vote to {id}",
    asking_the_model: "Asking the language model",
    writing_sql: "Asking the language model for SQL",
    model_failed: "The language model could not answer ({error}); the most relevant rows are listed instead.",
    sql_failed: "No rule computes this question, and the SQL a language model wrote for it could not be used ({error}).",
    passages_read: "Rows the language model read",
    unsupported: "No row states this; check it.",
    generated_by: "Written by a language model from the rows below; each sentence cites the rows that state it.",
    no_local_storage: "this browser has no localStorage",

    refine_llm: "Refine with the LLM",
    refine_asking: "Asking the LLM for natural sentences…",
    refine_fell_back: "{table}: the LLM's sentences did not keep every value, so the static template stays.",
    refine_rewrote: "{table}: the LLM rewrote {refined} of {asked} sentences; check the preview, edit if needed, then accept.",

    keep_heading: "Keep and export",
    export_dataset: "Export dataset",
    export_jsonl: "Export sentences (JSONL)",
    export_csv: "Export sentences (CSV)",
    forget_dataset: "Forget this dataset",
    export_hint: "An exported .tabletalk file opens here again with Upload tables, vectors included.",
    accept_template_first: "Accept a template first.",
    keeping: "Keeping the dataset in this browser…",
    kept_with_vectors: "Kept in this browser ({size}): the files, the template and the rows' vectors. Reloading the page opens it as it is.",
    kept_without_vectors: "Kept in this browser ({size}): the files, the template; the vectors are added when embedding finishes. Reloading the page opens it as it is.",
    opened_here_with_vectors: "Opened from this browser: the files and the accepted template, with the rows' vectors (no embedding needed).",
    opened_here_again: "Opened from this browser: the files and the accepted template; the rows are being embedded again.",
    opened_with_vectors: "Opened from {from}: the files and the accepted template, with the rows' vectors (no embedding needed).",
    opened_again: "Opened from {from}: the files and the accepted template; the rows are being embedded again.",
    keep_failed: "Could not keep the dataset in this browser ({error}). Export it to keep it.",
    publish_heading: "Publish to the edge",
    publish_hint: "Share the prepared dataset as a collection: portal visitors then ask it through the widget without embedding it again.",
    collection_id: "Collection id",
    title: "Title",
    publish_token: "Publish token",
    publish: "Publish",
    not_embedded_yet: "The rows are not embedded yet: publish when embedding has finished.",
    enter_token: "Enter the publish token the edge's operator gave you.",
    building_collection: "Building the collection…",
    uploading: "Uploading: {sent} of {total} ({percent}%)",
    published: "Published \"{id}\": {passages} sentences from {tables} table(s). Visitors of a page with this snippet can ask it without embedding anything:",

    edit_summary: "Edit how the tables are read: names, synonyms, translations, transpose, joins",
    type_of: "Type of {column}",
    name_shown_for: "Name shown for {column}",
    synonyms_for: "Synonyms for {column}",
    translations_of: "Translations of {column}",
    synonyms_placeholder: "pay, wage",
    translations_placeholder: "es=salario, de=Gehalt",
    transpose_label: " Headers are in the first column (read the table transposed)",
    col_name_shown: "Name shown",
    col_synonyms: "Synonyms",
    col_translations: "Translations",
    join_these: "Join these tables",
    row_is_called: "A row is called",
    row_aliases_placeholder: "days, officials",
    composed_label: "Composed fields (one per line: name = part + part)",
    groups_label: "Field groups (one per line: name: member, member; the first is the default)",
    apply: "Apply",
    apply_hint: " Applying reads the files again; accept the template afterwards.",
};

pub const ES: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Idioma (Language)",
    tagline: "Haz preguntas a tus tablas de investigación. Los archivos se quedan en tu navegador salvo que elijas un edge y actúes (ver Dirección del edge).",
    opening_kept: "Abriendo el conjunto de datos guardado en este navegador…",
    reading_files: "Leyendo los archivos…",
    preparing: "Preparando las tablas para las preguntas…",

    upload_tables: "Subir tablas",
    drop_hint: "o suelta aquí archivos CSV, TSV, JSON, JSON Lines, Excel o Word",

    errors: "Errores",
    warnings: "Avisos",
    tables_loaded: "{n} tabla(s) cargada(s)",
    possible_joins: "Posibles uniones",
    table_rows: "{rows} filas",
    read_transposed: "leída traspuesta (encabezados en la primera columna)",
    col_column: "Columna",
    col_type: "Tipo",
    col_categorical: "Categórica",
    col_distinct: "Distintos",
    col_missing: "Vacíos",
    col_examples: "Ejemplos",
    yes: "sí",
    no: "no",
    ty_integer: "entero",
    ty_decimal: "decimal",
    ty_date: "fecha",
    ty_datetime: "fecha y hora",
    ty_boolean: "booleano",
    ty_identifier: "identificador",
    ty_text: "texto",
    nested_list: "lista",
    nested_list_of_objects: "lista de objetos",
    nested_object: "objeto",

    template_heading: "Plantilla",
    template_hint: "Cada fila se lee como estas frases; {{Name}} es el valor de una columna. Edita el texto, revisa la vista previa y acéptalo.",
    accept_template: "Aceptar plantilla",
    template_accepted: "Aceptada: haz tus preguntas abajo.",
    template_for: "Plantilla para {name}",
    template_error: "Error en la plantilla: {error}",
    preview_title: "Vista previa: las primeras {n} filas",
    preview_stale: " (del último texto sin errores)",

    ask: "Preguntar",
    question: "Pregunta",
    question_placeholder: "¿Cuántas filas tienen …? ¿Cuál es la media de …?",
    working: "Buscando…",
    sql: "SQL",
    choose_one: "Elige una opción",
    ranked_hybrid: "Filas ordenadas por significado y palabras (búsqueda híbrida).",
    ranked_words: "Filas ordenadas por palabras (BM25); la búsqueda por significado aún no está lista.",
    ranked_words_because: "Filas ordenadas por palabras (BM25): no se pudo vectorizar la pregunta ({error}).",
    show_row: "Mostrar la fila {row} de {file}",
    rows_of_file: "Filas de {file}:",
    row_n: "fila {row}",
    passage_score: "puntuación {score}",
    passage_source: "{table} · columnas: {columns}",
    top_k: "Filas que recuperar",
    clear_history: "Borrar historial",
    history_cleared: "Se borraron las preguntas y respuestas.",
    approximate: "Aproximada",
    approximate_hint: "Un modelo de lenguaje escribió esta SQL: se comprobó que solo lee datos, pero revisa que pregunte lo que querías.",
    helpful: "Útil",
    unhelpful: "No es útil",
    vote_saved: "Gracias, guardado en este navegador.",
    vote_sent: "Gracias, guardado en este navegador y enviado al edge (colección {id}).",
    vote_not_sent: "Guardado en este navegador; el edge no lo aceptó: {error}",
    chart_label: "{title}: {y} por {x}",
    chart_first: " (primeras {n} de {total})",

    data_heading: "Datos: {table}",
    data_meta: "{file} · filas {from}–{to} de {total}",
    rows_of_table: "Filas de {table}",
    row: "Fila",

    search_by_meaning: "Búsqueda por significado",
    rows_embedded: "Filas vectorizadas",
    cancel: "Cancelar",
    embed_again: "Vectorizar de nuevo",
    embed_failed: "La vectorización falló: {error}. Las preguntas siguen funcionando; la recuperación ordena las filas solo por palabras (BM25).",
    embedding_on: "Vectorizando en: {device}",
    embedding_on_fallback: "Vectorizando en: {device}. No se usa WebGPU: {why}",
    embedding_on_asked: "Vectorizando en: {device}, como se pidió",
    loading_model: "Cargando el modelo de vectorización ({model})…",
    loading_model_files: "Cargando el modelo de vectorización ({model}): {files}…",
    embedding_rows: "Vectorizando filas: {done} de {total} ({percent} %)",
    rate_left: "{rate} filas/s · quedan unos {left}",
    ready_embedded: "Listo: {count} filas vectorizadas en {time} ({rate} filas/s, {workers}). Las preguntas que no son exactas se ordenan por significado y palabras.",
    ready_cached: "Listo: {count} filas ({cached} vectores de la caché de este navegador, {embedded} vectorizados en {time}). Las preguntas que no son exactas se ordenan por significado y palabras.",
    vectors_made_from: "Los vectores se hacen con {columns}.",
    vectors_left_out: "Quedan para las palabras y las respuestas exactas: {columns} (medidas).",
    vectors_from_passages: "Ninguna columna nombra o describe las filas: se vectoriza el principio de las frases de cada fila.",
    ready_restored: "Listo: vectores de {count} filas restaurados (vectorizados antes en {device}). Las preguntas que no son exactas se ordenan por significado y palabras.",
    cancelled: "Cancelado tras {done} de {total} filas. La recuperación ordena las filas solo por palabras (BM25).",
    one_worker: "1 proceso",
    workers: "{n} procesos en paralelo",

    kept_dataset_name: "el conjunto de datos guardado en este navegador",
    this_browser: "este navegador",
    nothing_loaded: "no hay nada cargado",
    prepare_failed: "No se pudieron preparar las tablas para las preguntas: {error}",
    kept_template_unfit: "{from}: la plantilla guardada ya no encaja con las tablas ({error})",
    kept_vectors_unusable: "{from}: no se pudieron usar los vectores guardados ({error}); se vectoriza de nuevo",
    forget_failed: "El navegador no pudo olvidar el conjunto de datos guardado: {error}",
    file_too_large: "{name}: {size} MB es más de lo que lee esta aplicación del navegador ({max} MB por archivo). Divide el archivo o usa la línea de órdenes `tabletalk`, que lee archivos de cualquier tamaño por partes.",
    file_unreadable: "{name}: el navegador no pudo leer el archivo ({error})",
    save_failed: "el navegador no pudo guardar {name} ({error})",
    no_private_storage: "este navegador no ofrece almacenamiento privado ({error})",

    embedder_stopped: "la vectorización se detuvo",
    worker_could_not_start: "el proceso de vectorización no pudo arrancar: {error}",
    worker_stopped: "el proceso de vectorización se detuvo: {error}",
    worker_unreachable: "no se pudo contactar con el proceso de vectorización: {error}",
    worker_unreadable: "el proceso de vectorización envió algo ilegible: {error}",
    worker_vectors_without_data: "el proceso de vectorización envió {count} vectores sin sus datos de {dim} valores",
    workers_disagree: "los procesos no coinciden en la dimensión del modelo ({a} y {b})",
    nothing_to_embed: "no hay nada que vectorizar",
    vectors_for_rows: "{vectors} vectores de {dim} números para {rows} filas",
    row_of_file_error: "fila {row} de {file}: {error}",

    edge_address: "Dirección del edge",
    use_edge: "Usar este edge",
    stop_using_edge: "Dejar de usarlo",
    edge_sends: "Los datos solo salen de esta página hacia {edge}, y solo cuando actúas: Refinar con el LLM envía los nombres, tipos y la primera fila de cada tabla; Publicar envía las tablas, sus frases y vectores; una pregunta que la página no puede responder sola envía la pregunta con hasta 20 de las filas encontradas, o los nombres de columna con hasta cinco valores de ejemplo (para SQL); un voto sobre una respuesta publicada envía la pregunta, la respuesta y sus números de fila.",
    edge_not_chosen: "No hay ningún edge en uso: nada sale de esta página. Escribe una dirección y pulsa «Usar este edge» para enviarle datos.",
    edge_draft_not_used: "«{address}» no está en uso: no se le envía nada hasta que pulses «Usar este edge».",
    no_edge_address: "No hay ningún edge en uso: escribe la dirección del edge de Tabletalk (por ejemplo http://127.0.0.1:8787) y pulsa «Usar este edge».",
    edge_address_scheme: "La dirección del edge «{address}» debe empezar por http:// o https://.",
    edge_unreachable: "No se puede contactar con el edge en {address} ({error}). Comprueba que está en marcha y que admite el origen de esta página (ALLOWED_ORIGINS).",
    edge_unexpected: "{what}: la respuesta del edge no es la que espera esta aplicación ({error}).",
    edge_answered: "{what}: el edge respondió {status}: {message}",
    refining_template_of: "Refinando la plantilla de {table}",
    publishing_id: "Publicando {id}",
    vectors_mismatch: "Los vectores de las filas no corresponden a las frases; espera a que termine la vectorización.",
    sending_vote_to: "Enviando el voto a {id}",
    asking_the_model: "Consultando el modelo de lenguaje",
    writing_sql: "Pidiendo la SQL al modelo de lenguaje",
    model_failed: "El modelo de lenguaje no pudo responder ({error}); se muestran las filas más relevantes.",
    sql_failed: "Ninguna regla calcula esta pregunta, y la SQL que escribió un modelo de lenguaje no se pudo usar ({error}).",
    passages_read: "Filas que leyó el modelo de lenguaje",
    unsupported: "Ninguna fila dice esto; compruébalo.",
    generated_by: "Escrito por un modelo de lenguaje a partir de las filas de abajo; cada frase cita las filas que la dicen.",
    no_local_storage: "este navegador no tiene localStorage",

    refine_llm: "Refinar con el LLM",
    refine_asking: "Pidiendo al LLM frases naturales…",
    refine_fell_back: "{table}: las frases del LLM no conservaban todos los valores, así que se mantiene la plantilla estática.",
    refine_rewrote: "{table}: el LLM reescribió {refined} de {asked} frases; revisa la vista previa, edita el texto si hace falta y acéptalo.",

    keep_heading: "Guardar y exportar",
    export_dataset: "Exportar el conjunto de datos",
    export_jsonl: "Exportar las frases (JSONL)",
    export_csv: "Exportar las frases (CSV)",
    forget_dataset: "Olvidar este conjunto de datos",
    export_hint: "Un archivo .tabletalk exportado se vuelve a abrir aquí con «Subir tablas», vectores incluidos.",
    accept_template_first: "Acepta primero una plantilla.",
    keeping: "Guardando el conjunto de datos en este navegador…",
    kept_with_vectors: "Guardado en este navegador ({size}): los archivos, la plantilla y los vectores de las filas. Al recargar la página se abre tal como está.",
    kept_without_vectors: "Guardado en este navegador ({size}): los archivos, la plantilla; los vectores se añaden cuando termine la vectorización. Al recargar la página se abre tal como está.",
    opened_here_with_vectors: "Abierto desde este navegador: los archivos y la plantilla aceptada, con los vectores de las filas (no hace falta vectorizar).",
    opened_here_again: "Abierto desde este navegador: los archivos y la plantilla aceptada; las filas se están vectorizando de nuevo.",
    opened_with_vectors: "Abierto desde {from}: los archivos y la plantilla aceptada, con los vectores de las filas (no hace falta vectorizar).",
    opened_again: "Abierto desde {from}: los archivos y la plantilla aceptada; las filas se están vectorizando de nuevo.",
    keep_failed: "No se pudo guardar el conjunto de datos en este navegador ({error}). Expórtalo para conservarlo.",
    publish_heading: "Publicar en el edge",
    publish_hint: "Comparte el conjunto de datos preparado como una colección: así los visitantes del portal le hacen preguntas con el widget sin volver a vectorizarlo.",
    collection_id: "Identificador de la colección",
    title: "Título",
    publish_token: "Token de publicación",
    publish: "Publicar",
    not_embedded_yet: "Las filas aún no están vectorizadas: publica cuando termine la vectorización.",
    enter_token: "Introduce el token de publicación que te dio quien administra el edge.",
    building_collection: "Construyendo la colección…",
    uploading: "Subiendo: {sent} de {total} ({percent} %)",
    published: "Publicada «{id}»: {passages} frases de {tables} tabla(s). Quien visite una página con este fragmento puede hacerle preguntas sin vectorizar nada:",

    edit_summary: "Editar cómo se leen las tablas: nombres, sinónimos, traducciones, trasposición, uniones",
    type_of: "Tipo de {column}",
    name_shown_for: "Nombre mostrado para {column}",
    synonyms_for: "Sinónimos de {column}",
    translations_of: "Traducciones de {column}",
    synonyms_placeholder: "sueldo, paga",
    translations_placeholder: "en=salary, de=Gehalt",
    transpose_label: " Los encabezados están en la primera columna (leer la tabla traspuesta)",
    col_name_shown: "Nombre mostrado",
    col_synonyms: "Sinónimos",
    col_translations: "Traducciones",
    join_these: "Unir estas tablas",
    row_is_called: "Una fila se llama",
    row_aliases_placeholder: "días, funcionarios",
    composed_label: "Campos compuestos (uno por línea: nombre = parte + parte)",
    groups_label: "Grupos de campos (uno por línea: nombre: miembro, miembro; el primero es el predeterminado)",
    apply: "Aplicar",
    apply_hint: " Al aplicar se vuelven a leer los archivos; después acepta la plantilla.",
};

pub const CA: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Idioma (Language)",
    tagline: "Fes preguntes a les teves taules de recerca. Els fitxers es queden al teu navegador tret que triïs un edge i actuïs (vegeu Adreça de l’edge).",
    opening_kept: "S’està obrint el conjunt de dades desat en aquest navegador…",
    reading_files: "S’estan llegint els fitxers…",
    preparing: "S’estan preparant les taules per a les preguntes…",

    upload_tables: "Puja taules",
    drop_hint: "o deixa anar aquí fitxers CSV, TSV, JSON, JSON Lines, Excel o Word",

    errors: "Errors",
    warnings: "Avisos",
    tables_loaded: "{n} taula(es) carregada(es)",
    possible_joins: "Possibles unions",
    table_rows: "{rows} files",
    read_transposed: "llegida transposada (capçaleres a la primera columna)",
    col_column: "Columna",
    col_type: "Tipus",
    col_categorical: "Categòrica",
    col_distinct: "Diferents",
    col_missing: "Buits",
    col_examples: "Exemples",
    yes: "sí",
    no: "no",
    ty_integer: "enter",
    ty_decimal: "decimal",
    ty_date: "data",
    ty_datetime: "data i hora",
    ty_boolean: "booleà",
    ty_identifier: "identificador",
    ty_text: "text",
    nested_list: "llista",
    nested_list_of_objects: "llista d’objectes",
    nested_object: "objecte",

    template_heading: "Plantilla",
    template_hint: "Cada fila es llegeix com aquestes frases; {{Name}} és el valor d’una columna. Edita el text, revisa la previsualització i accepta’l.",
    accept_template: "Accepta la plantilla",
    template_accepted: "Acceptada: fes les teves preguntes a sota.",
    template_for: "Plantilla per a {name}",
    template_error: "Error a la plantilla: {error}",
    preview_title: "Previsualització: les primeres {n} files",
    preview_stale: " (de l’últim text sense errors)",

    ask: "Pregunta",
    question: "Pregunta",
    question_placeholder: "Quantes files tenen …? Quina és la mitjana de …?",
    working: "Cercant…",
    sql: "SQL",
    choose_one: "Tria’n una",
    ranked_hybrid: "Files ordenades per significat i paraules (cerca híbrida).",
    ranked_words: "Files ordenades per paraules (BM25); la cerca per significat encara no està a punt.",
    ranked_words_because: "Files ordenades per paraules (BM25): no s’ha pogut vectoritzar la pregunta ({error}).",
    show_row: "Mostra la fila {row} de {file}",
    rows_of_file: "Files de {file}:",
    row_n: "fila {row}",
    passage_score: "puntuació {score}",
    passage_source: "{table} · columnes: {columns}",
    top_k: "Files que cal recuperar",
    clear_history: "Esborra l’historial",
    history_cleared: "S’han esborrat les preguntes i respostes.",
    approximate: "Aproximada",
    approximate_hint: "Un model de llenguatge ha escrit aquesta SQL: s’ha comprovat que només llegeix dades, però revisa que pregunti el que volies.",
    helpful: "Útil",
    unhelpful: "No és útil",
    vote_saved: "Gràcies, desat en aquest navegador.",
    vote_sent: "Gràcies, desat en aquest navegador i enviat a l’edge (col·lecció {id}).",
    vote_not_sent: "Desat en aquest navegador; l’edge no ho ha acceptat: {error}",
    chart_label: "{title}: {y} per {x}",
    chart_first: " (primeres {n} de {total})",

    data_heading: "Dades: {table}",
    data_meta: "{file} · files {from}–{to} de {total}",
    rows_of_table: "Files de {table}",
    row: "Fila",

    search_by_meaning: "Cerca per significat",
    rows_embedded: "Files vectoritzades",
    cancel: "Cancel·la",
    embed_again: "Torna a vectoritzar",
    embed_failed: "La vectorització ha fallat: {error}. Les preguntes continuen funcionant; la recuperació ordena les files només per paraules (BM25).",
    embedding_on: "Vectoritzant a: {device}",
    embedding_on_fallback: "Vectoritzant a: {device}. No s’usa WebGPU: {why}",
    embedding_on_asked: "Vectoritzant a: {device}, com s’ha demanat",
    loading_model: "S’està carregant el model de vectorització ({model})…",
    loading_model_files: "S’està carregant el model de vectorització ({model}): {files}…",
    embedding_rows: "Vectoritzant files: {done} de {total} ({percent} %)",
    rate_left: "{rate} files/s · queden uns {left}",
    ready_embedded: "Llest: {count} files vectoritzades en {time} ({rate} files/s, {workers}). Les preguntes que no són exactes s’ordenen per significat i paraules.",
    ready_cached: "Llest: {count} files ({cached} vectors de la memòria cau d’aquest navegador, {embedded} vectoritzats en {time}). Les preguntes que no són exactes s’ordenen per significat i paraules.",
    vectors_made_from: "Els vectors es fan amb {columns}.",
    vectors_left_out: "Queden per a les paraules i les respostes exactes: {columns} (mesures).",
    vectors_from_passages: "Cap columna no anomena ni descriu les files: es vectoritza el principi de les frases de cada fila.",
    ready_restored: "Llest: vectors de {count} files restaurats (vectoritzats abans a {device}). Les preguntes que no són exactes s’ordenen per significat i paraules.",
    cancelled: "Cancel·lat després de {done} de {total} files. La recuperació ordena les files només per paraules (BM25).",
    one_worker: "1 procés",
    workers: "{n} processos en paral·lel",

    kept_dataset_name: "el conjunt de dades desat en aquest navegador",
    this_browser: "aquest navegador",
    nothing_loaded: "no hi ha res carregat",
    prepare_failed: "No s’han pogut preparar les taules per a les preguntes: {error}",
    kept_template_unfit: "{from}: la plantilla desada ja no encaixa amb les taules ({error})",
    kept_vectors_unusable: "{from}: no s’han pogut fer servir els vectors desats ({error}); es torna a vectoritzar",
    forget_failed: "El navegador no ha pogut oblidar el conjunt de dades desat: {error}",
    file_too_large: "{name}: {size} MB és més del que llegeix aquesta aplicació del navegador ({max} MB per fitxer). Divideix el fitxer o fes servir la línia d’ordres `tabletalk`, que llegeix fitxers de qualsevol mida per parts.",
    file_unreadable: "{name}: el navegador no ha pogut llegir el fitxer ({error})",
    save_failed: "el navegador no ha pogut desar {name} ({error})",
    no_private_storage: "aquest navegador no ofereix emmagatzematge privat ({error})",

    embedder_stopped: "la vectorització s’ha aturat",
    worker_could_not_start: "el procés de vectorització no ha pogut arrencar: {error}",
    worker_stopped: "el procés de vectorització s’ha aturat: {error}",
    worker_unreachable: "no s’ha pogut contactar amb el procés de vectorització: {error}",
    worker_unreadable: "el procés de vectorització ha enviat una cosa il·legible: {error}",
    worker_vectors_without_data: "el procés de vectorització ha enviat {count} vectors sense les seves dades de {dim} valors",
    workers_disagree: "els processos no coincideixen en la dimensió del model ({a} i {b})",
    nothing_to_embed: "no hi ha res per vectoritzar",
    vectors_for_rows: "{vectors} vectors de {dim} nombres per a {rows} files",
    row_of_file_error: "fila {row} de {file}: {error}",

    edge_address: "Adreça de l’edge",
    use_edge: "Fes servir aquest edge",
    stop_using_edge: "Deixa de fer-lo servir",
    edge_sends: "Les dades només surten d’aquesta pàgina cap a {edge}, i només quan actues: Refinar amb l’LLM envia els noms, tipus i la primera fila de cada taula; Publicar envia les taules, les seves frases i vectors; una pregunta que la pàgina no pot respondre sola envia la pregunta amb fins a 20 de les files trobades, o els noms de columna amb fins a cinc valors d’exemple (per a SQL); un vot sobre una resposta publicada envia la pregunta, la resposta i els seus números de fila.",
    edge_not_chosen: "No hi ha cap edge en ús: res no surt d’aquesta pàgina. Escriu una adreça i prem «Fes servir aquest edge» per enviar-hi dades.",
    edge_draft_not_used: "«{address}» no està en ús: no s’hi envia res fins que premis «Fes servir aquest edge».",
    no_edge_address: "No hi ha cap edge en ús: escriu l’adreça de l’edge de Tabletalk (per exemple http://127.0.0.1:8787) i prem «Fes servir aquest edge».",
    edge_address_scheme: "L’adreça de l’edge «{address}» ha de començar per http:// o https://.",
    edge_unreachable: "No es pot contactar amb l’edge a {address} ({error}). Comprova que està en marxa i que admet l’origen d’aquesta pàgina (ALLOWED_ORIGINS).",
    edge_unexpected: "{what}: la resposta de l’edge no és la que espera aquesta aplicació ({error}).",
    edge_answered: "{what}: l’edge ha respost {status}: {message}",
    refining_template_of: "Refinant la plantilla de {table}",
    publishing_id: "Publicant {id}",
    vectors_mismatch: "Els vectors de les files no corresponen a les frases; espera que acabi la vectorització.",
    sending_vote_to: "Enviant el vot a {id}",
    asking_the_model: "Consultant el model de llenguatge",
    writing_sql: "Demanant la SQL al model de llenguatge",
    model_failed: "El model de llenguatge no ha pogut respondre ({error}); es mostren les files més rellevants.",
    sql_failed: "Cap regla calcula aquesta pregunta, i la SQL que ha escrit un model de llenguatge no s’ha pogut fer servir ({error}).",
    passages_read: "Files que ha llegit el model de llenguatge",
    unsupported: "Cap fila diu això; comprova-ho.",
    generated_by: "Escrit per un model de llenguatge a partir de les files de sota; cada frase cita les files que la diuen.",
    no_local_storage: "aquest navegador no té localStorage",

    refine_llm: "Refina amb l’LLM",
    refine_asking: "S’estan demanant frases naturals a l’LLM…",
    refine_fell_back: "{table}: les frases de l’LLM no conservaven tots els valors, així que es manté la plantilla estàtica.",
    refine_rewrote: "{table}: l’LLM ha reescrit {refined} de {asked} frases; revisa la previsualització, edita el text si cal i accepta’l.",

    keep_heading: "Desa i exporta",
    export_dataset: "Exporta el conjunt de dades",
    export_jsonl: "Exporta les frases (JSONL)",
    export_csv: "Exporta les frases (CSV)",
    forget_dataset: "Oblida aquest conjunt de dades",
    export_hint: "Un fitxer .tabletalk exportat es torna a obrir aquí amb «Puja taules», vectors inclosos.",
    accept_template_first: "Primer accepta una plantilla.",
    keeping: "S’està desant el conjunt de dades en aquest navegador…",
    kept_with_vectors: "Desat en aquest navegador ({size}): els fitxers, la plantilla i els vectors de les files. Si recarregues la pàgina, s’obre tal com està.",
    kept_without_vectors: "Desat en aquest navegador ({size}): els fitxers, la plantilla; els vectors s’afegeixen quan acaba la vectorització. Si recarregues la pàgina, s’obre tal com està.",
    opened_here_with_vectors: "Obert des d’aquest navegador: els fitxers i la plantilla acceptada, amb els vectors de les files (no cal vectoritzar).",
    opened_here_again: "Obert des d’aquest navegador: els fitxers i la plantilla acceptada; s’estan tornant a vectoritzar les files.",
    opened_with_vectors: "Obert des de {from}: els fitxers i la plantilla acceptada, amb els vectors de les files (no cal vectoritzar).",
    opened_again: "Obert des de {from}: els fitxers i la plantilla acceptada; s’estan tornant a vectoritzar les files.",
    keep_failed: "No s’ha pogut desar el conjunt de dades en aquest navegador ({error}). Exporta’l per conservar-lo.",
    publish_heading: "Publica a l’edge",
    publish_hint: "Comparteix el conjunt de dades preparat com a col·lecció: així els visitants del portal li fan preguntes amb el widget sense tornar-lo a vectoritzar.",
    collection_id: "Identificador de la col·lecció",
    title: "Títol",
    publish_token: "Token de publicació",
    publish: "Publica",
    not_embedded_yet: "Les files encara no estan vectoritzades: publica quan acabi la vectorització.",
    enter_token: "Introdueix el token de publicació que t’ha donat qui administra l’edge.",
    building_collection: "S’està construint la col·lecció…",
    uploading: "S’està pujant: {sent} de {total} ({percent} %)",
    published: "Publicada «{id}»: {passages} frases de {tables} taula(es). Qui visiti una pàgina amb aquest fragment hi pot fer preguntes sense vectoritzar res:",

    edit_summary: "Edita com es llegeixen les taules: noms, sinònims, traduccions, transposició, unions",
    type_of: "Tipus de {column}",
    name_shown_for: "Nom mostrat per a {column}",
    synonyms_for: "Sinònims de {column}",
    translations_of: "Traduccions de {column}",
    synonyms_placeholder: "sou, paga",
    translations_placeholder: "es=salario, en=salary",
    transpose_label: " Les capçaleres són a la primera columna (llegeix la taula transposada)",
    col_name_shown: "Nom mostrat",
    col_synonyms: "Sinònims",
    col_translations: "Traduccions",
    join_these: "Uneix aquestes taules",
    row_is_called: "Una fila es diu",
    row_aliases_placeholder: "dies, funcionaris",
    composed_label: "Camps compostos (un per línia: nom = part + part)",
    groups_label: "Grups de camps (un per línia: nom: membre, membre; el primer és el predeterminat)",
    apply: "Aplica",
    apply_hint: " En aplicar, es tornen a llegir els fitxers; després accepta la plantilla.",
};

pub const DE: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Sprache (Language)",
    tagline: "Stellen Sie Fragen an Ihre Forschungstabellen. Die Dateien bleiben in Ihrem Browser, außer Sie wählen einen Edge und handeln (siehe Edge-Adresse).",
    opening_kept: "Der in diesem Browser gespeicherte Datensatz wird geöffnet…",
    reading_files: "Dateien werden gelesen…",
    preparing: "Die Tabellen werden für Fragen vorbereitet…",

    upload_tables: "Tabellen hochladen",
    drop_hint: "oder CSV-, TSV-, JSON-, JSON-Lines-, Excel- oder Word-Dateien hier ablegen",

    errors: "Fehler",
    warnings: "Warnungen",
    tables_loaded: "{n} Tabelle(n) geladen",
    possible_joins: "Mögliche Verknüpfungen",
    table_rows: "{rows} Zeilen",
    read_transposed: "transponiert gelesen (Überschriften in der ersten Spalte)",
    col_column: "Spalte",
    col_type: "Typ",
    col_categorical: "Kategorial",
    col_distinct: "Verschiedene",
    col_missing: "Fehlend",
    col_examples: "Beispiele",
    yes: "ja",
    no: "nein",
    ty_integer: "Ganzzahl",
    ty_decimal: "Dezimalzahl",
    ty_date: "Datum",
    ty_datetime: "Datum und Uhrzeit",
    ty_boolean: "Wahrheitswert",
    ty_identifier: "Kennung",
    ty_text: "Text",
    nested_list: "Liste",
    nested_list_of_objects: "Liste von Objekten",
    nested_object: "Objekt",

    template_heading: "Vorlage",
    template_hint: "Jede Zeile wird als diese Sätze gelesen; {{Name}} ist der Wert einer Spalte. Bearbeiten Sie den Text, prüfen Sie die Vorschau und übernehmen Sie ihn.",
    accept_template: "Vorlage übernehmen",
    template_accepted: "Übernommen: Stellen Sie unten Ihre Fragen.",
    template_for: "Vorlage für {name}",
    template_error: "Fehler in der Vorlage: {error}",
    preview_title: "Vorschau: die ersten {n} Zeilen",
    preview_stale: " (des letzten fehlerfreien Textes)",

    ask: "Fragen",
    question: "Frage",
    question_placeholder: "Wie viele Zeilen haben …? Was ist der Durchschnitt von …?",
    working: "Wird gesucht…",
    sql: "SQL",
    choose_one: "Eine Option wählen",
    ranked_hybrid: "Zeilen nach Bedeutung und Wörtern sortiert (hybride Suche).",
    ranked_words: "Zeilen nach Wörtern sortiert (BM25); die Suche nach Bedeutung ist noch nicht bereit.",
    ranked_words_because: "Zeilen nach Wörtern sortiert (BM25): die Frage konnte nicht eingebettet werden ({error}).",
    show_row: "Zeile {row} von {file} zeigen",
    rows_of_file: "Zeilen von {file}:",
    row_n: "Zeile {row}",
    passage_score: "Wert {score}",
    passage_source: "{table} · Spalten: {columns}",
    top_k: "Abzurufende Zeilen",
    clear_history: "Verlauf löschen",
    history_cleared: "Die Fragen und Antworten wurden gelöscht.",
    approximate: "Ungefähr",
    approximate_hint: "Ein Sprachmodell hat dieses SQL geschrieben: es wurde geprüft, dass es nur liest, aber prüfen Sie, ob es fragt, was Sie meinten.",
    helpful: "Hilfreich",
    unhelpful: "Nicht hilfreich",
    vote_saved: "Danke, in diesem Browser gespeichert.",
    vote_sent: "Danke, in diesem Browser gespeichert und an den Edge-Server gesendet (Sammlung {id}).",
    vote_not_sent: "In diesem Browser gespeichert; der Edge-Server hat es nicht angenommen: {error}",
    chart_label: "{title}: {y} nach {x}",
    chart_first: " (erste {n} von {total})",

    data_heading: "Daten: {table}",
    data_meta: "{file} · Zeilen {from}–{to} von {total}",
    rows_of_table: "Zeilen von {table}",
    row: "Zeile",

    search_by_meaning: "Suche nach Bedeutung",
    rows_embedded: "Eingebettete Zeilen",
    cancel: "Abbrechen",
    embed_again: "Erneut einbetten",
    embed_failed: "Einbetten fehlgeschlagen: {error}. Fragen funktionieren weiterhin; die Suche sortiert Zeilen nur nach Wörtern (BM25).",
    embedding_on: "Einbetten auf: {device}",
    embedding_on_fallback: "Einbetten auf: {device}. WebGPU nicht verwendet: {why}",
    embedding_on_asked: "Einbetten auf: {device}, wie gewünscht",
    loading_model: "Das Einbettungsmodell wird geladen ({model})…",
    loading_model_files: "Das Einbettungsmodell wird geladen ({model}): {files}…",
    embedding_rows: "Zeilen werden eingebettet: {done} von {total} ({percent} %)",
    rate_left: "{rate} Zeilen/s · noch etwa {left}",
    ready_embedded: "Bereit: {count} Zeilen in {time} eingebettet ({rate} Zeilen/s, {workers}). Nicht exakte Fragen werden nach Bedeutung und Wörtern sortiert.",
    ready_cached: "Bereit: {count} Zeilen ({cached} Vektoren aus dem Cache dieses Browsers, {embedded} in {time} eingebettet). Nicht exakte Fragen werden nach Bedeutung und Wörtern sortiert.",
    vectors_made_from: "Die Vektoren entstehen aus {columns}.",
    vectors_left_out: "Wörtern und exakten Antworten überlassen: {columns} (Messwerte).",
    vectors_from_passages: "Keine Spalte benennt oder beschreibt die Zeilen: eingebettet wird der Anfang der Sätze jeder Zeile.",
    ready_restored: "Bereit: Vektoren von {count} Zeilen wiederhergestellt (zuvor auf {device} eingebettet). Nicht exakte Fragen werden nach Bedeutung und Wörtern sortiert.",
    cancelled: "Abgebrochen nach {done} von {total} Zeilen. Die Suche sortiert Zeilen nur nach Wörtern (BM25).",
    one_worker: "1 Worker",
    workers: "{n} Worker parallel",

    kept_dataset_name: "der in diesem Browser gespeicherte Datensatz",
    this_browser: "dieser Browser",
    nothing_loaded: "es ist nichts geladen",
    prepare_failed: "Die Tabellen konnten nicht für Fragen vorbereitet werden: {error}",
    kept_template_unfit: "{from}: Die gespeicherte Vorlage passt nicht mehr zu den Tabellen ({error})",
    kept_vectors_unusable: "{from}: Die gespeicherten Vektoren konnten nicht verwendet werden ({error}); es wird erneut eingebettet",
    forget_failed: "Der Browser konnte den gespeicherten Datensatz nicht vergessen: {error}",
    file_too_large: "{name}: {size} MB sind mehr, als diese Browser-App liest ({max} MB pro Datei). Teilen Sie die Datei auf oder verwenden Sie die Kommandozeile `tabletalk`, die Dateien jeder Größe stückweise liest.",
    file_unreadable: "{name}: Der Browser konnte die Datei nicht lesen ({error})",
    save_failed: "Der Browser konnte {name} nicht speichern ({error})",
    no_private_storage: "Dieser Browser bietet keinen privaten Speicher ({error})",

    embedder_stopped: "das Einbetten wurde angehalten",
    worker_could_not_start: "der Einbettungs-Worker konnte nicht starten: {error}",
    worker_stopped: "der Einbettungs-Worker wurde beendet: {error}",
    worker_unreachable: "der Einbettungs-Worker war nicht erreichbar: {error}",
    worker_unreadable: "der Einbettungs-Worker hat etwas Unlesbares gesendet: {error}",
    worker_vectors_without_data: "der Einbettungs-Worker hat {count} Vektoren ohne ihre Daten mit je {dim} Werten gesendet",
    workers_disagree: "die Worker sind sich über die Dimension des Modells uneinig ({a} und {b})",
    nothing_to_embed: "nichts einzubetten",
    vectors_for_rows: "{vectors} Vektoren mit {dim} Zahlen für {rows} Zeilen",
    row_of_file_error: "Zeile {row} von {file}: {error}",

    edge_address: "Edge-Adresse",
    use_edge: "Diesen Edge verwenden",
    stop_using_edge: "Nicht mehr verwenden",
    edge_sends: "Daten verlassen diese Seite nur zu {edge}, und nur wenn Sie handeln: „Mit dem LLM verfeinern“ sendet die Spaltennamen, Typen und die erste Zeile jeder Tabelle; „Veröffentlichen“ sendet die Tabellen, ihre Sätze und Vektoren; eine Frage, die die Seite nicht selbst beantworten kann, sendet die Frage mit bis zu 20 gefundenen Zeilen oder die Spaltennamen mit bis zu fünf Beispielwerten (für SQL); eine Bewertung einer veröffentlichten Antwort sendet die Frage, die Antwort und ihre Zeilennummern.",
    edge_not_chosen: "Kein Edge in Verwendung: Nichts verlässt diese Seite. Geben Sie eine Adresse ein und klicken Sie auf „Diesen Edge verwenden“, um Daten dorthin zu senden.",
    edge_draft_not_used: "„{address}“ ist nicht in Verwendung: Nichts wird dorthin gesendet, bis Sie auf „Diesen Edge verwenden“ klicken.",
    no_edge_address: "Kein Edge in Verwendung: Geben Sie die Adresse des Tabletalk-Edge-Servers ein (zum Beispiel http://127.0.0.1:8787) und klicken Sie auf „Diesen Edge verwenden“.",
    edge_address_scheme: "Die Edge-Adresse „{address}“ muss mit http:// oder https:// beginnen.",
    edge_unreachable: "Der Edge-Server unter {address} ist nicht erreichbar ({error}). Prüfen Sie, ob er läuft und den Ursprung dieser Seite zulässt (ALLOWED_ORIGINS).",
    edge_unexpected: "{what}: Die Antwort des Edge-Servers ist nicht das, was diese App erwartet ({error}).",
    edge_answered: "{what}: Der Edge-Server antwortete mit {status}: {message}",
    refining_template_of: "Verfeinern der Vorlage von {table}",
    publishing_id: "Veröffentlichen von {id}",
    vectors_mismatch: "Die Vektoren der Zeilen passen nicht zu den Sätzen; warten Sie, bis das Einbetten abgeschlossen ist.",
    sending_vote_to: "Senden der Bewertung an {id}",
    asking_the_model: "Anfrage an das Sprachmodell",
    writing_sql: "Anfrage an das Sprachmodell nach SQL",
    model_failed: "Das Sprachmodell konnte nicht antworten ({error}); stattdessen werden die passendsten Zeilen gezeigt.",
    sql_failed: "Keine Regel berechnet diese Frage, und das SQL eines Sprachmodells war nicht verwendbar ({error}).",
    passages_read: "Zeilen, die das Sprachmodell gelesen hat",
    unsupported: "Keine Zeile sagt das; bitte prüfen.",
    generated_by: "Von einem Sprachmodell aus den Zeilen unten geschrieben; jeder Satz nennt die Zeilen, die ihn belegen.",
    no_local_storage: "dieser Browser hat keinen localStorage",

    refine_llm: "Mit dem LLM verfeinern",
    refine_asking: "Das LLM wird um natürliche Sätze gebeten…",
    refine_fell_back: "{table}: Die Sätze des LLM haben nicht jeden Wert bewahrt, daher bleibt die statische Vorlage.",
    refine_rewrote: "{table}: Das LLM hat {refined} von {asked} Sätzen umgeschrieben; prüfen Sie die Vorschau, bearbeiten Sie den Text bei Bedarf und übernehmen Sie ihn.",

    keep_heading: "Speichern und exportieren",
    export_dataset: "Datensatz exportieren",
    export_jsonl: "Sätze exportieren (JSONL)",
    export_csv: "Sätze exportieren (CSV)",
    forget_dataset: "Diesen Datensatz vergessen",
    export_hint: "Eine exportierte .tabletalk-Datei öffnet sich hier wieder über „Tabellen hochladen“, samt Vektoren.",
    accept_template_first: "Übernehmen Sie zuerst eine Vorlage.",
    keeping: "Der Datensatz wird in diesem Browser gespeichert…",
    kept_with_vectors: "In diesem Browser gespeichert ({size}): die Dateien, die Vorlage und die Vektoren der Zeilen. Beim Neuladen der Seite öffnet er sich so, wie er ist.",
    kept_without_vectors: "In diesem Browser gespeichert ({size}): die Dateien, die Vorlage; die Vektoren kommen hinzu, sobald das Einbetten fertig ist. Beim Neuladen der Seite öffnet er sich so, wie er ist.",
    opened_here_with_vectors: "Aus diesem Browser geöffnet: die Dateien und die übernommene Vorlage, mit den Vektoren der Zeilen (kein Einbetten nötig).",
    opened_here_again: "Aus diesem Browser geöffnet: die Dateien und die übernommene Vorlage; die Zeilen werden erneut eingebettet.",
    opened_with_vectors: "Aus {from} geöffnet: die Dateien und die übernommene Vorlage, mit den Vektoren der Zeilen (kein Einbetten nötig).",
    opened_again: "Aus {from} geöffnet: die Dateien und die übernommene Vorlage; die Zeilen werden erneut eingebettet.",
    keep_failed: "Der Datensatz konnte nicht in diesem Browser gespeichert werden ({error}). Exportieren Sie ihn, um ihn zu behalten.",
    publish_heading: "Auf dem Edge-Server veröffentlichen",
    publish_hint: "Teilen Sie den vorbereiteten Datensatz als Sammlung: Besucher des Portals stellen ihm dann über das Widget Fragen, ohne ihn erneut einzubetten.",
    collection_id: "Sammlungs-ID",
    title: "Titel",
    publish_token: "Veröffentlichungs-Token",
    publish: "Veröffentlichen",
    not_embedded_yet: "Die Zeilen sind noch nicht eingebettet: Veröffentlichen Sie, wenn das Einbetten abgeschlossen ist.",
    enter_token: "Geben Sie das Veröffentlichungs-Token ein, das Sie vom Betreiber des Edge-Servers erhalten haben.",
    building_collection: "Die Sammlung wird erstellt…",
    uploading: "Hochladen: {sent} von {total} ({percent} %)",
    published: "„{id}“ veröffentlicht: {passages} Sätze aus {tables} Tabelle(n). Besucher einer Seite mit diesem Snippet können Fragen stellen, ohne etwas einzubetten:",

    edit_summary: "Bearbeiten, wie die Tabellen gelesen werden: Namen, Synonyme, Übersetzungen, Transponieren, Verknüpfungen",
    type_of: "Typ von {column}",
    name_shown_for: "Angezeigter Name für {column}",
    synonyms_for: "Synonyme für {column}",
    translations_of: "Übersetzungen von {column}",
    synonyms_placeholder: "Lohn, Verdienst",
    translations_placeholder: "en=salary, es=salario",
    transpose_label: " Die Überschriften stehen in der ersten Spalte (Tabelle transponiert lesen)",
    col_name_shown: "Angezeigter Name",
    col_synonyms: "Synonyme",
    col_translations: "Übersetzungen",
    join_these: "Diese Tabellen verknüpfen",
    row_is_called: "Eine Zeile heißt",
    row_aliases_placeholder: "Tage, Beamte",
    composed_label: "Zusammengesetzte Felder (eines pro Zeile: Name = Teil + Teil)",
    groups_label: "Feldgruppen (eine pro Zeile: Name: Mitglied, Mitglied; das erste ist der Standard)",
    apply: "Anwenden",
    apply_hint: " Beim Anwenden werden die Dateien erneut gelesen; übernehmen Sie danach die Vorlage.",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_url_then_remembered_then_browser_then_english() {
        assert_eq!(Lang::choose(Some("es"), Some("de"), Some("ca-ES")), Lang::Es);
        assert_eq!(Lang::choose(Some("fr"), Some("de"), Some("ca-ES")), Lang::De);
        assert_eq!(Lang::choose(None, None, Some("ca-ES")), Lang::Ca);
        assert_eq!(Lang::choose(None, None, Some("DE_at")), Lang::De);
        assert_eq!(Lang::choose(None, None, Some("fr-FR")), Lang::En);
        assert_eq!(Lang::choose(None, None, None), Lang::En);
        assert_eq!(Lang::from_tag("cat"), None);
        assert_eq!(Lang::from_tag(""), None);
        for l in Lang::ALL {
            assert_eq!(Lang::from_tag(l.code()), Some(l));
        }
    }

    #[test]
    fn fill_replaces_known_placeholders_once() {
        assert_eq!(fill("Show row {row} of {file}", &[("row", &7), ("file", &"a.csv")]), "Show row 7 of a.csv");
        // A value holding a placeholder or markup stays as it is.
        assert_eq!(fill("{a} {b}", &[("a", &"{b}"), ("b", &"<b>x</b>")]), "{b} <b>x</b>");
        // Unknown and unclosed placeholders are kept; so is the template's {{Name}}.
        assert_eq!(fill("{x} {{Name}} {", &[]), "{x} {{Name}} {");
        assert_eq!(fill("Ready: {count} rows", &[("count", &"1,234")]), "Ready: 1,234 rows");
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(thousands(&EN, 1_234_567), "1,234,567");
        assert_eq!(thousands(&DE, 1_234), "1.234");
        assert_eq!(thousands(&ES, 999), "999");
        assert_eq!(decimal(&CA, "1.5"), "1,5");
        assert_eq!(decimal(&EN, "1.5"), "1.5");
    }

    #[test]
    fn every_language_has_the_same_placeholders() {
        fn holes(s: &str) -> Vec<&str> {
            let mut v: Vec<&str> = s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(n, _)| n)).collect();
            v.sort();
            v
        }
        for l in [&ES, &CA, &DE] {
            for (en, other) in [
                (EN.tables_loaded, l.tables_loaded),
                (EN.table_rows, l.table_rows),
                (EN.template_for, l.template_for),
                (EN.template_error, l.template_error),
                (EN.preview_title, l.preview_title),
                (EN.template_hint, l.template_hint),
                (EN.ranked_words_because, l.ranked_words_because),
                (EN.show_row, l.show_row),
                (EN.rows_of_file, l.rows_of_file),
                (EN.row_n, l.row_n),
                (EN.passage_score, l.passage_score),
                (EN.passage_source, l.passage_source),
                (EN.vote_sent, l.vote_sent),
                (EN.vote_not_sent, l.vote_not_sent),
                (EN.model_failed, l.model_failed),
                (EN.sql_failed, l.sql_failed),
                (EN.chart_label, l.chart_label),
                (EN.chart_first, l.chart_first),
                (EN.data_heading, l.data_heading),
                (EN.data_meta, l.data_meta),
                (EN.rows_of_table, l.rows_of_table),
                (EN.embed_failed, l.embed_failed),
                (EN.embedding_on, l.embedding_on),
                (EN.embedding_on_fallback, l.embedding_on_fallback),
                (EN.embedding_on_asked, l.embedding_on_asked),
                (EN.loading_model, l.loading_model),
                (EN.loading_model_files, l.loading_model_files),
                (EN.embedding_rows, l.embedding_rows),
                (EN.rate_left, l.rate_left),
                (EN.ready_embedded, l.ready_embedded),
                (EN.ready_restored, l.ready_restored),
                (EN.cancelled, l.cancelled),
                (EN.workers, l.workers),
                (EN.prepare_failed, l.prepare_failed),
                (EN.kept_template_unfit, l.kept_template_unfit),
                (EN.kept_vectors_unusable, l.kept_vectors_unusable),
                (EN.forget_failed, l.forget_failed),
                (EN.file_too_large, l.file_too_large),
                (EN.file_unreadable, l.file_unreadable),
                (EN.save_failed, l.save_failed),
                (EN.no_private_storage, l.no_private_storage),
                (EN.worker_could_not_start, l.worker_could_not_start),
                (EN.worker_stopped, l.worker_stopped),
                (EN.worker_unreachable, l.worker_unreachable),
                (EN.worker_unreadable, l.worker_unreadable),
                (EN.worker_vectors_without_data, l.worker_vectors_without_data),
                (EN.workers_disagree, l.workers_disagree),
                (EN.vectors_for_rows, l.vectors_for_rows),
                (EN.row_of_file_error, l.row_of_file_error),
                (EN.edge_address_scheme, l.edge_address_scheme),
                (EN.edge_sends, l.edge_sends),
                (EN.edge_draft_not_used, l.edge_draft_not_used),
                (EN.edge_unreachable, l.edge_unreachable),
                (EN.edge_unexpected, l.edge_unexpected),
                (EN.edge_answered, l.edge_answered),
                (EN.refining_template_of, l.refining_template_of),
                (EN.publishing_id, l.publishing_id),
                (EN.sending_vote_to, l.sending_vote_to),
                (EN.refine_fell_back, l.refine_fell_back),
                (EN.refine_rewrote, l.refine_rewrote),
                (EN.kept_with_vectors, l.kept_with_vectors),
                (EN.kept_without_vectors, l.kept_without_vectors),
                (EN.opened_with_vectors, l.opened_with_vectors),
                (EN.opened_again, l.opened_again),
                (EN.keep_failed, l.keep_failed),
                (EN.uploading, l.uploading),
                (EN.published, l.published),
                (EN.type_of, l.type_of),
                (EN.name_shown_for, l.name_shown_for),
                (EN.synonyms_for, l.synonyms_for),
                (EN.translations_of, l.translations_of),
            ] {
                assert_eq!(holes(en), holes(other), "{en} / {other}");
            }
        }
    }

    #[test]
    fn english_contracts() {
        assert_eq!(EN.upload_tables, "Upload tables");
        assert_eq!(EN.accept_template, "Accept template");
        assert_eq!(EN.question, "Question");
        assert_eq!(EN.helpful, "Helpful");
        assert_eq!(EN.clear_history, "Clear history");
        assert_eq!(EN.ask, "Ask");
        assert_eq!(EN.refine_llm, "Refine with the LLM");
        assert_eq!(EN.publish, "Publish");
        assert_eq!(EN.publish_token, "Publish token");
        assert_eq!(EN.edge_address, "Edge address");
        assert_eq!(EN.use_edge, "Use this edge");
        assert_eq!(fill(EN.type_of, &[("column", &"wind")]), "Type of wind");
    }
}
