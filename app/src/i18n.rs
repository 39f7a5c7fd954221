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
        [url, remembered, browser]
            .into_iter()
            .flatten()
            .find_map(Lang::from_tag)
            .unwrap_or(Lang::En)
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
        let value = after
            .find('}')
            .and_then(|close| values.iter().find(|(k, _)| *k == &after[..close]).map(|(_, v)| (close, v)));
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
        if i > 0 && (s.len() - i) % 3 == 0 {
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
    use_context::<LangContext>()
        .map(|c| c.0)
        .unwrap_or_else(|| RwSignal::new(CURRENT.with(Cell::get)))
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
pub fn tr<T: 'static>(
    make: impl Fn(&'static Texts) -> T + Send + Sync + 'static,
) -> impl Fn() -> T + Send + Sync + 'static {
    let lang = use_lang();
    move || make(lang.get().texts())
}

/// The texts of the language set last, untracked: for code with no component around it (a
/// `Session` method, a spawned task). Inside components prefer [`t`]/[`tr`]/[`use_lang`].
#[allow(dead_code)] // API for the components not moved over yet
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
    /// `{done}`, `{total}`
    pub cancelled: &'static str,
    pub one_worker: &'static str,
    /// `{n}`
    pub workers: &'static str,
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
    tagline: "Ask questions of your research tables. Files stay in your browser.",
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
    ready_restored: "Ready: {count} rows' vectors restored (embedded earlier on {device}). Questions that are not exact are ranked by meaning and words.",
    cancelled: "Cancelled after {done} of {total} rows. Retrieval ranks rows by words (BM25) only.",
    one_worker: "1 worker",
    workers: "{n} workers in parallel",
};

pub const ES: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Idioma (Language)",
    tagline: "Haz preguntas a tus tablas de investigación. Los archivos se quedan en tu navegador.",
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
    ready_restored: "Listo: vectores de {count} filas restaurados (vectorizados antes en {device}). Las preguntas que no son exactas se ordenan por significado y palabras.",
    cancelled: "Cancelado tras {done} de {total} filas. La recuperación ordena las filas solo por palabras (BM25).",
    one_worker: "1 proceso",
    workers: "{n} procesos en paralelo",
};

pub const CA: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Idioma (Language)",
    tagline: "Fes preguntes a les teves taules de recerca. Els fitxers es queden al teu navegador.",
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
    ready_restored: "Llest: vectors de {count} files restaurats (vectoritzats abans a {device}). Les preguntes que no són exactes s’ordenen per significat i paraules.",
    cancelled: "Cancel·lat després de {done} de {total} files. La recuperació ordena les files només per paraules (BM25).",
    one_worker: "1 procés",
    workers: "{n} processos en paral·lel",
};

pub const DE: Texts = Texts {
    thousands: ".",
    decimal: ",",

    language: "Sprache (Language)",
    tagline: "Stellen Sie Fragen an Ihre Forschungstabellen. Die Dateien bleiben in Ihrem Browser.",
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
    ready_restored: "Bereit: Vektoren von {count} Zeilen wiederhergestellt (zuvor auf {device} eingebettet). Nicht exakte Fragen werden nach Bedeutung und Wörtern sortiert.",
    cancelled: "Abgebrochen nach {done} von {total} Zeilen. Die Suche sortiert Zeilen nur nach Wörtern (BM25).",
    one_worker: "1 Worker",
    workers: "{n} Worker parallel",
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
        assert_eq!(EN.ask, "Ask");
    }
}
